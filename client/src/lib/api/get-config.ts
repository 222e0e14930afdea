import { PRODUCT_NAME } from '@common/constants';
import { DEFAULT_TIMEZONE } from '@common/roles';
import { appConfigSchema, type AppConfig } from '@common/schemas/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

/** GET /api/config: public settings the interface needs before anyone signs in. */
export function getConfig(): Promise<AppConfig> {
  return api.get('/api/config', appConfigSchema);
}

export const configQueryKey = queryRoots.config;

export const configQueryOptions = () =>
  queryOptions({
    queryKey: configQueryKey,
    queryFn: getConfig,
    staleTime: Infinity,
    // Only when there is none yet: a failed refetch keeps the configuration already known.
    throwOnError: (_error, query) => query.state.data === undefined,
  });

export function useAppConfig() {
  return useQuery(configQueryOptions());
}

/** The product name to show, before the configuration has arrived too. */
export function useProductName() {
  return useAppConfig().data?.productName ?? PRODUCT_NAME;
}

/**
 * The organisation's time zone, in which every date and time is shown, so that two people of the
 * organisation read the same day and hour for the same event.
 */
export function useOrganisationTimeZone(): string {
  return useAppConfig().data?.timeZone ?? DEFAULT_TIMEZONE;
}
