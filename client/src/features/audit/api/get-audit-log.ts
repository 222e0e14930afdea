import { auditLogResponseSchema, type AuditLogResponse } from '@common/schemas/audit';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

export type AuditFilters = {
  /** Prefix of the action code, e.g. 'auth.'; empty for all. */
  action: string;
  /** 'yyyy-mm-dd' (a whole day in the organisation's time zone) or empty. */
  from: string;
  to: string;
};

const PAGE_SIZE = 25;
/** How many entries the control pages' compact view shows. */
const RECENT_ENTRIES = 15;
/** The control pages refresh their figures this often. */
const RECENT_REFRESH_MS = 10_000;

/** GET /api/audit-log (ADMIN): newest first, `before` is the previous page's `nextBefore`. */
export function getAuditLog({
  limit,
  before,
  ...filters
}: Partial<AuditFilters> & { limit: number; before?: string }): Promise<AuditLogResponse> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (filters.action) params.set('action', filters.action);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (before) params.set('before', before);
  return api.get(`/api/audit-log?${params.toString()}`, auditLogResponseSchema);
}

export const auditLogQueryKeys = {
  /** The log card's pages for its filters. */
  pages: (filters: AuditFilters) => [...queryRoots.audit, 'pages', filters] as const,
  /** The latest entries alone. */
  recent: (limit: number) => [...queryRoots.audit, 'recent', limit] as const,
};

export const auditLogQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditLogQueryKeys.pages(filters),
    queryFn: ({ pageParam }) => getAuditLog({ ...filters, limit: PAGE_SIZE, before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(auditLogQueryOptions(filters));
}

export const recentAuditQueryOptions = () =>
  queryOptions({
    queryKey: auditLogQueryKeys.recent(RECENT_ENTRIES),
    queryFn: () => getAuditLog({ limit: RECENT_ENTRIES }),
    refetchInterval: RECENT_REFRESH_MS,
  });

/** The latest entries, kept current by polling (the control pages). */
export function useRecentAudit() {
  return useQuery(recentAuditQueryOptions());
}
