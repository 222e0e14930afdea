import { and, count, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PRODUCT_NAME } from '../../common/constants';
import { reportPagePath, type NotificationKind } from '../../common/roles';
import type { MarkRead, Notification, NotificationList } from '../../common/schemas/me';
import { dayMonthYear } from '../../common/date-format';
import type { AppContext } from '../context';
import { notifications, users, type UserRow } from '../db/schema';
import { whoReads, type ReportRef } from '../policies/report';
import { publishLive } from './live';
import { notificationEmail } from './emails';
import { pageLink } from './mail-links';
import { enqueueMail, kickMail } from './mail-queue';
import { savedMailFrom } from './settings';

/** The notifications the bell lists: the newest ones. */
export const NOTIFICATIONS_LISTED = 50;

/** Something someone did about a report, and whom it concerns. */
export interface ReportNews {
  kind: NotificationKind;
  actor: Pick<UserRow, 'id' | 'fullName'>;
  report: ReportRef & { weekStart: string };
  /** Who it concerns; the actor and anyone who may not read the report now are left out. */
  to: readonly string[];
  /** The task a 'task' or 'task_done' is about. */
  taskTitle?: string;
  /** Who wrote the comment a 'reply' answers. */
  answeredId?: string;
}

const SUBJECTS: Record<NotificationKind, string> = {
  comment: 'Nuevo comentario en tu APPA',
  reply: 'Nueva respuesta en un comentario',
  review: 'Tu APPA fue revisado',
  task: 'Te asignaron una tarea',
  task_done: 'Se completó una tarea que creaste',
  share: 'Te compartieron un APPA',
  shared_comment: 'Nuevo comentario en un APPA compartido contigo',
};

/**
 * The line the person reads: who acted, on which report and week, and a task's title (the
 * recipient reads the report's tasks). Never what a report or a comment says.
 */
export function notificationText(
  news: Pick<ReportNews, 'kind' | 'actor' | 'taskTitle' | 'answeredId'>,
  report: { authorId: string; authorName: string; weekStart: string },
  recipientId: string,
): string {
  const week = `la semana del ${dayMonthYear(report.weekStart)}`;
  const own = report.authorId === recipientId;
  const byAuthor = report.authorId === news.actor.id;
  const which = own
    ? `tu APPA de ${week}`
    : byAuthor
      ? `su APPA de ${week}`
      : `el APPA de ${report.authorName} (${week})`;
  const who = news.actor.fullName;
  // One line: a title's line breaks must not write lines of their own into an e-mail.
  const title = `«${(news.taskTitle ?? '').replace(/\s+/g, ' ').trim()}»`;
  switch (news.kind) {
    case 'comment':
      return `${who} comentó ${which}.`;
    case 'shared_comment':
      return `${who} comentó ${which}, que te compartieron.`;
    case 'reply':
      if (news.answeredId === recipientId) return `${who} respondió a tu comentario en ${which}.`;
      return `${who} respondió en un hilo de comentarios de ${which}.`;
    case 'review':
      return `${who} revisó ${which}.`;
    case 'task':
      return `${who} te asignó la tarea ${title} sobre ${which}.`;
    case 'task_done':
      return `${who} completó la tarea ${title} sobre ${which}.`;
    case 'share':
      return `${who} compartió contigo ${which}.`;
  }
}

/**
 * Records `news` for each person it concerns who may read the report now (never the actor),
 * e-mails those who want it at once through the mail queue, and rings their bells. A failure is
 * logged, never thrown: what the actor did is already saved.
 */
export async function notify(ctx: AppContext, log: FastifyBaseLogger, news: ReportNews) {
  try {
    await record(ctx, log, news);
  } catch (error) {
    log.error({ err: error, kind: news.kind }, 'notification not recorded');
  }
}

async function record(ctx: AppContext, log: FastifyBaseLogger, news: ReportNews) {
  const candidates = [...new Set(news.to)].filter((id) => id !== news.actor.id);
  if (candidates.length === 0) return;
  const readers = await whoReads(ctx, news.report, candidates);
  if (readers.size === 0) return;
  const [recipients, [author]] = await Promise.all([
    ctx.db
      .select({
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        notifyEmail: users.notifyEmail,
      })
      .from(users)
      .where(inArray(users.id, [...readers])),
    ctx.db
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(eq(users.id, news.report.userId)),
  ]);
  const report = {
    authorId: news.report.userId,
    authorName: author?.fullName ?? '',
    weekStart: news.report.weekStart,
  };
  const now = ctx.clock();
  const rows = recipients.map((person) => ({
    person,
    text: notificationText(news, report, person.id),
  }));
  await ctx.db.insert(notifications).values(
    rows.map(({ person, text }) => ({
      userId: person.id,
      kind: news.kind,
      actorId: news.actor.id,
      submissionId: news.report.id,
      text,
      createdAt: now,
      // Only a daily summary still has to cover it.
      mailedAt: person.notifyEmail === 'daily' ? null : now,
    })),
  );
  const from = await savedMailFrom(ctx.db);
  const link = pageLink(ctx.config, reportPagePath(news.report.id));
  const emails = await Promise.all(
    rows
      .filter(({ person }) => person.notifyEmail === 'immediate')
      .map(async ({ person, text }) => ({
        ...(await notificationEmail({
          nombre: person.fullName,
          subject: `${SUBJECTS[news.kind]} — ${PRODUCT_NAME}`,
          lines: [text, '', `Ábrelo aquí: ${link}`, '', PREFERENCES_LINE],
          summary: false,
        })),
        from,
        to: person.email,
      })),
  );
  await enqueueMail(ctx.db, emails, now);
  await publishLive(ctx.db, {
    type: 'notification.created',
    userIds: recipients.map((p) => p.id),
  });
  kickMail(ctx, log);
}

export const PREFERENCES_LINE =
  'Puedes elegir recibir estos avisos al momento, en un resumen diario o no recibirlos, desde la campana de notificaciones.';

/** The person's newest notifications and how many they have not read. */
export async function listNotifications(
  ctx: AppContext,
  userId: string,
): Promise<NotificationList> {
  const [items, [unread]] = await Promise.all([
    ctx.db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        text: notifications.text,
        reportId: notifications.submissionId,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_LISTED),
    ctx.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return {
    items: items.map(presentNotification),
    unread: unread?.n ?? 0,
  };
}

function presentNotification(row: {
  id: string;
  kind: NotificationKind;
  text: string;
  reportId: string | null;
  createdAt: Date;
  readAt: Date | null;
}): Notification {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * Marks the person's notifications `ids` read, or all of them, sparing those created after `upTo`;
 * others' are never touched.
 */
export async function markNotificationsRead(
  ctx: AppContext,
  userId: string,
  { ids, upTo }: MarkRead,
) {
  await ctx.db
    .update(notifications)
    .set({ readAt: ctx.clock() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, [...ids]) : undefined,
        upTo ? lte(notifications.createdAt, new Date(upTo)) : undefined,
      ),
    );
}
