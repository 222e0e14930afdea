import { settingsSchema, type Settings, type UpdateSettings } from '@common/schemas/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditKeys, settingsKeys } from '@/lib/query-keys';

/** PUT /api/settings (ADMIN): only the settings to change; answers all of them. */
export function updateSettings(changes: UpdateSettings): Promise<Settings> {
  return api.put('/api/settings', settingsSchema, changes);
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKeys.all, settings);
      // The change is written to the audit log.
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
