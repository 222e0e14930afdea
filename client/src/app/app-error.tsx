import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, useEffect, useState, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { isChunkLoadError, retryFailedLoads } from '@/lib/retryable-lazy';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/**
 * What went wrong, as the person can act on it: no connection (it comes back by itself), a new
 * version of the app whose files replaced the page's (a reload takes it), or anything else.
 * `checking` while a module that failed to load tells which of the first two it was.
 */
type Problem = 'checking' | 'offline' | 'new-version' | 'other';

function problemOf(error: unknown): Problem {
  if (isChunkLoadError(error)) return 'checking';
  if (error instanceof ApiError && error.isNetworkError) return 'offline';
  return 'other';
}

async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch('/api/health', { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

const RELOADED_AT = 'appa:reloaded-for-new-version';
/** A second failure this soon after reloading for a new version is not one: no reload loop. */
const RELOAD_GUARD_MS = 60_000;

/**
 * Reloads the page for the new version, unless it did so a moment ago. Typed text is safe: the
 * report form keeps a copy in the browser until the server has it, and offers it back.
 */
function reloadForNewVersion(): boolean {
  try {
    if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT)) < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

const TEXTS: Record<Exclude<Problem, 'checking'>, { title: string; body: string }> = {
  offline: {
    title: 'Sin conexión con el servidor',
    body: 'No pudimos comunicarnos con APPA. Revisa tu conexión: lo intentaremos de nuevo en cuanto vuelva.',
  },
  'new-version': {
    title: 'Hay una versión nueva de APPA',
    body: 'Recarga la página para usarla.',
  },
  other: {
    title: 'Error al cargar la aplicación',
    body: 'Algo falló al mostrar esta página.',
  },
};

/**
 * What the person sees when a page cannot be shown. 'Reintentar' asks again for what failed (the
 * page's code or its data) without reloading the page; with no connection it also happens by
 * itself when the browser is back online.
 */
export function AppErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const [problem, setProblem] = useState(() => problemOf(error));

  useEffect(() => {
    if (problem !== 'checking') return;
    let cancelled = false;
    void serverAnswers().then((answers) => {
      if (cancelled || (answers && reloadForNewVersion())) return;
      setProblem(answers ? 'new-version' : 'offline');
    });
    return () => {
      cancelled = true;
    };
  }, [problem]);

  useEffect(() => {
    if (problem !== 'offline') return;
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [problem, onRetry]);

  if (problem === 'checking') return null;
  const { title, body } = TEXTS[problem];
  // The server's own Spanish message says more than "something failed".
  const detail = error instanceof ApiError && !error.isNetworkError ? error.message : null;
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <div role="alert" className="w-full max-w-lg rounded-xl border bg-card p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-destructive">{title}</h1>
        <p className="mt-2">{detail ?? body}</p>
        {problem === 'other' && !detail ? (
          <details className="mt-3 text-sm text-muted-foreground">
            <summary className="cursor-pointer">Detalles técnicos</summary>
            <pre className="mt-2 overflow-x-auto rounded-md bg-muted p-3 whitespace-pre-wrap text-foreground">
              {describe(error)}
            </pre>
          </details>
        ) : null}
        {problem === 'new-version' ? (
          <Button className="mt-4" onClick={() => window.location.reload()}>
            Recargar
          </Button>
        ) : (
          <Button className="mt-4" onClick={onRetry}>
            Reintentar
          </Button>
        )}
      </div>
    </main>
  );
}

type BoundaryState = { error: unknown; hasError: boolean };
type RouteBoundaryState = BoundaryState & { resetKey: string };
type RouteBoundaryProps = { resetKey: string; onReset: () => void; children: ReactNode };

class RouteBoundary extends Component<RouteBoundaryProps, RouteBoundaryState> {
  override state: RouteBoundaryState = {
    error: null,
    hasError: false,
    resetKey: this.props.resetKey,
  };

  static getDerivedStateFromError(error: unknown): Partial<RouteBoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(
    props: RouteBoundaryProps,
    state: RouteBoundaryState,
  ): Partial<RouteBoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, hasError: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  retry = () => {
    this.props.onReset();
    retryFailedLoads();
    this.setState({ error: null, hasError: false });
  };

  override render() {
    if (this.state.hasError) {
      return <AppErrorScreen error={this.state.error} onRetry={this.retry} />;
    }
    return this.props.children;
  }
}

/**
 * Errors thrown while rendering any route; going to another address clears them, and so does
 * 'Reintentar', which also lets the failed queries fetch again.
 */
export function RouteErrorBoundary({
  resetKey,
  children,
}: {
  resetKey: string;
  children: ReactNode;
}) {
  const { reset } = useQueryErrorResetBoundary();
  return (
    <RouteBoundary resetKey={resetKey} onReset={reset}>
      {children}
    </RouteBoundary>
  );
}

/** Last line of defence, outside the router: errors of the providers themselves. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  retry = () => {
    retryFailedLoads();
    this.setState({ error: null, hasError: false });
  };

  override render() {
    if (this.state.hasError) {
      return <AppErrorScreen error={this.state.error} onRetry={this.retry} />;
    }
    return this.props.children;
  }
}
