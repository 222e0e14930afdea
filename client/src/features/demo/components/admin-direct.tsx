import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useAutoLogin } from '../hooks/use-auto-login';

/** The quick-access redirect waits about 100 ms after signing in. */
export const QUICK_ACCESS_DELAY_MS = 100;

/**
 * /admin-direct: signs in as the demo administrator (demo mode only) and opens /consejo about
 * 100 ms later; when the server refuses, /auth.
 */
export function AdminDirect() {
  const navigate = useNavigate();
  const [signedIn, setSignedIn] = useState(false);
  const onSuccess = useCallback(() => setSignedIn(true), []);
  const onError = useCallback(() => void navigate('/auth', { replace: true }), [navigate]);
  useAutoLogin({ onSuccess, onError });

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(
      () => void navigate('/consejo', { replace: true }),
      QUICK_ACCESS_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [signedIn, navigate]);

  return <FullPageSpinner />;
}
