import {
  submissionMessageSchema,
  type MarkSubmittedInput,
  type SubmissionMessage,
} from '@common/schemas/panel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { panelKeys, userKeys } from '@/lib/query-keys';

/** POST /api/appa/mark-submitted (ADMIN): the author's week counts as sent from now on. */
export function markSubmitted(input: MarkSubmittedInput): Promise<SubmissionMessage> {
  return api.post('/api/appa/mark-submitted', submissionMessageSchema, input);
}

/** Spec 2 §8: 'Usuario marcado como enviado', or 'Error al marcar como enviado' with the reason. */
export function useMarkSubmitted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSubmitted,
    onSuccess: ({ message }) => {
      toast({ title: message });
      // The users table counts sent reports too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: panelKeys.all }),
        queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
      ]);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error al marcar como enviado',
        description: error.message,
      }),
  });
}
