import { useEffect, useRef } from 'react';

/**
 * A native <dialog> shown as a modal while it is mounted: the browser keeps the focus inside and
 * Escape cancels it, at no script cost of its own.
 */
export function useModal() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return dialog;
}
