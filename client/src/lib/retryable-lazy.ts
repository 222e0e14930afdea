import {
  createElement,
  lazy,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';

/** How to load again each module that failed: see `retryFailedLoads`. */
const failed = new Set<() => void>();

/**
 * A lazily loaded component that may be loaded again. React.lazy remembers a failed load for
 * good: after a network blip the page could only come back by reloading, and a reload loses what
 * the page held. Here a failed load reaches the error boundary as before, and the boundary's
 * 'Reintentar' (`retryFailedLoads`) makes the next render ask for the module again.
 */
// `any` as in React.lazy's own signature: any component, whatever its props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function retryableLazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  let current: LazyExoticComponent<T>;
  const attempt = () =>
    load().catch((error: unknown) => {
      failed.add(() => {
        current = lazy(attempt);
      });
      throw error;
    });
  current = lazy(attempt);
  return function Retryable(props: ComponentProps<T>) {
    // A lazy component takes the props of the component it loads.
    return createElement(current as ComponentType<ComponentProps<T>>, props);
  };
}

/**
 * Every module that failed to load is asked for again at its next render. Only an error boundary
 * calls it, when it shows its children again: replacing a failed module at once would make React
 * render it again and again while the connection is down, and never show the error.
 */
export function retryFailedLoads() {
  for (const renew of failed) renew();
  failed.clear();
}

/**
 * Whether `error` is a script module the browser could not load: the network failed, or a new
 * version of the app replaced the files the page was built with (Chromium, Firefox and Safari
 * word it differently; Vite's own preload says so too).
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|importing a module script failed|unable to preload/i.test(
      error.message,
    )
  );
}
