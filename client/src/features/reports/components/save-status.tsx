import { Button } from '@/components/ui/button';
import { timeOfDay } from '@common/date-format';
import type { AutosaveState } from '../lib/autosave';

function text(state: AutosaveState, timeZone: string): string | null {
  switch (state.status) {
    case 'idle':
      return null;
    case 'pending':
    case 'saving':
      return 'Guardando…';
    case 'saved':
      return `Guardado a las ${timeOfDay(state.at, timeZone)}`;
    case 'offline':
      return 'Sin conexión: se guardará al reconectar';
    case 'session':
      return 'Tu sesión terminó: tu texto sigue en este navegador hasta que ingreses de nuevo.';
    case 'sent':
      return state.message ?? 'Este APPA ya fue enviado.';
    case 'failed':
      return `No se pudo guardar${state.message ? `: ${state.message}` : ''}. Se intentará de nuevo con tu próximo cambio.`;
  }
}

/**
 * Where the draft's autosave stands, quietly, beside the buttons (announced politely). With the
 * session ended and its dialog put aside, it offers the dialog again.
 */
export function SaveStatus({
  state,
  timeZone,
  onSignIn,
}: {
  state: AutosaveState;
  timeZone: string;
  onSignIn?: () => void;
}) {
  const message = text(state, timeZone);
  const problem =
    state.status === 'offline' || state.status === 'session' || state.status === 'failed';
  return (
    <div className="flex min-h-6 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <p
        role="status"
        aria-live="polite"
        className={problem ? 'font-medium text-destructive' : 'text-muted-foreground'}
      >
        {message}
      </p>
      {state.status === 'session' && onSignIn ? (
        <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={onSignIn}>
          Ingresar
        </Button>
      ) : null}
    </div>
  );
}
