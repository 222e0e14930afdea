import { auditLogResponseSchema, type AuditLogResponse } from '@common/schemas/audit';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { auditKeys } from '@/lib/query-keys';

export type AuditFilters = {
  /** Prefix of the action code, e.g. 'auth.'; empty for all. */
  action: string;
  /** 'yyyy-mm-dd' (a UTC day) or empty. */
  from: string;
  to: string;
};

const PAGE_SIZE = 25;

/** GET /api/audit-log (ADMIN): newest first, `before` is the previous page's `nextBefore`. */
export function getAuditLog(filters: AuditFilters, before?: string): Promise<AuditLogResponse> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (filters.action) params.set('action', filters.action);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (before) params.set('before', before);
  return api.get(`/api/audit-log?${params.toString()}`, auditLogResponseSchema);
}

export const auditLogQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam }) => getAuditLog(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(auditLogQueryOptions(filters));
}
