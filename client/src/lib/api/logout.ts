import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logoutResponseSchema, type LogoutResponse } from '@common/schemas/auth';
import { api, ApiError } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/api/get-current-user';

const FALLBACK_REDIRECT = '/auth';

/** POST /api/logout: ends the session on the server; answers where the browser goes next. */
export async function logout(): Promise<LogoutResponse> {
  try {
    return await api.post('/api/logout', logoutResponseSchema);
  } catch (error) {
    // The session had already ended (expired, revoked): the person is signed out all the same.
    if (error instanceof ApiError && error.status === 401) {
      return { message: '', redirectTo: FALLBACK_REDIRECT, atProvider: false };
    }
    throw error;
  }
}

const isAppPath = (target: string) => target.startsWith('/') && !target.startsWith('//');
const isWebUrl = (target: string) => /^https?:\/\//i.test(target);

/**
 * Where the browser goes after signing out: the identity provider's logout when the server names
 * it (a single sign-on left open there would sign the person straight back in), else `to` when
 * given (the report page goes back to the personal link), else where the server says (the public
 * site, or /auth).
 */
export function logoutTarget(answer: LogoutResponse, to: string | undefined): string {
  return answer.atProvider ? answer.redirectTo : (to ?? answer.redirectTo);
}

/** Signs out, forgets every cached answer and leaves for `logoutTarget`. */
export function useLogout({ to }: { to?: string } = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useMutation({
    mutationFn: logout,
    onSuccess: (answer) => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, null);
      const target = logoutTarget(answer, to);
      if (isAppPath(target)) {
        void navigate(target, { replace: true });
      } else if (isWebUrl(target)) {
        window.location.assign(target);
      } else {
        void navigate(FALLBACK_REDIRECT, { replace: true });
      }
    },
  });
}
