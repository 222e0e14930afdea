import {
  previewRemindersResponseSchema,
  type PreviewRemindersResponse,
  type SendRemindersInput,
} from '@common/schemas/reminders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

/** POST /api/reminders/preview: who a reminder would reach, and who it would skip and why. */
export function previewReminders(input: SendRemindersInput): Promise<PreviewRemindersResponse> {
  const { type, userIds, weekStart } = input;
  return api.post('/api/reminders/preview', previewRemindersResponseSchema, {
    type,
    userIds,
    weekStart,
  });
}

/** Read afresh each time a reminder is about to be sent: who was reminded changes by the minute. */
export const previewRemindersQueryOptions = (input: SendRemindersInput | null) =>
  queryOptions({
    queryKey: [...queryRoots.reminders, 'preview', input],
    queryFn: () => previewReminders(input as SendRemindersInput),
    enabled: input !== null,
    staleTime: 0,
    gcTime: 0,
  });

export function usePreviewReminders(input: SendRemindersInput | null) {
  return useQuery(previewRemindersQueryOptions(input));
}
