import { currentUserSchema, type CurrentUser } from '@common/schemas/auth';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { invalidateAuditLog, queryRoots } from '@/lib/query-roots';

/** GET /api/user: the signed-in user and the screens they may open; null with no session (401). */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api.get('/api/user', currentUserSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryKey = [...queryRoots.session, 'user'] as const;

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    // Sign-in, password change and logout write this entry themselves.
    staleTime: Infinity,
    // Anything but "no session" means the app cannot start: the route's error screen shows it.
    // A failed refetch keeps the user already known: a blip must not replace a page.
    throwOnError: (_error, query) => query.state.data === undefined,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/** The signed-in user, for components rendered only behind a route guard that checked it. */
export function useSignedInUser(): CurrentUser {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useSignedInUser needs a signed-in user: render it behind a guard');
  return data;
}

/**
 * After a sign-in: `user` is who is signed in now. A "who is signed in" request still on its way
 * (sent before the session existed) is cancelled first, or its "nobody" would land over this.
 */
export async function setSignedInUser(queryClient: QueryClient, user: CurrentUser) {
  await queryClient.cancelQueries({ queryKey: currentUserQueryKey });
  queryClient.setQueryData(currentUserQueryKey, user);
  // Every sign-in is written to the audit log.
  await invalidateAuditLog(queryClient);
}
