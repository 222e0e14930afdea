import { reportSummarySchema, type ReportSummary } from '@common/schemas/panel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';
import { DASHBOARD_STALE_TIME } from './get-hierarchy';

const historySchema = z.array(reportSummarySchema);

/**
 * GET /api/appa/history?userId=&from=&to=: a person's reports whose week starts between the two
 * dates (YYYY-MM-DD), for someone the viewer may read.
 */
export function getHistory(userId: string, from: string, to: string): Promise<ReportSummary[]> {
  const params = new URLSearchParams({ userId, from, to });
  return api.get(`/api/appa/history?${params.toString()}`, historySchema);
}

export const historyQueryKey = (userId: string, from: string, to: string) =>
  [...queryRoots.dashboard, 'history', userId, from, to] as const;

export const historyQueryOptions = (userId: string, from: string, to: string) =>
  queryOptions({
    queryKey: historyQueryKey(userId, from, to),
    queryFn: () => getHistory(userId, from, to),
    staleTime: DASHBOARD_STALE_TIME,
  });

export function useHistory(userId: string | null, from: string, to: string) {
  return useQuery({
    ...historyQueryOptions(userId ?? '', from, to),
    enabled: userId !== null && from !== '' && to !== '' && from <= to,
  });
}
