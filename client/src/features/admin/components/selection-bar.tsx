import { Bell, FileArchive, LoaderCircle, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { defaultReminderTo, useSendReminders } from '../api/send-reminders';

/**
 * The floating bar while rows are selected: remind their authors, download their reports as one
 * zip (only reports can be downloaded, so not for pending people), clear the selection.
 */
export function SelectionBar({
  count,
  userIds,
  submissionIds,
  weekStart,
  onClear,
}: {
  count: number;
  userIds: readonly string[];
  /** Null when the selection is of pending people, who have no report to download. */
  submissionIds: readonly string[] | null;
  weekStart: string;
  onClear: () => void;
}) {
  const send = useSendReminders();
  return (
    <div
      role="region"
      aria-label="Acciones de la selección"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-2xl flex-wrap items-center gap-2 rounded-xl border bg-card p-3 shadow-lg"
    >
      <p className="mr-auto text-sm font-medium" aria-live="polite">
        {count === 1 ? '1 seleccionado' : `${count} seleccionados`}
      </p>
      <Button
        size="sm"
        disabled={send.isPending || userIds.length === 0}
        onClick={() => send.mutate(defaultReminderTo(userIds, weekStart))}
      >
        {send.isPending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <Bell aria-hidden="true" />
        )}
        Recordar
      </Button>
      {submissionIds ? (
        <Button asChild size="sm" variant="outline">
          <a
            href={`/api/appa/export/zip?ids=${submissionIds.map(encodeURIComponent).join(',')}`}
            download
          >
            <FileArchive aria-hidden="true" />
            Descargar todo
          </a>
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={onClear}>
        <X aria-hidden="true" />
        Limpiar selección
      </Button>
    </div>
  );
}
