import type { ReportFileInput, UploadLimits } from '@common/schemas/report';
import { LoaderCircle, Paperclip, X } from 'lucide-react';
import { useEffect, useId } from 'react';
import { FileRow } from '@/components/file-row';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatKilobytes } from '@/lib/format';
import { useUploader } from '../hooks/use-uploader';

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * The report's attachments: 'Seleccionar archivos' opens the upload dialog; below, the files the
 * report will carry. Nothing is linked until the draft is saved or the report sent.
 */
export function AttachmentsField({
  limits,
  files,
  onAdd,
  onRemove,
  onBusyChange,
  disabled,
  error,
}: {
  limits: UploadLimits;
  files: readonly ReportFileInput[];
  onAdd: (files: ReportFileInput[]) => void;
  onRemove: (objectKey: string) => void;
  /** Whether an upload is under way (or paused): the report cannot be saved meanwhile. */
  onBusyChange: (busy: boolean) => void;
  disabled: boolean;
  error?: string;
}) {
  const id = useId();
  const remaining = limits.maxFiles - files.length;
  const uploader = useUploader({
    limits,
    remaining,
    onUploaded: (uploaded) => {
      onAdd(uploaded);
      toast({
        title: 'Archivos subidos',
        description: `${uploaded.length} archivo(s) subido(s) exitosamente`,
      });
    },
  });

  const { busy } = uploader;
  useEffect(() => {
    onBusyChange(busy);
  }, [busy, onBusyChange]);

  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-hint`}
      className="grid grid-cols-1 gap-3"
    >
      <div>
        <h3 id={`${id}-title`} className="text-sm leading-none font-medium">
          Archivos adjuntos
        </h3>
        <p id={`${id}-hint`} className="mt-2 text-xs text-muted-foreground">
          Opcional. Hasta {limits.maxFiles} archivos de {megabytes(limits.maxFileBytes)} MB como
          máximo cada uno.
        </p>
      </div>

      {remaining > 0 ? (
        <div>
          <Button
            type="button"
            variant="outline"
            onClick={uploader.open}
            onPointerEnter={uploader.prefetch}
            onFocus={uploader.prefetch}
            disabled={disabled || uploader.opening}
            className="w-full sm:w-auto"
          >
            {uploader.opening ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Paperclip aria-hidden="true" />
            )}
            Seleccionar archivos
          </Button>
        </div>
      ) : null}

      {uploader.failed ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          No se pudo cargar el selector de archivos. Revisa tu conexión e inténtalo de nuevo.
        </p>
      ) : null}
      {uploader.busy ? (
        <p role="status" className="text-sm text-muted-foreground">
          Subiendo archivos... Podrás guardar tu APPA cuando terminen.
        </p>
      ) : null}

      {files.length > 0 ? (
        <ul aria-label="Archivos seleccionados" className="grid grid-cols-1 gap-2">
          {files.map((file) => (
            <FileRow
              key={file.objectKey}
              fileName={file.fileName}
              size={formatKilobytes(file.sizeBytes)}
              action={
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Quitar ${file.fileName}`}
                  disabled={disabled}
                  onClick={() => onRemove(file.objectKey)}
                  className="text-muted-foreground hover:text-destructive"
                >
                  <X aria-hidden="true" />
                </Button>
              }
            />
          ))}
        </ul>
      ) : null}

      {error ? <p className="text-sm font-medium text-destructive">{error}</p> : null}
      {files.length > 0 ? (
        <p className="text-xs text-muted-foreground">
          Los archivos se guardan junto con tu APPA al guardar el borrador o al enviarlo.
        </p>
      ) : null}
    </div>
  );
}
