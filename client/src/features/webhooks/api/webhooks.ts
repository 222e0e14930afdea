import {
  createdWebhookSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointResponseSchema,
  webhookListSchema,
  webhookMessageSchema,
  type CreateWebhookInput,
} from '@common/schemas/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

const path = (...parts: string[]) => `/api/webhooks/${parts.map(encodeURIComponent).join('/')}`;

/** GET /api/webhooks (ADMIN): the endpoints and the newest deliveries, failed first. */
export function useWebhooks() {
  return useQuery({
    queryKey: queryRoots.webhooks,
    queryFn: () => api.get('/api/webhooks', webhookListSchema),
    // Deliveries change state on their own as the server sends them: while one waits, read again.
    refetchOnWindowFocus: true,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'PENDING') ? 3_000 : false,
  });
}

/**
 * Registering (the secret in the answer is the caller's to show once), removing, reactivating and
 * testing endpoints, and "Reintentar" on a failed delivery; each refreshes the list.
 */
export function useWebhookChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryRoots.webhooks });
  const failed = (title: string) => (error: Error) =>
    toast({ variant: 'destructive', title, description: error.message });
  const done = (answer: { message: string }) => {
    toast({ title: answer.message });
    return refresh();
  };

  const create = useMutation({
    mutationFn: (input: CreateWebhookInput) =>
      api.post('/api/webhooks', createdWebhookSchema, input),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete(path(id), webhookMessageSchema),
    onSuccess: done,
    onError: failed('No se pudo eliminar el webhook'),
  });
  const reactivate = useMutation({
    mutationFn: (id: string) => api.post(path(id, 'reactivate'), webhookEndpointResponseSchema),
    onSuccess: done,
    onError: failed('No se pudo reactivar el webhook'),
  });
  const ping = useMutation({
    mutationFn: (id: string) => api.post(path(id, 'ping'), webhookMessageSchema),
    onSuccess: done,
    onError: failed('No se pudo enviar la prueba'),
  });
  const retry = useMutation({
    mutationFn: (id: string) =>
      api.post(path('deliveries', id, 'retry'), webhookDeliveryResponseSchema),
    onSuccess: done,
    onError: failed('No se pudo reintentar la entrega'),
  });
  return { create, remove, reactivate, ping, retry };
}
