import {
  DEFAULT_REMINDER_MESSAGE,
  DEFAULT_REMINDER_SUBJECT,
  sendRemindersResponseSchema,
  type SendRemindersInput,
  type SendRemindersResponse,
} from '@common/schemas/reminders';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { invalidateAuditLog, invalidateOutbox, queryRoots } from '@/lib/query-roots';

/** POST /api/reminders/send (ADMIN): answers how many e-mails went out. */
export function sendReminders(input: SendRemindersInput): Promise<SendRemindersResponse> {
  return api.post('/api/reminders/send', sendRemindersResponseSchema, input);
}

/** A reminder to these people with the default subject and message, about `weekStart` if given. */
export function defaultReminderTo(
  userIds: readonly string[],
  weekStart?: string,
): SendRemindersInput {
  return {
    type: 'specific',
    userIds: [...userIds],
    subject: DEFAULT_REMINDER_SUBJECT,
    message: DEFAULT_REMINDER_MESSAGE,
    weekStart,
  };
}

/** A reminder to everyone still pending, with the default subject and message. */
export function defaultReminderToPending(weekStart?: string): SendRemindersInput {
  return {
    type: 'pending',
    subject: DEFAULT_REMINDER_SUBJECT,
    message: DEFAULT_REMINDER_MESSAGE,
    weekStart,
  };
}

/** 'Recordatorios enviados' with the server's count, or the error with its message. */
export const sendRemindersMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: sendReminders,
    onSuccess: ({ message }) => {
      toast({ title: 'Recordatorios enviados', description: message });
      // The history lists them, the outbox holds the e-mails, the audit log records the sending.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.reminders }),
        invalidateOutbox(queryClient),
        invalidateAuditLog(queryClient),
      ]);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error al enviar recordatorios',
        description: error.message,
      }),
  });

export function useSendReminders() {
  const queryClient = useQueryClient();
  return useMutation(sendRemindersMutationOptions(queryClient));
}
