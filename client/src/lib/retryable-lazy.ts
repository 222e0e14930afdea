import {
  createElement,
  lazy,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';

/**
 * A lazily loaded component that may be loaded again. React.lazy remembers a failed load for
 * good: after a network blip the page could only come back by reloading, and a reload loses what
 * the page held. Here a failed load is forgotten, so the next render (the error screen's
 * 'Reintentar') asks for the module again.
 */
// `any` as in React.lazy's own signature: any component, whatever its props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function retryableLazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  let current: LazyExoticComponent<T>;
  const attempt = () =>
    load().catch((error: unknown) => {
      current = lazy(attempt);
      throw error;
    });
  current = lazy(attempt);
  return function Retryable(props: ComponentProps<T>) {
    // A lazy component takes the props of the component it loads.
    return createElement(current as ComponentType<ComponentProps<T>>, props);
  };
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
