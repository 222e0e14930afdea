import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@common/constants';
import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import type { ToastVariant } from './toast';

export type ToastOptions = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; the provider's default when omitted. */
  duration?: number;
};

export type ToasterToast = ToastOptions & {
  id: string;
  open: boolean;
};

/*
 * A tiny store outside React so that `toast()` can be called from anywhere (mutation callbacks
 * included). Only TOAST_LIMIT notices exist at once; a dismissed one stays mounted, closed, for
 * TOAST_REMOVE_DELAY_MS so that Radix can finish its exit, then it is removed.
 */
let toasts: ToasterToast[] = [];
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: ToasterToast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string) {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

export function toast(options: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...options, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next: ToastOptions) => emit(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The notices now in the store (what the Toaster renders). */
export const getToasts = () => toasts;

export function useToast() {
  const current = useSyncExternalStore(subscribe, getToasts, getToasts);
  return { toasts: current, toast, dismiss: dismissToast };
}
