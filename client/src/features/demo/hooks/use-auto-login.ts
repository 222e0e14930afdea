import { useEffect, useRef } from 'react';
import { useDemoLogin } from '../api/demo-login';

/**
 * Starts the demo sign-in once when the page opens (also under StrictMode's double effects) and
 * calls `onSuccess` or `onError` with the outcome.
 */
export function useAutoLogin({
  onSuccess,
  onError,
}: {
  onSuccess?: () => void;
  onError?: () => void;
} = {}) {
  const login = useDemoLogin();
  const started = useRef(false);
  const { mutate } = login;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(undefined, { onSuccess, onError });
  }, [mutate, onSuccess, onError]);
  return login;
}
