import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { currentUserQueryKey } from './api/get-current-user';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The caller deals with a 401 itself: it must not sign the page out (see below). */
      handlesUnauthorized?: boolean;
    };
  }
}

const isClientError = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

export function createQueryClient() {
  // A 401 from any call means the session ended (expired, revoked, password changed elsewhere):
  // forget the user, and the route guards send the person to sign in again. No toast here: each
  // screen reports its own failures.
  const forgetUserOn401 = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    if (queryClient.getQueryData(currentUserQueryKey)) {
      queryClient.setQueryData(currentUserQueryKey, null);
    }
  };

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: forgetUserOn401 }),
    // Unless the call handles it: the report form asks for the password and keeps the text.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.handlesUnauthorized) forgetUserOn401(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        // A 4xx will answer the same again; only network and server failures are retried.
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
