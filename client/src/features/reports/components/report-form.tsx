import type { SubmissionStatus } from '@common/roles';
import {
  KPI_NAME_MAX,
  REPORT_TEXT_MAX,
  type CurrentReport,
  type ReportFileInput,
  type SaveReportInput,
} from '@common/schemas/report';
import type { User } from '@common/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, LoaderCircle, Save, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@common/date-format';
import { currentReportQueryKey } from '../api/get-current-report';
import { useSaveReport } from '../api/save-report';
import { serverSnapshot, useDraftAutosave } from '../hooks/use-draft-autosave';
import { useModal } from '../hooks/use-modal';
import type { FormSnapshot } from '../lib/local-copy';
import {
  previousPlansTitle,
  readFormValues,
  REPORT_SECTIONS,
  sendSummary,
  toSaveReportInput,
  validateReport,
  type ReportFormField,
} from '../lib/report-form';
import { AttachmentsField } from './attachments-field';
import { RecoveredNotice } from './recovered-notice';
import { SaveStatus } from './save-status';
import { SessionDialog } from './session-dialog';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

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
  const dialog = useModal();
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

// Text with a decimal keyboard, not type=number: a number box in an English browser reads
// "72,5" as 725 or as nothing; here both "72,5" and "72.5" are 72.5 (inputToPct).
const PCT_INPUT = {
  type: 'text',
  inputMode: 'decimal',
  autoComplete: 'off',
  placeholder: '0 – 100',
} as const;

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * The draft or new report of the author's current week. It saves itself a moment after typing
 * stops and keeps a copy in the browser until the server has it (use-draft-autosave.ts). An
 * ended session asks for the password and saves again. `locked` once it has been saved with the
 * button or sent: the page is about to sign the person out.
 */
export function ReportForm({
  current,
  user,
  locked,
  onSaved,
}: {
  current: CurrentReport;
  user: Pick<User, 'id' | 'username'>;
  locked: boolean;
  onSaved: (status: SubmissionStatus) => void;
}) {
  const queryClient = useQueryClient();
  const timeZone = useOrganisationTimeZone();
  const save = useSaveReport();
  const autosave = useSaveReport();
  const draft = useDraftAutosave({
    userId: user.id,
    current,
    saveDraft: ({ values, files }) =>
      autosave.mutateAsync(toSaveReportInput(values, 'BORRADOR', files)),
  });
  const form = useRef<HTMLFormElement>(null);
  // The fields are the browser's own (uncontrolled): what they start from, and a key that makes
  // them start again when recovered text is discarded.
  const [defaults, setDefaults] = useState(draft.initial.values);
  const [generation, setGeneration] = useState(0);
  const [files, setFiles] = useState<ReportFileInput[]>(() => [...draft.initial.files]);
  const [errors, setErrors] = useState<Partial<Record<ReportFormField, string>>>({});
  const [filesError, setFilesError] = useState<string>();
  // A valid report waiting for the author to confirm that it is sent.
  const [confirming, setConfirming] = useState<SaveReportInput | null>(null);
  const [uploading, setUploading] = useState(false);
  // Waiting for an autosave on its way before the button's save goes.
  const [waiting, setWaiting] = useState(false);

  // The session ended: the dialog opens with each new refusal, and 'Ingresar' opens it again.
  const [signingIn, setSigningIn] = useState(false);
  const sessionEnded = draft.state.status === 'session';
  const [wasEnded, setWasEnded] = useState(sessionEnded);
  if (sessionEnded !== wasEnded) {
    setWasEnded(sessionEnded);
    if (sessionEnded) setSigningIn(true);
  }
  // The button's save that met the ended session, made again once the person is back.
  const retryAfterSignIn = useRef<(() => void) | null>(null);

  // Sent meanwhile (another tab, another device): the page shows the sent report instead.
  const sentElsewhere = draft.state.status === 'sent';
  useEffect(() => {
    if (sentElsewhere) void queryClient.invalidateQueries({ queryKey: currentReportQueryKey });
  }, [sentElsewhere, queryClient]);

  const snapshot = (withFiles: readonly ReportFileInput[] = files): FormSnapshot => ({
    values: form.current ? readFormValues(form.current) : defaults,
    files: withFiles,
  });
  const changeFiles = (next: ReportFileInput[]) => {
    setFiles(next);
    draft.change(snapshot(next));
  };
  const addFiles = (added: ReportFileInput[]) => changeFiles([...files, ...added]);
  const removeFile = (objectKey: string) =>
    changeFiles(files.filter((file) => file.objectKey !== objectKey));

  const discardRecovered = () => {
    draft.discardRecovered();
    const server = serverSnapshot(current);
    setDefaults(server.values);
    setFiles([...server.files]);
    setGeneration((n) => n + 1);
  };

  const busy = save.isPending || waiting || locked || uploading;
  // "Permitir envíos tardíos" off and the deadline gone: the server would refuse the send.
  const sendClosed = current.deadline.passed && !current.deadline.lateAllowed;
  const pendingStatus = save.isPending ? save.variables.status : null;

  const submit = (status: SubmissionStatus) => {
    setErrors({});
    setFilesError(undefined);
    const { values } = snapshot();
    const input = toSaveReportInput(values, status, files);
    const validation = validateReport(input);
    if (!validation.ok) {
      setErrors(Object.fromEntries(validation.fieldErrors.map((e) => [e.field, e.message])));
      const first = validation.fieldErrors[0]?.field;
      const element = first ? form.current?.elements.namedItem(first) : null;
      if (element instanceof HTMLElement) element.focus();
      setFilesError(validation.otherErrors[0]);
      return;
    }

    if (status === 'ENVIADO') setConfirming(input);
    else void persist(input, { values, files });
  };

  const persist = async (input: SaveReportInput, saved: FormSnapshot) => {
    const messages = MESSAGES[input.status];
    // One save at a time: an autosave on its way lands first, and none starts meanwhile.
    setWaiting(true);
    await draft.autosaver.hold();
    setWaiting(false);
    save.mutate(input, {
      onSuccess: () => {
        draft.forget(saved);
        toast(messages.success);
        onSaved(input.status);
      },
      onError: (error) => {
        draft.autosaver.release();
        if (isUnauthorized(error)) {
          retryAfterSignIn.current = () => void persist(input, saved);
          setSigningIn(true);
          return;
        }
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

  const signedIn = () => {
    setSigningIn(false);
    draft.autosaver.resume();
    const retry = retryAfterSignIn.current;
    retryAfterSignIn.current = null;
    retry?.();
  };

  return (
    <>
      <form
        ref={form}
        noValidate
        onSubmit={(event) => event.preventDefault()}
        onChange={() => draft.change(snapshot())}
        className="grid grid-cols-1 gap-6"
      >
        {draft.recovered ? (
          <RecoveredNotice
            copy={draft.recovered}
            overNewer={draft.recoveredOverNewer}
            timeZone={timeZone}
            onKeep={draft.keepRecovered}
            onDiscard={discardRecovered}
          />
        ) : null}
        <fieldset key={generation} disabled={locked} className="grid min-w-0 grid-cols-1 gap-6">
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
            <FormField key={name} label={label} hint={hint} error={errors[name]}>
              <Textarea
                rows={4}
                maxLength={REPORT_TEXT_MAX}
                name={name}
                defaultValue={defaults[name]}
              />
            </FormField>
          ))}

          <div className="grid gap-4 rounded-lg border bg-muted/30 p-4">
            <FormField
              label="KPIs y Métricas"
              hint="Opcional. El indicador que sigues esta semana y sus porcentajes."
              error={errors.kpiNombre}
            >
              <Input maxLength={KPI_NAME_MAX} name="kpiNombre" defaultValue={defaults.kpiNombre} />
            </FormField>
            <div className="grid grid-cols-2 gap-4">
              <FormField label="Meta (%)" className="content-start" error={errors.kpiMetaPct}>
                <Input {...PCT_INPUT} name="kpiMetaPct" defaultValue={defaults.kpiMetaPct} />
              </FormField>
              <FormField label="Logro (%)" className="content-start" error={errors.kpiLogroPct}>
                <Input {...PCT_INPUT} name="kpiLogroPct" defaultValue={defaults.kpiLogroPct} />
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
                El plazo de envío de esta semana venció el{' '}
                {formatDateTime(current.deadline.at, timeZone)} y no se aceptan envíos tardíos. Aún
                puedes guardar tu APPA como borrador.
              </AlertDescription>
            </Alert>
          ) : (
            <p className="text-sm text-muted-foreground">
              Tu borrador se guarda solo mientras escribes. Una vez enviado, tu APPA ya no se puede
              modificar.
            </p>
          )}
          <div className="grid gap-3 sm:flex sm:items-center sm:justify-between">
            <SaveStatus
              state={draft.state}
              timeZone={timeZone}
              onSignIn={signingIn ? undefined : () => setSigningIn(true)}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button
                type="button"
                variant="outline"
                size="lg"
                disabled={busy}
                onClick={() => submit('BORRADOR')}
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
                onClick={() => submit('ENVIADO')}
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
        </div>
        {confirming ? (
          <SendConfirmation
            input={confirming}
            onCancel={() => setConfirming(null)}
            onConfirm={() => {
              setConfirming(null);
              void persist(confirming, snapshot());
            }}
          />
        ) : null}
      </form>
      {signingIn ? (
        <SessionDialog
          username={user.username}
          onSignedIn={signedIn}
          onDismiss={() => setSigningIn(false)}
        />
      ) : null}
    </>
  );
}
