import { shareSchema, type Share, type ShareRequestInput } from '@common/schemas/dashboard';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { shareKeys } from '@/lib/query-keys';
import { shareErrorMessage } from '../lib/share-form';

/** POST /api/appa/{id}/share: lets a peer leader read (or also comment on) a sent APPA. */
export function shareReport({
  submissionId,
  ...body
}: ShareRequestInput & { submissionId: string }): Promise<Share> {
  return api.post(`/api/appa/${encodeURIComponent(submissionId)}/share`, shareSchema, body);
}

/** Spec 2 §8: '¡APPA Compartido!', or 'Error al Compartir' with the server's reason. */
export function useShareReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareReport,
    onSuccess: () => {
      toast({ title: '¡APPA Compartido!', description: 'Tu APPA ha sido compartido exitosamente' });
      // Spec 2 §4: after a share the week's reports are read again.
      return queryClient.invalidateQueries({ queryKey: shareKeys.all });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error al Compartir',
        description: shareErrorMessage(error),
      }),
  });
}
