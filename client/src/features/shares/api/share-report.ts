import { shareSchema, type Share, type ShareRequestInput } from '@common/schemas/dashboard';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { invalidateAuditLog, invalidateReportViews } from '@/lib/query-roots';
import { shareErrorMessage } from '../lib/share-form';

/** POST /api/appa/{id}/share: lets a peer leader read (or also comment on) a sent APPA. */
export function shareReport({
  submissionId,
  ...body
}: ShareRequestInput & { submissionId: string }): Promise<Share> {
  return api.post(`/api/appa/${encodeURIComponent(submissionId)}/share`, shareSchema, body);
}

/**
 * '¡APPA Compartido!', or 'Error al Compartir' with the server's reason. The leader's week lists
 * the report's shares, so it is read again; the audit log records the share.
 */
export const shareReportMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: shareReport,
    onSuccess: () => {
      toast({ title: '¡APPA Compartido!', description: 'Tu APPA ha sido compartido exitosamente' });
      return Promise.all([invalidateReportViews(queryClient), invalidateAuditLog(queryClient)]);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error al Compartir',
        description: shareErrorMessage(error),
      }),
  });

export function useShareReport() {
  const queryClient = useQueryClient();
  return useMutation(shareReportMutationOptions(queryClient));
}
