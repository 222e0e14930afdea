import type { SubmissionStatus } from '@common/roles';
import {
  KPI_NAME_MAX,
  REPORT_TEXT_MAX,
  type CurrentReport,
  type ReportFileInput,
  type SaveReportInput,
} from '@common/schemas/report';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, LoaderCircle, Save, Send } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { currentReportQueryKey } from '../api/get-current-report';
import { useSaveReport } from '../api/save-report';
import {
  formValuesFrom,
  previousPlansTitle,
  REPORT_SECTIONS,
  sendSummary,
  toSaveReportInput,
  validateReport,
  type ReportFormValues,
} from '../lib/report-form';
import { AttachmentsField } from './attachments-field';

/**
 * Before a report is sent for good: what goes with it and that it cannot be changed after. A
 * native modal dialog (focus kept inside, Escape cancels) costs the form no script of its own.
 */
function SendConfirmation({
  input,
  onConfirm,
  onCancel,
}: {
  input: SaveReportInput;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="send-confirmation-title"
      onCancel={onCancel}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border bg-card p-6 text-card-foreground shadow-lg backdrop:bg-black/50"
    >
      <h2 id="send-confirmation-title" className="text-lg font-semibold">
        ¿Enviar tu APPA?
      </h2>
      <ul className="mt-3 grid list-disc gap-1 pl-5 text-sm">
        {sendSummary(input).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm font-medium">Una vez enviado, tu APPA ya no se puede modificar.</p>
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Volver a editar
        </Button>
        <Button type="button" onClick={onConfirm}>
          <Send aria-hidden="true" />
          Sí, enviar APPA
        </Button>
      </div>
    </dialog>
  );
}

/** The toasts, by what the button asked for: saving a draft or sending the report. */
const MESSAGES = {
  BORRADOR: {
    success: {
      title: 'Borrador guardado',
      description: 'Tu APPA ha sido guardado como borrador. Cerrando sesión...',
    },
    failure: 'Error al guardar borrador',
    network: 'No se pudo guardar el borrador. Intenta nuevamente.',
  },
  ENVIADO: {
    success: {
      title: 'APPA enviado',
      description: 'Tu reporte ha sido enviado exitosamente. Cerrando sesión...',
    },
    failure: 'Error al enviar',
    network: 'No se pudo enviar el reporte. Intenta nuevamente.',
  },
} as const satisfies Record<SubmissionStatus, unknown>;

const PCT_INPUT = {
  type: 'number',
  inputMode: 'decimal',
  min: 0,
  max: 100,
  step: 0.01,
  placeholder: '0 – 100',
} as const;

/**
 * The draft or new report of the author's current week. `locked` once it has been saved: the
 * page is about to sign the person out.
 */
export function ReportForm({
  current,
  locked,
  onSaved,
}: {
  current: CurrentReport;
  locked: boolean;
  onSaved: (status: SubmissionStatus) => void;
}) {
  const queryClient = useQueryClient();
  const save = useSaveReport();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<ReportFormValues>({
    defaultValues: formValuesFrom(current.report, current.previous),
  });

  const [files, setFiles] = useState<ReportFileInput[]>(
    () =>
      current.report?.files.map(({ objectKey, fileName, sizeBytes }) => ({
        objectKey,
        fileName,
        sizeBytes,
      })) ?? [],
  );
  const [filesError, setFilesError] = useState<string>();
  // A valid report waiting for the author to confirm that it is sent.
  const [confirming, setConfirming] = useState<SaveReportInput | null>(null);
  const [uploading, setUploading] = useState(false);

  const addFiles = useCallback(
    (added: ReportFileInput[]) => setFiles((previous) => [...previous, ...added]),
    [],
  );
  const removeFile = useCallback(
    (objectKey: string) =>
      setFiles((previous) => previous.filter((file) => file.objectKey !== objectKey)),
    [],
  );

  const busy = save.isPending || locked || uploading;
  // "Permitir envíos tardíos" off and the deadline gone: the server would refuse the send.
  const sendClosed = current.deadline.passed && !current.deadline.lateAllowed;
  const pendingStatus = save.isPending ? save.variables.status : null;

  const submit = (status: SubmissionStatus) =>
    handleSubmit((values) => {
      clearErrors();
      setFilesError(undefined);
      const input = toSaveReportInput(values, status, files);
      const validation = validateReport(input);
      if (!validation.ok) {
        validation.fieldErrors.forEach(({ field, message }, index) =>
          setError(field, { type: 'validate', message }, { shouldFocus: index === 0 }),
        );
        setFilesError(validation.otherErrors[0]);
        return;
      }

      if (status === 'ENVIADO') setConfirming(input);
      else persist(input);
    });

  const persist = (input: SaveReportInput) => {
    const messages = MESSAGES[input.status];
    save.mutate(input, {
      onSuccess: () => {
        toast(messages.success);
        onSaved(input.status);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.isNetworkError) {
          toast({
            variant: 'destructive',
            title: 'Error de conexión',
            description: messages.network,
          });
          return;
        }
        toast({ variant: 'destructive', title: messages.failure, description: error.message });
        // Sent meanwhile (another tab, another device): show the sent report instead.
        if (error instanceof ApiError && error.status === 409) {
          void queryClient.invalidateQueries({ queryKey: currentReportQueryKey });
        }
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => event.preventDefault()}
      className="grid grid-cols-1 gap-6"
    >
      <fieldset disabled={locked} className="grid min-w-0 grid-cols-1 gap-6">
        <legend className="sr-only">Tu reporte semanal</legend>
        {current.previous?.planes.trim() ? (
          // Open while writing Avances: what was planned is what progress is measured against.
          <details open className="rounded-lg border bg-muted/30 p-4 text-sm">
            <summary className="cursor-pointer font-medium">
              {previousPlansTitle(current.previous.weekStart, current.weekStart)}
            </summary>
            <p className="mt-2 break-words whitespace-pre-wrap text-muted-foreground">
              {current.previous.planes}
            </p>
          </details>
        ) : null}
        {REPORT_SECTIONS.map(({ name, label, hint }) => (
          <FormField key={name} label={label} hint={hint} error={errors[name]?.message}>
            <Textarea rows={4} maxLength={REPORT_TEXT_MAX} {...register(name)} />
          </FormField>
        ))}

        <div className="grid gap-4 rounded-lg border bg-muted/30 p-4">
          <FormField
            label="KPIs y Métricas"
            hint="Opcional. El indicador que sigues esta semana y sus porcentajes."
            error={errors.kpiNombre?.message}
          >
            <Input maxLength={KPI_NAME_MAX} {...register('kpiNombre')} />
          </FormField>
          <div className="grid grid-cols-2 gap-4">
            <FormField
              label="Meta (%)"
              className="content-start"
              error={errors.kpiMetaPct?.message}
            >
              <Input {...PCT_INPUT} {...register('kpiMetaPct')} />
            </FormField>
            <FormField
              label="Logro (%)"
              className="content-start"
              error={errors.kpiLogroPct?.message}
            >
              <Input {...PCT_INPUT} {...register('kpiLogroPct')} />
            </FormField>
          </div>
        </div>

        <AttachmentsField
          limits={current.limits}
          files={files}
          onAdd={addFiles}
          onRemove={removeFile}
          onBusyChange={setUploading}
          disabled={busy}
          error={filesError}
        />
      </fieldset>

      <div className="grid gap-3 border-t pt-5">
        {sendClosed ? (
          <Alert variant="destructive" role="status">
            <Clock aria-hidden="true" />
            <AlertDescription>
              El plazo de envío de esta semana venció el {formatDateTime(current.deadline.at)} y no
              se aceptan envíos tardíos. Aún puedes guardar tu APPA como borrador.
            </AlertDescription>
          </Alert>
        ) : (
          <p className="text-sm text-muted-foreground">
            El borrador puedes seguir editándolo. Una vez enviado, tu APPA ya no se puede modificar.
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            size="lg"
            disabled={busy}
            onClick={() => void submit('BORRADOR')()}
          >
            {pendingStatus === 'BORRADOR' ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Save aria-hidden="true" />
            )}
            {pendingStatus === 'BORRADOR' ? 'Guardando...' : 'Guardar como Borrador'}
          </Button>
          <Button
            type="button"
            size="lg"
            disabled={busy || sendClosed}
            onClick={() => void submit('ENVIADO')()}
          >
            {pendingStatus === 'ENVIADO' ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Send aria-hidden="true" />
            )}
            {pendingStatus === 'ENVIADO' ? 'Enviando...' : 'Enviar APPA'}
          </Button>
        </div>
      </div>
      {confirming ? (
        <SendConfirmation
          input={confirming}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null);
            persist(confirming);
          }}
        />
      ) : null}
    </form>
  );
}
