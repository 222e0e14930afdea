import type { CurrentUser, User } from '@common/schemas/auth';
import type { Share } from '@common/schemas/dashboard';
import type { ReviewComment, ReviewTask } from '@common/schemas/panel';
import type { Report } from '@common/schemas/report';
import { DEFAULT_SETTINGS } from '@common/schemas/settings';
import type { AdminUser } from '@common/schemas/users';
import { author, report } from '@common/testing/panel-fixtures';
import {
  MutationObserver,
  QueryClient,
  type MutationObserverOptions,
  type QueryKey,
} from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { auditLogQueryKeys } from '@/features/audit/api/get-audit-log';
import { changePasswordMutationOptions } from '@/features/auth/api/change-password';
import { requestMagicLinkMutationOptions } from '@/features/auth/api/request-magic-link';
import { hierarchyQueryKey } from '@/features/dashboards/api/get-hierarchy';
import { historyQueryKey } from '@/features/dashboards/api/get-history';
import { trendsQueryKey } from '@/features/dashboards/api/get-trends';
import { peopleSearchQueryKey } from '@/features/dashboards/api/search-people';
import { outboxQueryKey } from '@/features/mail/api/get-outbox';
import { remindersQueryKey } from '@/features/reminders/api/get-reminders';
import { sendRemindersMutationOptions } from '@/features/reminders/api/send-reminders';
import { currentReportQueryKey } from '@/features/reports/api/get-current-report';
import { saveReportMutationOptions } from '@/features/reports/api/save-report';
import { addReviewCommentMutationOptions } from '@/features/reviews/api/add-review-comment';
import { createReviewTaskMutationOptions } from '@/features/reviews/api/create-review-task';
import { appaQueryKey } from '@/features/reviews/api/get-appa';
import { myTasksQueryKey } from '@/features/reviews/api/get-my-tasks';
import { reviewCommentsQueryKey } from '@/features/reviews/api/get-review-comments';
import { submissionFilesQueryKey } from '@/features/reviews/api/get-submission-files';
import { submissionTasksQueryKey } from '@/features/reviews/api/get-submission-tasks';
import { taskAssigneesQueryKey } from '@/features/reviews/api/get-task-assignees';
import { reviewAppaMutationOptions } from '@/features/reviews/api/review-appa';
import { updateReviewCommentMutationOptions } from '@/features/reviews/api/update-review-comment';
import { updateTaskStatusMutationOptions } from '@/features/reviews/api/update-task-status';
import { settingsQueryKey } from '@/features/settings/api/get-settings';
import { updateSettingsMutationOptions } from '@/features/settings/api/update-settings';
import { peersQueryKey } from '@/features/shares/api/get-peers';
import { revokeShareMutationOptions } from '@/features/shares/api/revoke-share';
import { shareReportMutationOptions } from '@/features/shares/api/share-report';
import { createUserMutationOptions } from '@/features/users/api/create-user';
import { usersWithCountsQueryKey } from '@/features/users/api/get-users-with-counts';
import { resetUserPasswordMutationOptions } from '@/features/users/api/reset-user-password';
import { unblockSignInMutationOptions } from '@/features/users/api/unblock-sign-in';
import { updateUserMutationOptions } from '@/features/users/api/update-user';
import { updateUserStatusMutationOptions } from '@/features/users/api/update-user-status';
import { weekQueryKey } from '@/features/week/api/get-week';
import { weekPageQueryKey } from '@/features/week/api/get-week-page';
import { markSubmittedMutationOptions } from '@/features/week/api/mark-submitted';
import { configQueryKey } from '@/lib/api/get-config';
import { currentUserQueryKey } from '@/lib/api/get-current-user';

// Every mutation must refresh every query whose answer it changes, across resources: a report
// reviewed on /admin must not still read unreviewed on /consejo. Each case runs the mutation's
// real options (its onSuccess) against a real QueryClient that holds one answer of every query
// the screens keep, and checks which of them it marked stale: no fewer, and no more.

const WEEK = '2026-11-16';
const ana = author('Ana Torres', 'ana@example.com', 'Ventas');
const submission = report(ana);
const timestamps = { createdAt: '2026-11-16T15:00:00.000Z', updatedAt: '2026-11-16T15:00:00.000Z' };
const reviewer = { id: '00000000-0000-4000-8000-0000000000aa', fullName: 'Rita Revisora' };

/** The queries the screens keep, by name. */
const VIEWS = {
  // The week: the panel's page, a dashboard's page, the whole week and a leader's own week.
  panelWeekPage: weekPageQueryKey({ weekStart: WEEK, status: 'enviados', review: 'todos' }),
  dashboardWeekPage: weekPageQueryKey({ weekStart: WEEK, q: '', page: 1, pageSize: 20 }),
  areaWeek: weekQueryKey(WEEK, 'area'),
  leaderWeek: weekQueryKey(WEEK, 'own'),
  // The dashboards.
  hierarchy: hierarchyQueryKey(WEEK),
  trends: trendsQueryKey(12, null),
  history: historyQueryKey(ana.id, '2026-10-26', '2026-11-22'),
  peopleSearch: peopleSearchQueryKey('ana'),
  // One report and its review.
  report: appaQueryKey(submission.id),
  files: submissionFilesQueryKey(submission.id),
  comments: reviewCommentsQueryKey(submission.id),
  tasks: submissionTasksQueryKey(submission.id),
  myTasks: myTasksQueryKey,
  assignees: taskAssigneesQueryKey(submission.id),
  // People.
  users: usersWithCountsQueryKey,
  peers: peersQueryKey,
  // What the server writes down or sends.
  auditLog: auditLogQueryKeys.pages({ action: '', from: '', to: '' }),
  recentAudit: auditLogQueryKeys.recent(15),
  outbox: outboxQueryKey,
  reminders: remindersQueryKey,
  // Kept by writing the answer, never refetched by a change.
  settings: settingsQueryKey,
  currentReport: currentReportQueryKey,
  currentUser: currentUserQueryKey,
  config: configQueryKey,
} satisfies Record<string, QueryKey>;
type View = keyof typeof VIEWS;

const REPORT_VIEWS: View[] = [
  'panelWeekPage',
  'dashboardWeekPage',
  'areaWeek',
  'leaderWeek',
  'hierarchy',
  'trends',
  'history',
  'peopleSearch',
  'report',
  'files',
  'comments',
  'tasks',
  'myTasks',
  'assignees',
];
const PEOPLE_VIEWS: View[] = [...REPORT_VIEWS, 'users', 'peers'];
const AUDIT: View[] = ['auditLog', 'recentAudit'];

const sorted = (views: View[]) => [...views].sort();

const user: User = {
  id: ana.id,
  email: ana.email,
  username: 'ana',
  fullName: ana.fullName,
  cargo: ana.cargo,
  role: 'USER',
  managerId: null,
  unidadOrganizacional: ana.unidadOrganizacional,
  status: 'ACTIVO',
  slug: ana.slug,
  mustChangePassword: false,
  timezone: 'America/Lima',
  lastLoginAt: null,
  ...timestamps,
};
const adminUser: AdminUser = {
  ...user,
  abilities: { edit: true, suspend: true, resetPassword: true, remind: true, unblockSignIn: false },
};
const currentUser: CurrentUser = {
  ...user,
  abilities: {
    administer: false,
    boardDashboard: false,
    vpDashboard: false,
    managerDashboard: false,
    leaderDashboard: false,
    report: true,
    remind: false,
  },
};
const comment: ReviewComment = {
  id: '00000000-0000-4000-8000-0000000000c1',
  submissionId: submission.id,
  comment: 'Bien',
  reviewerId: reviewer.id,
  reviewer,
  parentId: null,
  ...timestamps,
  abilities: { edit: true, reply: true },
};
const task: ReviewTask = {
  id: '00000000-0000-4000-8000-0000000000a1',
  submissionId: submission.id,
  title: 'Revisar KPI',
  description: null,
  assignedToId: reviewer.id,
  assignedTo: reviewer,
  createdBy: reviewer,
  priority: 'MEDIA',
  status: 'COMPLETADA',
  tentativeDate: null,
  dueDate: null,
  completedAt: timestamps.updatedAt,
  ...timestamps,
  submission: { id: submission.id, authorFullName: ana.fullName, weekStart: WEEK },
  abilities: { updateStatus: true },
};
const share: Share = {
  id: '00000000-0000-4000-8000-0000000000b1',
  submissionId: submission.id,
  sharedBy: { id: ana.id, fullName: ana.fullName },
  sharedWith: reviewer,
  permission: 'read',
  expiresAt: null,
  createdAt: timestamps.createdAt,
  abilities: { revoke: true },
};
const savedReport: Report = { ...submission, files: [] };

function clientHoldingEveryView() {
  const queryClient = new QueryClient();
  for (const key of Object.values(VIEWS)) queryClient.setQueryData(key, { held: true });
  // The two answers a change to a person writes into, before refetching the lists.
  queryClient.setQueryData(VIEWS.users, [{ ...user, submissionCount: 3 }]);
  queryClient.setQueryData(VIEWS.currentUser, user);
  return queryClient;
}

/** Runs the mutation's options with `answer` as the server's answer; names what went stale. */
async function staleAfter<TData, TVariables>(
  options: (queryClient: QueryClient) => MutationObserverOptions<TData, Error, TVariables>,
  variables: TVariables,
  answer: TData,
): Promise<View[]> {
  const queryClient = clientHoldingEveryView();
  const observer = new MutationObserver(queryClient, {
    ...options(queryClient),
    mutationFn: () => Promise.resolve(answer),
  });
  await observer.mutate(variables);
  return (Object.keys(VIEWS) as View[]).filter(
    (name) => queryClient.getQueryState(VIEWS[name])?.isInvalidated,
  );
}

describe('a change to a report refreshes the panel, the dashboards and the open detail', () => {
  it('marking it reviewed', async () => {
    const stale = await staleAfter(
      reviewAppaMutationOptions,
      { submissionId: submission.id, notes: '', isUpdate: false },
      { message: 'APPA revisado', submission: { ...submission, reviewedAt: timestamps.updatedAt } },
    );
    expect(sorted(stale)).toEqual(sorted(REPORT_VIEWS));
  });

  it('commenting on it (the lists count comments; the audit log records it)', async () => {
    const stale = await staleAfter(
      addReviewCommentMutationOptions,
      { submissionId: submission.id, comment: 'Bien' },
      comment,
    );
    expect(sorted(stale)).toEqual(sorted([...REPORT_VIEWS, ...AUDIT]));
  });

  it('editing a comment changes only the thread and the audit log', async () => {
    const stale = await staleAfter(
      updateReviewCommentMutationOptions,
      { commentId: comment.id, comment: 'Muy bien' },
      comment,
    );
    expect(sorted(stale)).toEqual(sorted(['comments', ...AUDIT]));
  });

  it('creating a task, or moving one (the lists count open tasks)', async () => {
    const created = await staleAfter(
      createReviewTaskMutationOptions,
      {
        submissionId: submission.id,
        title: 'Revisar KPI',
        description: null,
        assignedToId: reviewer.id,
        priority: 'MEDIA',
        tentativeDate: null,
        dueDate: null,
      },
      task,
    );
    expect(sorted(created)).toEqual(sorted([...REPORT_VIEWS, ...AUDIT]));

    const moved = await staleAfter(
      updateTaskStatusMutationOptions,
      { taskId: task.id, status: 'COMPLETADA' },
      task,
    );
    expect(sorted(moved)).toEqual(sorted([...REPORT_VIEWS, ...AUDIT]));
  });

  it('marking it as sent (the users table counts sent reports too)', async () => {
    const stale = await staleAfter(
      markSubmittedMutationOptions,
      { userId: ana.id, weekStart: WEEK },
      { message: 'Usuario marcado como enviado', submission },
    );
    expect(sorted(stale)).toEqual(sorted([...REPORT_VIEWS, 'users', ...AUDIT]));
  });

  it('saving or sending it from the form, which keeps its own copy', async () => {
    const stale = await staleAfter(
      saveReportMutationOptions,
      {
        avances: 'Avances',
        planes: 'Planes',
        problemas: '',
        ayuda: '',
        kpiNombre: 'Ventas',
        kpiMetaPct: 90,
        kpiLogroPct: 95.5,
        status: 'ENVIADO',
        files: [],
      },
      savedReport,
    );
    expect(sorted(stale)).toEqual(sorted(REPORT_VIEWS));
  });

  it('sharing it and revoking the share (the leader’s week lists the shares)', async () => {
    const shared = await staleAfter(
      shareReportMutationOptions,
      { submissionId: submission.id, sharedWithId: reviewer.id, permission: 'read' },
      share,
    );
    expect(sorted(shared)).toEqual(sorted([...REPORT_VIEWS, ...AUDIT]));

    const revoked = await staleAfter(revokeShareMutationOptions, share.id, {});
    expect(sorted(revoked)).toEqual(sorted([...REPORT_VIEWS, ...AUDIT]));
  });
});

describe('a change to a person refreshes every view that counts or lists people', () => {
  it('creating one, whose credentials are e-mailed', async () => {
    const stale = await staleAfter(
      createUserMutationOptions,
      { email: user.email, fullName: user.fullName },
      { user, temporaryPassword: 'x' },
    );
    expect(sorted(stale)).toEqual(sorted([...PEOPLE_VIEWS, ...AUDIT, 'outbox']));
  });

  // The signed-in person is Ana; the administrator edits a colleague.
  const colleague: AdminUser = { ...adminUser, id: reviewer.id, fullName: reviewer.fullName };

  it('editing one, or suspending them', async () => {
    const edited = await staleAfter(
      updateUserMutationOptions,
      { id: colleague.id, input: { cargo: 'Jefa' } },
      { ...colleague, cargo: 'Jefa' },
    );
    expect(sorted(edited)).toEqual(sorted([...PEOPLE_VIEWS, ...AUDIT]));

    const suspended = await staleAfter(
      updateUserStatusMutationOptions,
      { id: colleague.id, status: 'SUSPENDIDO' },
      { message: 'Usuario suspendido', user: { ...colleague, status: 'SUSPENDIDO' } },
    );
    expect(sorted(suspended)).toEqual(sorted([...PEOPLE_VIEWS, ...AUDIT]));
  });

  it('editing oneself also refetches the screens one may open, which the role decides', async () => {
    const edited = await staleAfter(
      updateUserMutationOptions,
      { id: user.id, input: { role: 'LIDER' } },
      { ...adminUser, role: 'LIDER' },
    );
    expect(sorted(edited)).toEqual(sorted([...PEOPLE_VIEWS, ...AUDIT, 'currentUser']));
  });

  it('letting someone held back by failed sign-ins try again', async () => {
    const stale = await staleAfter(unblockSignInMutationOptions, user.id, {
      message: 'Ana ya puede volver a iniciar sesión',
    });
    expect(sorted(stale)).toEqual(sorted(['users', ...AUDIT]));
  });

  it('resetting a password, which is e-mailed', async () => {
    const stale = await staleAfter(resetUserPasswordMutationOptions, user.id, {
      message: 'Contraseña restablecida',
      temporaryPassword: 'x',
    });
    expect(sorted(stale)).toEqual(sorted([...PEOPLE_VIEWS, ...AUDIT, 'outbox']));
  });
});

describe('changes that only the server’s records show', () => {
  it('sending reminders: their history, the outbox and the audit log', async () => {
    const stale = await staleAfter(
      sendRemindersMutationOptions,
      { type: 'pending', subject: 'Recordatorio', message: 'Hola' },
      { sent: 1, message: 'Se enviaron 1 recordatorios exitosamente', skipped: [] },
    );
    expect(sorted(stale)).toEqual(sorted(['reminders', 'outbox', ...AUDIT]));
  });

  it('saving the settings writes them and the public configuration, and refreshes the audit log', async () => {
    const stale = await staleAfter(
      updateSettingsMutationOptions,
      { magicLinksEnabled: false },
      { ...DEFAULT_SETTINGS, magicLinksEnabled: false },
    );
    expect(sorted(stale)).toEqual(sorted(AUDIT));
  });

  it('changing one’s password, and asking for a magic link', async () => {
    const changed = await staleAfter(
      changePasswordMutationOptions,
      { currentPassword: 'a', newPassword: 'b', confirmPassword: 'b' },
      { message: 'Contraseña actualizada', user: currentUser },
    );
    expect(sorted(changed)).toEqual(sorted(AUDIT));

    const asked = await staleAfter(
      requestMagicLinkMutationOptions,
      { email: user.email },
      { message: 'Revisa tu correo' },
    );
    expect(sorted(asked)).toEqual(sorted(['outbox', ...AUDIT]));
  });
});
