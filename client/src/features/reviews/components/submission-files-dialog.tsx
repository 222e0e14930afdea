import type { ReportSummary } from '@common/schemas/panel';
import { Download } from 'lucide-react';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatKilobytes } from '@/lib/format';
import { FileRow } from '@/components/file-row';
import { fileDownloadUrl } from '@/lib/api/download-file';
import { useSubmissionFiles } from '../api/get-submission-files';
import { RetryAlert } from '@/components/retry-alert';

/** A refusal and a network failure read differently: the person can do something about the second. */
function filesErrorMessage(error: Error) {
  return error instanceof ApiError && error.isNetworkError
    ? 'Error al cargar los archivos'
    : `No se pudieron cargar los archivos. ${error.message}`;
}

/** An upload never has 0 bytes: a size of 0 (or none) is one the server does not know. */
const sizeText = (bytes: number) =>
  Number.isFinite(bytes) && bytes > 0 ? formatKilobytes(bytes) : 'Tamaño desconocido';

/** 'Archivos Adjuntos': one report's attachments, each downloadable. */
export function SubmissionFilesDialogBody({ submission }: { submission: ReportSummary }) {
  const files = useSubmissionFiles(submission.id);
  return (
    <>
      <DialogHeader>
        <DialogTitle>Archivos Adjuntos</DialogTitle>
        <DialogDescription>APPA de {submission.user.fullName}</DialogDescription>
      </DialogHeader>
      {files.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Cargando archivos" />
        </div>
      ) : files.isError ? (
        <RetryAlert message={filesErrorMessage(files.error)} onRetry={() => void files.refetch()} />
      ) : files.data.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">
          Este APPA no tiene archivos adjuntos.
        </p>
      ) : (
        <ul className="grid gap-2">
          {files.data.map((file) => (
            <FileRow
              key={file.id}
              fileName={file.fileName}
              size={sizeText(file.sizeBytes)}
              action={
                <a
                  href={fileDownloadUrl(file.id)}
                  download={file.fileName}
                  className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  aria-label={`Descargar ${file.fileName}`}
                >
                  <Download aria-hidden="true" className="size-4" />
                  Descargar
                </a>
              }
            />
          ))}
        </ul>
      )}
    </>
  );
}
