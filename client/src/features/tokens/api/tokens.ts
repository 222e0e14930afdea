import {
  apiTokenListSchema,
  createdApiTokenSchema,
  type CreateApiTokenInput,
} from '@common/schemas/api-tokens';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

/** GET /api/tokens: the person's own tokens (every token, for an administrator). */
export function useApiTokens() {
  return useQuery({
    queryKey: queryRoots.tokens,
    queryFn: () => api.get('/api/tokens', apiTokenListSchema),
  });
}

/** POST /api/tokens and DELETE /api/tokens/{id}. The new token itself is the caller's to show. */
export function useApiTokenChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryRoots.tokens });
  const create = useMutation({
    mutationFn: (input: CreateApiTokenInput) =>
      api.post('/api/tokens', createdApiTokenSchema, input),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: string) =>
      api.delete(`/api/tokens/${encodeURIComponent(id)}`, z.object({ message: z.string() })),
    onSuccess: (answer) => {
      toast({ title: answer.message });
      return refresh();
    },
    onError: (error: Error) =>
      toast({
        variant: 'destructive',
        title: 'Error al revocar el token',
        description: error.message,
      }),
  });
  return { create, revoke };
}
