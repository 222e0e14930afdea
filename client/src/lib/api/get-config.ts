import { PRODUCT_NAME } from '@common/constants';
import { appConfigSchema, type AppConfig } from '@common/schemas/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { configKeys } from '@/lib/query-keys';

/** GET /api/config: public settings the interface needs before anyone signs in. */
export function getConfig(): Promise<AppConfig> {
  return api.get('/api/config', appConfigSchema);
}

export const configQueryOptions = () =>
  queryOptions({
    queryKey: configKeys.all,
    queryFn: getConfig,
    staleTime: Infinity,
    throwOnError: true,
  });

export function useAppConfig() {
  return useQuery(configQueryOptions());
}

/** The product name to show, before the configuration has arrived too. */
export function useProductName() {
  return useAppConfig().data?.productName ?? PRODUCT_NAME;
}
