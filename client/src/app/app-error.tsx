import { Component, type ErrorInfo, type ReactNode } from 'react';
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

type RouteBoundaryState = BoundaryState & { resetKey: string };

/** Errors thrown while rendering any route; going to another address clears them. */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  RouteBoundaryState
> {
  override state: RouteBoundaryState = {
    error: null,
    hasError: false,
    resetKey: this.props.resetKey,
  };

  static getDerivedStateFromError(error: unknown): Partial<RouteBoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: RouteBoundaryState,
  ): Partial<RouteBoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, hasError: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) return <AppErrorScreen error={this.state.error} />;
    return this.props.children;
  }
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
