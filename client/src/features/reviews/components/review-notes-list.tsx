import type { ReviewNote } from '@common/schemas/panel';
import { formatDateTime } from '@common/date-format';
import { isEdited } from '../lib/review';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

/**
 * Every reviewer's notes on a report, oldest first: who wrote each and when, 'editado' once
 * changed. Each reviewer changes only their own, so none hides another's.
 */
export function ReviewNotesList({
  notes,
  label = 'Notas de revisión',
}: {
  notes: readonly ReviewNote[];
  label?: string;
}) {
  const timeZone = useOrganisationTimeZone();
  if (notes.length === 0) return null;
  return (
    <ul aria-label={label} className="grid gap-2">
      {notes.map((note) => (
        <li key={note.id} className="grid min-w-0 gap-0.5">
          <p className="text-sm">
            <span className="font-medium">{note.author?.fullName ?? 'Revisor desconocido'}</span>{' '}
            <span className="text-xs whitespace-nowrap opacity-80">
              {formatDateTime(note.createdAt, timeZone)}
              {isEdited(note) ? ' · editado' : ''}
            </span>
          </p>
          <p className="text-sm break-words whitespace-pre-wrap">{note.notes}</p>
        </li>
      ))}
    </ul>
  );
}
