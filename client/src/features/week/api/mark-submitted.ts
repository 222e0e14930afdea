import {
  submissionMessageSchema,
  type MarkSubmittedInput,
  type SubmissionMessage,
} from '@common/schemas/panel';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { invalidateAuditLog, invalidateReportViews, queryRoots } from '@/lib/query-roots';

/** POST /api/appa/mark-submitted (ADMIN): the author's week counts as sent from now on. */
export function markSubmitted(input: MarkSubmittedInput): Promise<SubmissionMessage> {
  return api.post('/api/appa/mark-submitted', submissionMessageSchema, input);
}

/**
 * 'Usuario marcado como enviado', or 'Error al marcar como enviado' with the reason. The week now
 * counts the report as sent wherever it is shown, the users table counts it too, and the audit
 * log records who marked it.
 */
export const markSubmittedMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: markSubmitted,
    onSuccess: ({ message }) => {
      toast({ title: message });
      return Promise.all([
        invalidateReportViews(queryClient),
        queryClient.invalidateQueries({ queryKey: queryRoots.users }),
        invalidateAuditLog(queryClient),
      ]);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error al marcar como enviado',
        description: error.message,
      }),
  });

export function useMarkSubmitted() {
  const queryClient = useQueryClient();
  return useMutation(markSubmittedMutationOptions(queryClient));
}
