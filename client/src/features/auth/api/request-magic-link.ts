import { messageResponseSchema, type MagicLinkRequest } from '@common/schemas/auth';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAuditLog, invalidateOutbox } from '@/lib/query-roots';

/** POST /api/auth/magic-link: the same answer whether or not the address has an account. */
export function requestMagicLink(input: MagicLinkRequest) {
  return api.post('/api/auth/magic-link', messageResponseSchema, input);
}

export const requestMagicLinkMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: requestMagicLink,
    // The link goes out by e-mail, and the request is written to the audit log.
    onSuccess: () => Promise.all([invalidateOutbox(queryClient), invalidateAuditLog(queryClient)]),
  });

export function useRequestMagicLink() {
  const queryClient = useQueryClient();
  return useMutation(requestMagicLinkMutationOptions(queryClient));
}
