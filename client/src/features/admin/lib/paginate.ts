export const PAGE_SIZE = 20;

/** One page of `rows`; `page` (1-based) is clamped into range, and there is always a page 1. */
export function paginate<T>(rows: readonly T[], page: number, pageSize = PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const start = (current - 1) * pageSize;
  return { rows: rows.slice(start, start + pageSize), page: current, pageCount };
}
