import { retryMailResponseSchema, type RetryMailResponse } from '@common/schemas/mail';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateOutbox } from '@/lib/query-roots';

/** POST /api/mail/queue/{id}/retry (ADMIN): "Reintentar" a failed message. */
export function retryMail(id: string): Promise<RetryMailResponse> {
  return api.post(`/api/mail/queue/${encodeURIComponent(id)}/retry`, retryMailResponseSchema);
}

export const retryMailMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: retryMail,
    // The message is waiting again, and may be in the outbox a moment later.
    onSuccess: () => invalidateOutbox(queryClient),
  });

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation(retryMailMutationOptions(queryClient));
}
