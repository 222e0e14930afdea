import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { shareKeys } from '@/lib/query-keys';

/** DELETE /api/appa/shares/{shareId}: the peer stops seeing the report at once. */
export function revokeShare(shareId: string): Promise<unknown> {
  return api.delete(`/api/appa/shares/${encodeURIComponent(shareId)}`, z.unknown());
}

export function useRevokeShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeShare,
    onSuccess: () => {
      toast({
        title: 'Acceso revocado',
        description: 'El APPA ya no está compartido con esa persona',
      });
      return queryClient.invalidateQueries({ queryKey: shareKeys.all });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error al revocar', description: error.message }),
  });
}
