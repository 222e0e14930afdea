import {
  registrationOffered,
  settingsSchema,
  type Settings,
  type UpdateSettings,
} from '@common/schemas/settings';
import type { AppConfig } from '@common/schemas/system';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { configQueryKey } from '@/lib/api/get-config';
import { invalidateAuditLog } from '@/lib/query-roots';
import { settingsQueryKey } from './get-settings';

const ssoOnly = (config: AppConfig, settings: Settings) => settings.ssoOnly && config.sso !== null;

/** PUT /api/settings (ADMIN): only the settings to change; answers all of them. */
export function updateSettings(changes: UpdateSettings): Promise<Settings> {
  return api.put('/api/settings', settingsSchema, changes);
}

export const updateSettingsMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueryKey, settings);
      // The public configuration repeats whether /auth offers magic links and registration.
      queryClient.setQueryData<AppConfig>(configQueryKey, (config) =>
        config
          ? {
              ...config,
              // Only single sign-on, with a provider, closes the other ways in.
              magicLinksEnabled: settings.magicLinksEnabled && !ssoOnly(config, settings),
              registrationEnabled: registrationOffered(settings) && !ssoOnly(config, settings),
              ssoOnly: ssoOnly(config, settings),
              timeZone: settings.organisationTimezone,
            }
          : config,
      );
      // The change is written to the audit log.
      void invalidateAuditLog(queryClient);
    },
  });

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation(updateSettingsMutationOptions(queryClient));
}
