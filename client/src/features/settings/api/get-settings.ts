import { settingsSchema, type Settings } from '@common/schemas/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

/** GET /api/settings (ADMIN): every saved setting, defaults filled in. */
export function getSettings(): Promise<Settings> {
  return api.get('/api/settings', settingsSchema);
}

export const settingsQueryKey = queryRoots.settings;

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
