export function freePort(): Promise<number>;
export function waitFor(
  check: () => Promise<boolean>,
  what: string,
  options?: { timeoutMs?: number; exited?: Promise<unknown>; everyMs?: number },
): Promise<void>;
