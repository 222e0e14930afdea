import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** What the person sees when the application cannot start or a page crashes. */
export function AppErrorScreen({ error }: { error: unknown }) {
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <div role="alert" className="w-full max-w-lg rounded-xl border bg-card p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-destructive">Error loading application</h1>
        <pre className="mt-3 overflow-x-auto rounded-md bg-muted p-3 text-sm whitespace-pre-wrap text-foreground">
          {describe(error)}
        </pre>
        <Button className="mt-4" onClick={() => window.location.reload()}>
          Reintentar
        </Button>
      </div>
    </main>
  );
}

/** The router's error element: errors thrown while rendering any route. */
export function RouteErrorScreen() {
  return <AppErrorScreen error={useRouteError()} />;
}

type BoundaryState = { error: unknown; hasError: boolean };

/** Last line of defence, outside the router: errors of the providers themselves. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) return <AppErrorScreen error={this.state.error} />;
    return this.props.children;
  }
}
