import { percent } from '@common/percent';
import { toCsv } from '@common/csv';
import { bulkSummary, type BulkUserRow } from '@common/schemas/users';
import { CircleAlert, CircleCheck, Download, FileUp } from 'lucide-react';
import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { DialogFormFooter } from '@/components/dialog-form-footer';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { downloadFile } from '@/lib/download';
import { useBulkImport, type BulkOutcome, type BulkProgress } from '../api/bulk-upload';
import { parseBulkUsers } from '../lib/parse-bulk-users';
import { BulkRowResults, type RowResult } from './bulk-row-results';
import { personalUrl } from '../lib/personal-url';

const EXAMPLE = `nombre completo,email,cargo,rol,área,jefe
Ana Núñez,ana.nunez@empresa.pe,"Jefa de Ventas, Norte",Líder,Ventas,gerente@empresa.pe
José Pérez,jose.perez@empresa.pe,Analista,Usuario,Ventas,ana.nunez@empresa.pe`;

interface Finished {
  outcome: BulkOutcome;
  rows: RowResult[];
}

const numberEs = (n: number) => n.toLocaleString('es-PE');

/** The body of 'Carga Masiva de Usuarios'; mounted afresh each time the dialog opens. */
export function BulkUploadDialogBody({ onBusyChange }: { onBusyChange: (busy: boolean) => void }) {
  const textId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [finished, setFinished] = useState<Finished | null>(null);
  const { run, progress } = useBulkImport();
  const [running, setRunning] = useState(false);
  const parsed = useMemo(() => (text.trim() ? parseBulkUsers(text) : null), [text]);

  if (finished) return <BulkResult finished={finished} />;
  if (running && progress) return <BulkProgressView progress={progress} />;

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setText(await file.text());
    setError(null);
  };

  const submit = async () => {
    const outcome = parseBulkUsers(text);
    if (!outcome.ok) {
      setError(outcome.error);
      toast({
        variant: 'destructive',
        title: 'Error en la carga masiva',
        description: outcome.error,
      });
      return;
    }
    setRunning(true);
    onBusyChange(true);
    const toSend: BulkUserRow[] = outcome.valid.map((r) => r.data);
    const result = await run(toSend);
    onBusyChange(false);
    setRunning(false);
    // The server counts rows in the order they were sent; the list shows the text's numbers.
    const sent = (
      index: number,
      email: string | null,
      kind: RowResult['kind'],
      reason: string | null,
    ): RowResult => {
      const read = outcome.valid[index];
      const manager = read?.data.manager;
      return {
        row: read?.row ?? 0,
        email,
        manager: typeof manager === 'string' && manager.trim() ? manager.trim() : null,
        kind,
        reason,
      };
    };
    const rows: RowResult[] = [
      ...outcome.refused.map((r) => ({ ...r, manager: null, kind: 'rechazado' as const })),
      ...result.created.map((r) => sent(r.index, r.user.email, 'creado', null)),
      ...result.refused.map((r) => sent(r.index, r.email, 'rechazado', r.reason)),
      ...result.skipped.map((r) => sent(r.index, r.email, 'omitido', r.reason)),
    ].sort((a, b) => a.row - b.row);
    const summary = bulkSummary(
      result.created.length,
      result.skipped.length,
      outcome.refused.length + result.refused.length,
    );
    if (result.error) {
      toast({
        variant: 'destructive',
        title: 'Error en la carga masiva',
        description: result.error,
      });
    } else {
      toast({ title: 'Carga masiva completada', description: summary });
    }
    setFinished({ outcome: result, rows });
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Carga Masiva de Usuarios</DialogTitle>
        <DialogDescription>
          Pega un CSV (la primera línea con los encabezados) o JSON. Columnas reconocidas: nombre
          completo, email, cargo y rol; también área (unidad organizacional), jefe (su correo o
          usuario, de alguien que ya existe o de otra fila) y zona horaria. Cada persona recibirá
          por correo su contraseña temporal y su enlace personal; los correos que ya existen se
          omiten.
        </DialogDescription>
      </DialogHeader>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Label htmlFor={textId}>Usuarios en CSV o JSON</Label>
            <Button asChild variant="outline" size="sm">
              <label className="cursor-pointer">
                <FileUp aria-hidden="true" />
                Seleccionar archivo
                <input
                  type="file"
                  accept=".csv,.json,.txt,text/csv,application/json,text/plain"
                  className="sr-only"
                  onChange={(e) => void readFile(e)}
                />
              </label>
            </Button>
          </div>
          <Textarea
            id={textId}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(null);
            }}
            placeholder={EXAMPLE}
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${textId}-status`}
            className="min-h-40 font-mono text-sm sm:text-xs"
          />
          <p id={`${textId}-status`} className="text-sm text-muted-foreground" aria-live="polite">
            {parsed?.ok
              ? `Se importarán ${numberEs(parsed.valid.length)} ${parsed.valid.length === 1 ? 'usuario' : 'usuarios'}` +
                (parsed.refused.length
                  ? ` · ${numberEs(parsed.refused.length)} ${parsed.refused.length === 1 ? 'fila tiene' : 'filas tienen'} errores`
                  : '')
              : ''}
          </p>
        </div>
        {error ? (
          <Alert variant="destructive" role="alert">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        <DialogFormFooter disabled={!text.trim()} label="Cargar Usuarios" />
      </form>
    </>
  );
}

function BulkProgressView({ progress }: { progress: BulkProgress }) {
  const done = progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Carga Masiva de Usuarios</DialogTitle>
        <DialogDescription>No cierres esta ventana hasta que termine.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2 py-2">
        <div
          role="progressbar"
          aria-label="Progreso de la carga masiva"
          aria-valuemin={0}
          aria-valuemax={progress.total}
          aria-valuenow={progress.done}
          aria-valuetext={`${numberEs(progress.done)} de ${numberEs(progress.total)}`}
          className="h-2.5 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${done}%` }}
          />
        </div>
        <p className="text-sm text-muted-foreground">
          Importando… {numberEs(progress.done)} de {numberEs(progress.total)} usuarios (
          {percent(done)})
        </p>
      </div>
    </>
  );
}

function BulkResult({ finished }: { finished: Finished }) {
  const { outcome, rows } = finished;
  // Shown once: the passwords leave memory with the download.
  const [credentials, setCredentials] = useState(outcome.created);
  const downloaded = credentials.length === 0;
  const created = outcome.created.length;
  const skipped = rows.filter((r) => r.kind === 'omitido').length;
  const refused = rows.filter((r) => r.kind === 'rechazado').length;

  const downloadCredentials = () => {
    const csv = toCsv(
      ['Nombre completo', 'Correo', 'Usuario', 'Contraseña temporal', 'URL personal'],
      credentials.map(({ user, temporaryPassword }) => [
        user.fullName,
        user.email,
        user.username,
        temporaryPassword ?? '',
        personalUrl(user.slug),
      ]),
    );
    downloadFile('credenciales-usuarios.csv', csv, 'text/csv;charset=utf-8');
    setCredentials([]);
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Carga Masiva de Usuarios</DialogTitle>
        <DialogDescription>{bulkSummary(created, skipped, refused)}.</DialogDescription>
      </DialogHeader>
      {outcome.error ? (
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>
            La carga se interrumpió: {outcome.error} No se enviaron {numberEs(outcome.notSent)}{' '}
            usuarios; vuelve a cargarlos (los ya creados se omitirán).
          </AlertDescription>
        </Alert>
      ) : null}
      <dl className="grid min-w-0 grid-cols-3 gap-2 text-center">
        {[
          ['Creados', created],
          ['Omitidos', skipped],
          ['Rechazados', refused],
        ].map(([label, n]) => (
          <div key={label} className="min-w-0 rounded-lg border px-1 py-2 sm:p-3">
            <dt className="truncate text-xs text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{numberEs(Number(n))}</dd>
          </div>
        ))}
      </dl>
      {created > 0 ? (
        downloaded ? (
          <Alert variant="success" role="status">
            <CircleCheck aria-hidden="true" />
            <AlertDescription>Credenciales descargadas. No se volverán a mostrar.</AlertDescription>
          </Alert>
        ) : (
          <Alert variant="success" role="status">
            <CircleCheck aria-hidden="true" />
            <AlertDescription className="grid min-w-0 gap-3">
              <span>
                Cada persona recibió sus credenciales por correo. Descarga ahora el archivo con las
                contraseñas temporales: solo se puede descargar una vez.
              </span>
              <Button
                type="button"
                className="h-auto min-h-10 justify-self-start whitespace-normal"
                onClick={downloadCredentials}
              >
                <Download aria-hidden="true" />
                Descargar credenciales (CSV)
              </Button>
            </AlertDescription>
          </Alert>
        )
      ) : null}
      {rows.length > 0 ? <BulkRowResults rows={rows} /> : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant={created > 0 && !downloaded ? 'outline' : 'default'}>Cerrar</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
