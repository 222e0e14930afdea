import {
  notificationListSchema,
  preferencesSchema,
  type MarkRead,
  type NotificationList,
  type Preferences,
} from '@common/schemas/me';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

export const notificationsQueryKey = [...queryRoots.notifications, 'list'] as const;
const preferencesQueryKey = [...queryRoots.notifications, 'preferences'] as const;

/** GET /api/me/notifications: the newest ones and how many are unread. */
export function useNotifications({ live }: { live: boolean }) {
  return useQuery({
    queryKey: notificationsQueryKey,
    queryFn: () => api.get('/api/me/notifications', notificationListSchema),
    // The live stream rings the bell; while it is down, a look every minute.
    refetchInterval: live ? false : 60_000,
    refetchOnWindowFocus: true,
  });
}

/** POST /api/me/notifications/read: `{ ids }` marks those, `{}` all; answers the list as it is now. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkRead) =>
      api.post('/api/me/notifications/read', notificationListSchema, input),
    onSuccess: (list: NotificationList) => queryClient.setQueryData(notificationsQueryKey, list),
  });
}

/** GET /api/me/preferences. */
export function usePreferences() {
  return useQuery({
    queryKey: preferencesQueryKey,
    queryFn: () => api.get('/api/me/preferences', preferencesSchema),
  });
}

/** PUT /api/me/preferences: 'Preferencia guardada', or the server's message. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Preferences) => api.put('/api/me/preferences', preferencesSchema, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesQueryKey, saved);
      toast({ title: 'Preferencia guardada' });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Error al guardar la preferencia',
        description: error.message,
      }),
  });
}
