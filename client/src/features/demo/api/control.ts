import { auditLogResponseSchema, type AuditLogResponse } from '@common/schemas/audit';
import { WEEK_PAGE_SIZE_MAX, weekPageSchema, type WeekPage } from '@common/schemas/panel';
import {
  DEFAULT_REMINDER_MESSAGE,
  DEFAULT_REMINDER_SUBJECT,
  sendRemindersResponseSchema,
  type SendRemindersResponse,
} from '@common/schemas/reminders';
import { userWithCountSchema } from '@common/schemas/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { auditKeys, panelKeys, reminderKeys, userKeys } from '@/lib/query-keys';

/** The control pages (/super-admin, /consejo-simple) refresh their figures this often. */
const REFRESH_MS = 10_000;

/**
 * GET /api/appa/week (ADMIN and CONSEJO): the organisation's current week, whose counts are the
 * live figures of the control pages, with its first pending people (not every report's texts).
 */
export function useCurrentWeek() {
  return useQuery({
    queryKey: [...panelKeys.all, 'current-week'],
    queryFn: (): Promise<WeekPage> =>
      api.get(`/api/appa/week?status=pendientes&pageSize=${WEEK_PAGE_SIZE_MAX}`, weekPageSchema),
    refetchInterval: REFRESH_MS,
  });
}

/** GET /api/users/with-counts (ADMIN): how many accounts there are. */
export function useUserCount(enabled: boolean) {
  return useQuery({
    queryKey: userKeys.withCounts(),
    queryFn: () => api.get('/api/users/with-counts', userWithCountSchema.array()),
    enabled,
    select: (users) => users.length,
  });
}

const RECENT_AUDIT = 15;

/** GET /api/audit-log (ADMIN): the latest entries, for the compact log view. */
export function useRecentAudit(enabled: boolean) {
  return useQuery({
    queryKey: auditKeys.list({ recent: RECENT_AUDIT }),
    queryFn: (): Promise<AuditLogResponse> =>
      api.get(`/api/audit-log?limit=${RECENT_AUDIT}`, auditLogResponseSchema),
    enabled,
    refetchInterval: REFRESH_MS,
  });
}

/** POST /api/reminders/send to everyone still pending this week, with the default text. */
export function useRemindPending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<SendRemindersResponse> =>
      api.post('/api/reminders/send', sendRemindersResponseSchema, {
        type: 'pending',
        subject: DEFAULT_REMINDER_SUBJECT,
        message: DEFAULT_REMINDER_MESSAGE,
      }),
    onSuccess: ({ sent }) => {
      toast({
        title: 'Recordatorios enviados',
        description: `Se enviaron ${sent} recordatorios exitosamente`,
      });
      void queryClient.invalidateQueries({ queryKey: reminderKeys.all });
      return queryClient.invalidateQueries({ queryKey: auditKeys.all });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error al enviar recordatorios',
        description: error.message,
      }),
  });
}
