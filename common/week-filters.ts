import type { SubmissionStatus } from './roles';
import { foldAccents } from './text';

/**
 * How the week's lists are searched, filtered and paged: the same rules on the server, which pages
 * the panel's week (GET /api/appa/week), and in the browser, which filters the smaller lists.
 */

/** The users whose name or e-mail contains the search text (all of them when it is blank). */
export function searchUsers<T extends { fullName: string; email: string }>(
  users: readonly T[],
  search: string,
): T[] {
  const needle = foldAccents(search.trim());
  if (!needle) return [...users];
  return users.filter(
    (u) => foldAccents(u.fullName).includes(needle) || foldAccents(u.email).includes(needle),
  );
}

export const PAGE_SIZE = 20;

/** One page of `rows`; `page` (1-based) is clamped into range, and there is always a page 1. */
export function paginate<T>(rows: readonly T[], page: number, pageSize = PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const start = (current - 1) * pageSize;
  return { rows: rows.slice(start, start + pageSize), page: current, pageCount };
}

/** The status filter of Resumen Semanal; 'pendientes' swaps the submissions table for the pending one. */
export const STATUS_FILTERS = [
  { value: 'todos', label: 'Todos' },
  { value: 'enviados', label: 'Enviados' },
  { value: 'borradores', label: 'Borradores' },
  { value: 'pendientes', label: 'Pendientes' },
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];

export const isStatusFilter = (value: string): value is StatusFilter =>
  STATUS_FILTERS.some((f) => f.value === value);

/** Every team. */
export const ALL_TEAMS = '';

export type SummaryFilters = { search: string; status: StatusFilter; team: string };

type Author = { fullName: string; email: string; unidadOrganizacional: string | null };

const inTeam = (author: Author, team: string) =>
  team === ALL_TEAMS || author.unidadOrganizacional === team;

/** The week's reports the submissions table shows for the search, status and team. */
export function filterSubmissions<T extends { status: SubmissionStatus; user: Author }>(
  submissions: readonly T[],
  { search, status, team }: SummaryFilters,
): T[] {
  const byStatus = submissions.filter(
    (s) =>
      status === 'todos' ||
      (status === 'enviados' && s.status === 'ENVIADO') ||
      (status === 'borradores' && s.status === 'BORRADOR'),
  );
  const found = new Set(
    searchUsers(
      byStatus.map((s) => s.user),
      search,
    ),
  );
  return byStatus.filter((s) => found.has(s.user) && inTeam(s.user, team));
}

/** The pending authors that match the search and the team (the status filter does not apply). */
export function filterPending<T extends Author>(
  pending: readonly T[],
  { search, team }: Pick<SummaryFilters, 'search' | 'team'>,
): T[] {
  return searchUsers(pending, search).filter((p) => inTeam(p, team));
}

/** The review filter of 'Revisión de APPAs'. */
export const REVIEW_FILTERS = [
  { value: 'todos', label: 'Todos' },
  { value: 'sin-revisar', label: 'Sin revisar' },
  { value: 'revisados', label: 'Revisados' },
] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number]['value'];

export const isReviewFilter = (value: string | null): value is ReviewFilter =>
  REVIEW_FILTERS.some((f) => f.value === value);

type Reviewable = { status: SubmissionStatus; reviewedAt: string | null };

/** Only a sent report can be reviewed, so the tab shows the week's ENVIADO ones. */
export function reviewableOf<T extends Reviewable>(submissions: readonly T[]): T[] {
  return submissions.filter((s) => s.status === 'ENVIADO');
}

/** The three counters, over the week's sent reports whatever the filter. */
export function reviewCounts(sent: readonly Reviewable[]) {
  const reviewed = sent.filter((s) => s.reviewedAt !== null).length;
  return { total: sent.length, unreviewed: sent.length - reviewed, reviewed };
}

export function filterByReview<T extends Reviewable>(
  sent: readonly T[],
  filter: ReviewFilter,
): T[] {
  if (filter === 'todos') return [...sent];
  const wantReviewed = filter === 'revisados';
  return sent.filter((s) => (s.reviewedAt !== null) === wantReviewed);
}
