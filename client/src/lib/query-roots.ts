import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The first element of every query key, one per resource. Each endpoint's key starts from its
 * resource's root here, so that a change in one resource can make another's answers stale without
 * the features importing each other: the helpers below name the roots each kind of change reaches.
 */
export const queryRoots = {
  /** GET /api/appa and /api/appa/week: the panel's week, the dashboards' lists, a leader's week. */
  week: ['week'],
  /** One report with its files, review comments and tasks; one's own tasks; who may get one. */
  reviews: ['reviews'],
  /** The dashboards' hierarchy, trends, people search and a person's history. */
  dashboard: ['dashboard'],
  /** The administrator's lists of users, and whose personal link is open. */
  users: ['users'],
  /** The leaders a leader may share a report with. */
  shares: ['shares'],
  /** The author's own report of the current week. */
  reports: ['reports'],
  /** Mis reportes: the signed-in person's own reports with what came back on each. */
  mine: ['mine'],
  /** The bell: the signed-in person's notifications, and how they hear of them by e-mail. */
  notifications: ['notifications'],
  settings: ['settings'],
  reminders: ['reminders'],
  audit: ['audit-log'],
  outbox: ['outbox'],
  /** The API tokens the signed-in person sees. */
  tokens: ['tokens'],
  /** The webhooks' endpoints and their recent deliveries (administrators). */
  webhooks: ['webhooks'],
  /** Whether scheduled jobs run or are paused (a restored database). */
  jobs: ['jobs'],
  /** GET /api/config: what the interface needs before anyone signs in. */
  config: ['config'],
  /**
   * Who is signed in. Never invalidated: sign-in, password change and logout write it, and a failed
   * refetch would take the whole app to its error screen.
   */
  session: ['session'],
} as const satisfies Record<string, QueryKey>;

function invalidate(queryClient: QueryClient, roots: readonly QueryKey[]): Promise<void> {
  return Promise.all(roots.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}

/** Every query whose answer shows reports: their state, review, comment and task counts, shares. */
export const REPORT_VIEWS = [
  queryRoots.week,
  queryRoots.reviews,
  queryRoots.dashboard,
  queryRoots.mine,
] as const;

/**
 * After a report changes (saved, sent, marked as sent, reviewed, commented, given a task, a task
 * moved, shared or unshared): the panel's week, the dashboards' lists, hierarchy and trends, and
 * the open detail read it again. Only the queries on screen refetch; the rest are marked stale.
 */
export function invalidateReportViews(queryClient: QueryClient): Promise<void> {
  return invalidate(queryClient, REPORT_VIEWS);
}

/**
 * After a person is created, edited, suspended or reactivated: who must report changes the week's
 * counts and the dashboards' teams, and the lists to pick people from (task assignees, peers to
 * share with, the people search) change too.
 */
export function invalidatePeopleViews(queryClient: QueryClient): Promise<void> {
  return invalidate(queryClient, [queryRoots.users, queryRoots.shares, ...REPORT_VIEWS]);
}

/** After anything the server writes down in the audit log. */
export function invalidateAuditLog(queryClient: QueryClient): Promise<void> {
  return invalidate(queryClient, [queryRoots.audit]);
}

/** After anything that sends e-mail, which the outbox lists where no mail server is set. */
export function invalidateOutbox(queryClient: QueryClient): Promise<void> {
  return invalidate(queryClient, [queryRoots.outbox]);
}
