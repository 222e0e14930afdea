import { myReportsSchema, type MyReports } from '@common/schemas/me';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

/** GET /api/me/reports: the signed-in person's own reports, newest week first. */
export function getMyReports(): Promise<MyReports> {
  return api.get('/api/me/reports', myReportsSchema);
}

export const myReportsQueryKey = [...queryRoots.mine, 'reports'] as const;

export function useMyReports() {
  return useQuery({ queryKey: myReportsQueryKey, queryFn: getMyReports });
}
