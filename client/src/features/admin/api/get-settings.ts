import { settingsSchema, type Settings } from '@common/schemas/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from '@/lib/query-keys';

/** GET /api/settings (ADMIN): every saved setting, defaults filled in. */
export function getSettings(): Promise<Settings> {
  return api.get('/api/settings', settingsSchema);
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
