import { reminderHistorySchema, type ReminderEntry } from '@common/schemas/reminders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

/** How many of the latest reminders the history shows. */
export const REMINDER_HISTORY_SHOWN = 50;

/** GET /api/reminders (ADMIN): the latest reminders, newest first. */
export function getReminders(): Promise<ReminderEntry[]> {
  return api.get(`/api/reminders?limit=${REMINDER_HISTORY_SHOWN}`, reminderHistorySchema);
}

export const remindersQueryKey = [...queryRoots.reminders, 'history'] as const;

export const remindersQueryOptions = () =>
  queryOptions({ queryKey: remindersQueryKey, queryFn: getReminders });

export function useReminders() {
  return useQuery(remindersQueryOptions());
}
