import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { invalidateAuditLog, invalidateReportViews } from '@/lib/query-roots';

/** DELETE /api/appa/shares/{shareId}: the peer stops seeing the report at once. */
export function revokeShare(shareId: string): Promise<unknown> {
  return api.delete(`/api/appa/shares/${encodeURIComponent(shareId)}`, z.unknown());
}

/**
 * 'Acceso revocado'. The leader's week lists the report's shares, so it is read again; the audit
 * log records the revocation.
 */
export const revokeShareMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: revokeShare,
    onSuccess: () => {
      toast({
        title: 'Acceso revocado',
        description: 'El APPA ya no está compartido con esa persona',
      });
      return Promise.all([invalidateReportViews(queryClient), invalidateAuditLog(queryClient)]);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error al revocar', description: error.message }),
  });

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation(revokeShareMutationOptions(queryClient));
}
