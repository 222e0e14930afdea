/** Query keys, one factory per resource, so that invalidation always names the same arrays. */
export const userKeys = {
  all: ['users'] as const,
  current: () => [...userKeys.all, 'current'] as const,
  bySlug: (slug: string) => [...userKeys.all, 'slug', slug] as const,
  /** Every list the administrator panel shows: invalidate this after any change to a user. */
  lists: () => [...userKeys.all, 'list'] as const,
  /** GET /api/users/with-counts. */
  withCounts: () => [...userKeys.lists(), 'with-counts'] as const,
};

export const configKeys = {
  all: ['config'] as const,
};

export const reportKeys = {
  all: ['reports'] as const,
  /** The signed-in author's report for their current week. */
  current: () => [...reportKeys.all, 'current'] as const,
};

export const settingsKeys = {
  all: ['settings'] as const,
};

export const outboxKeys = {
  all: ['outbox'] as const,
  list: () => [...outboxKeys.all, 'list'] as const,
  message: (id: string) => [...outboxKeys.all, 'message', id] as const,
};

export const auditKeys = {
  all: ['audit-log'] as const,
  list: (filters: object) => [...auditKeys.all, 'list', filters] as const,
};

export const reminderKeys = {
  all: ['reminders'] as const,
  /** GET /api/reminders: the history, newest first. */
  history: () => [...reminderKeys.all, 'history'] as const,
};

export const panelKeys = {
  all: ['panel'] as const,
  /** GET /api/appa?weekStart=: the week of the administrator panel. */
  week: (weekStart: string) => [...panelKeys.all, 'week', weekStart] as const,
  /** GET /api/appa/week?…: one filtered page of the week (Resumen Semanal, Revisión de APPAs). */
  weekPage: (query: object) => [...panelKeys.all, 'week-page', query] as const,
  /** GET /api/files/submission/{id}: one report's attachments. */
  files: (submissionId: string) => [...panelKeys.all, 'files', submissionId] as const,
  /** GET /api/appa/{id}: one report, as the detail dialog keeps it current. */
  detail: (submissionId: string) => [...panelKeys.all, 'appa', submissionId] as const,
  /** GET /api/appa/{id}/comments. */
  comments: (submissionId: string) => [...panelKeys.all, 'comments', submissionId] as const,
  /** GET /api/review-tasks/submission/{id}. */
  tasks: (submissionId: string) => [...panelKeys.all, 'tasks', submissionId] as const,
  /** GET /api/review-tasks/mine: 'Mis tareas'. */
  myTasks: () => [...panelKeys.all, 'my-tasks'] as const,
  assignees: () => [...panelKeys.all, 'assignees'] as const,
};

/** Lateral sharing between leaders (/lider). */
export const shareKeys = {
  all: ['shares'] as const,
  /** GET /api/appa?weekStart= as a LIDER: own report, its shares, reports shared with them. */
  leaderWeek: (weekStart: string) => [...shareKeys.all, 'leader-week', weekStart] as const,
  /** GET /api/users/same-role. */
  peers: () => [...shareKeys.all, 'peers'] as const,
};

/** The role dashboards (/consejo, /vp, /gerente, /lider). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  /** GET /api/dashboard/hierarchy?weekStart=: analytics, hierarchy and team of the viewer's area. */
  hierarchy: (weekStart: string) => [...dashboardKeys.all, 'hierarchy', weekStart] as const,
  /** GET /api/appa?weekStart= as CONSEJO, VP, GERENTE or ADMIN: the week's reports of the area. */
  areaWeek: (weekStart: string) => [...dashboardKeys.all, 'area-week', weekStart] as const,
  /** GET /api/appa/week?…: one filtered page of the area's week (the week lists). */
  areaWeekPage: (query: object) => [...dashboardKeys.all, 'area-week-page', query] as const,
  /** GET /api/dashboard/people?q=: the person picker's search. */
  people: (q: string) => [...dashboardKeys.all, 'people', q] as const,
  /** GET /api/dashboard/trends?weeks=&userId=. */
  trends: (weeks: number, userId: string | null) =>
    [...dashboardKeys.all, 'trends', weeks, userId] as const,
  /** GET /api/appa/history?userId=&from=&to=. */
  history: (userId: string, from: string, to: string) =>
    [...dashboardKeys.all, 'history', userId, from, to] as const,
};
