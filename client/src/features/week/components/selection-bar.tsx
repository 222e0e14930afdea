import { FileArchive, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The floating bar while rows are selected: remind their authors, download their reports as one
 * zip (only reports can be downloaded, so not for pending people), clear the selection.
 */
export function SelectionBar({
  count,
  remindButton,
  submissionIds,
  onClear,
}: {
  count: number;
  /** 'Recordar' for the selection's authors; the screen takes it from the reminders. */
  remindButton: ReactNode;
  /**
   * The selected reports the viewer may download; null (or none) when the selection is of pending
   * people or of others' drafts, which have nothing to download.
   */
  submissionIds: readonly string[] | null;
  onClear: () => void;
}) {
  return (
    <div
      role="region"
      aria-label="Acciones de la selección"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-2xl flex-wrap items-center gap-2 rounded-xl border bg-card p-3 shadow-lg"
    >
      <p className="mr-auto text-sm font-medium" aria-live="polite">
        {count === 1 ? '1 seleccionado' : `${count} seleccionados`}
      </p>
      {remindButton}
      {submissionIds?.length ? (
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
