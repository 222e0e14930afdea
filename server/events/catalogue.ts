import type {
  NotificationKind,
  SharePermission,
  SubmissionStatus,
  TaskStatus,
  UserStatus,
} from '../../common/roles';
import type { WebhookEvent } from '../../common/schemas/webhooks';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import type { Changed } from '../lib/read-cache';
import type { AuditAction } from '../../common/audit-actions';
import type { AuditEntry } from '../services/audit';
import type { LiveEventType } from '../services/live';
import type { ReportNews } from '../services/notifications';
import type { WebhookEventData } from '../services/webhooks';
import { threadWriters } from '../domain/comments';
import { liveSharesOf } from '../policies/share';

/**
 * The domain events: each change a write announces (`announce` in announce.ts), with what follows
 * from it. One declaration per event says everything its subscribers do: the audit row, the
 * webhook event, the notifications, the live event and what the read cache forgets. Adding an
 * event is a name and its payload in `EventPayloads` and its declaration in `EVENTS`.
 */

/** Who did it, as a notification names them. */
export type Person = Pick<UserRow, 'id' | 'fullName'>;

/** The report a change is about, after the change: whose, which week, in which state. */
export interface ReportAbout {
  id: string;
  userId: string;
  status: SubmissionStatus;
  weekStart: string;
}

/**
 * What each event carries: always who did it (`actor`, whom notifications name and whose next
 * read sees the change at once) and when (`at`, the time its webhook and rows record).
 */
export interface EventPayloads {
  /** The author saved their report as a draft. */
  'report.saved': { actor: Person; report: ReportAbout; at: Date };
  /**
   * The report was sent: by its author, or recorded as sent by other means by an administrator
   * (`marked`).
   */
  'report.sent': {
    actor: Person;
    report: ReportAbout & { weekEnd: string };
    marked: boolean;
    at: Date;
  };
  /** A first review. */
  'report.reviewed': { actor: Person; report: ReportAbout; notes: NotesChange; at: Date };
  /** A reviewer changed their notes on a report already reviewed. */
  'report.review_updated': { actor: Person; report: ReportAbout; notes: NotesChange; at: Date };
  /** A comment on the report itself. */
  'comment.created': { actor: Person; report: ReportAbout; commentId: string; at: Date };
  /** An answer in a comment's thread; `answeredId` wrote the comment answered. */
  'comment.replied': {
    actor: Person;
    report: ReportAbout;
    commentId: string;
    parentId: string;
    answeredId: string;
    at: Date;
  };
  'comment.updated': { actor: Person; report: ReportAbout; commentId: string; at: Date };
  'task.created': {
    actor: Person;
    report: ReportAbout;
    task: { id: string; title: string; assignedToId: string };
    at: Date;
  };
  'task.status_changed': {
    actor: Person;
    report: ReportAbout;
    task: { id: string; title: string; createdById: string };
    from: TaskStatus;
    to: TaskStatus;
    at: Date;
  };
  'share.created': {
    actor: Person;
    report: ReportAbout;
    share: {
      id: string;
      sharedWithId: string;
      permission: SharePermission;
      expiresAt: Date | null;
    };
    at: Date;
  };
  'share.revoked': {
    actor: Person;
    report: ReportAbout;
    share: { id: string; sharedWithId: string };
    at: Date;
  };
  /**
   * A person was created: by an administrator (one at a time or `bulk`), by registering
   * (`registration`, still to confirm their address) or at their first single sign-on (`sso`).
   */
  'user.created': {
    /** Who created the account; the person themself when they registered or signed in. */
    actor: Person;
    user: Pick<UserRow, 'id' | 'email' | 'role' | 'managerId'>;
    via: 'admin' | 'bulk' | 'registration' | 'sso';
    /** Where a registration came from. */
    ip?: string;
    at: Date;
  };
  /** An administrator's upload of people: what it did with its rows. */
  'user.bulk_uploaded': {
    actor: Person;
    rows: { rows: number; created: number; skipped: number; refused: number };
    at: Date;
  };
  /** A person was suspended or activated; `suspended` when they were not suspended before. */
  'user.status_changed': {
    actor: Person;
    userId: string;
    status: UserStatus;
    suspended: boolean;
    at: Date;
  };
}

/** The text of the reviewer's own notes before and after, null for none. */
export interface NotesChange {
  from: string | null;
  to: string | null;
}

export type EventName = keyof EventPayloads;

/** An event as a write announces it: its name and its payload. */
export type DomainEvent = { [N in EventName]: { name: N } & EventPayloads[N] }[EventName];

/** One webhook event as its subscriber queues it. */
export type WebhookMessage = {
  [T in WebhookEvent]: { type: T; data: WebhookEventData[T] };
}[WebhookEvent];

/** A live event, about the report a change is about. */
export interface LiveMessage {
  type: LiveEventType;
  report: Pick<ReportAbout, 'id' | 'userId' | 'status'>;
}

/** The audit actions events write; nothing else writes them (services/audit.ts). */
export const EVENT_AUDIT_ACTIONS = [
  'report.marked_submitted',
  'report.reviewed',
  'report.review_updated',
  'review_comment.created',
  'review_comment.replied',
  'review_comment.updated',
  'review_task.created',
  'review_task.status_changed',
  'share.created',
  'share.revoked',
  'user.created',
  'user.bulk_uploaded',
  'user.status_changed',
  'auth.register',
] as const satisfies readonly AuditAction[];
export type EventAuditAction = (typeof EVENT_AUDIT_ACTIONS)[number];

/** What follows from one event; each field is read by one subscriber. */
export interface EventDeclaration<P> {
  /** The audit row (subscriber audit.ts), written in the write's transaction. */
  audit?: (event: P) => AuditEntry<EventAuditAction> | null;
  /** The webhook event (webhooks.ts), queued in the write's transaction. */
  webhook?: (event: P) => WebhookMessage | null;
  /** The notifications (notifications.ts), recorded once the write committed. */
  notifies?: (ctx: AppContext, event: P) => Promise<ReportNews[]>;
  /** The live event (live.ts), published once the write committed. */
  live?: (event: P) => LiveMessage | null;
  /**
   * What the read cache forgets (cache.ts), on every instance, once the write committed; null when
   * the write's other events already say it.
   */
  forgets: (event: P) => Changed | null;
}

type Catalogue = { [N in EventName]: EventDeclaration<EventPayloads[N]> };

/** The author's report of that week: what shows it is computed again. */
const authorWeek = ({ report }: { report: ReportAbout }): Changed => ({
  reports: [{ userId: report.userId, weekStart: report.weekStart }],
});
const liveAbout = (type: LiveEventType, { id, userId, status }: ReportAbout): LiveMessage => ({
  type,
  report: { id, userId, status },
});
/** The audit row of what the event's actor did to one entity. */
const auditRow = (
  { actor }: { actor: Person },
  action: EventAuditAction,
  entity: string,
  entityId: string,
  meta?: Record<string, unknown>,
): AuditEntry<EventAuditAction> => ({ actorId: actor.id, action, entity, entityId, meta });
/** A comment or an answer (`parentId`), as webhooks hear of both. */
const commentWebhook = (
  e: { actor: Person; report: ReportAbout; commentId: string; at: Date },
  parentId: string | null,
): WebhookMessage => ({
  type: 'comment.created',
  data: {
    commentId: e.commentId,
    reportId: e.report.id,
    authorId: e.actor.id,
    parentId,
    createdAt: e.at.toISOString(),
  },
});
/** One notification about the event's report. */
const news = (
  kind: NotificationKind,
  event: { actor: Person; report: ReportAbout },
  to: readonly string[],
  extra: Pick<ReportNews, 'taskTitle' | 'answeredId'> = {},
): ReportNews => ({ kind, actor: event.actor, report: event.report, to, ...extra });

export const EVENTS: Catalogue = {
  'report.saved': {
    live: (e) => liveAbout('report.saved', e.report),
    forgets: authorWeek,
  },
  'report.sent': {
    audit: (e) =>
      e.marked
        ? auditRow(e, 'report.marked_submitted', 'appa_submission', e.report.id, {
            userId: e.report.userId,
            weekStart: e.report.weekStart,
          })
        : null,
    webhook: (e) => ({
      type: 'report.sent',
      data: {
        reportId: e.report.id,
        authorId: e.report.userId,
        weekStart: e.report.weekStart,
        weekEnd: e.report.weekEnd,
        sentAt: e.at.toISOString(),
        markedSubmittedById: e.marked ? e.actor.id : null,
      },
    }),
    live: (e) => liveAbout(e.marked ? 'report.marked_submitted' : 'report.sent', e.report),
    forgets: authorWeek,
  },
  'report.reviewed': {
    audit: (e) => auditRow(e, 'report.reviewed', 'appa_submission', e.report.id, { ...e.notes }),
    webhook: (e) => ({
      type: 'report.reviewed',
      data: {
        reportId: e.report.id,
        authorId: e.report.userId,
        weekStart: e.report.weekStart,
        reviewerId: e.actor.id,
        reviewedAt: e.at.toISOString(),
      },
    }),
    notifies: async (_ctx, e) => [news('review', e, [e.report.userId])],
    live: (e) => liveAbout('report.reviewed', e.report),
    forgets: authorWeek,
  },
  // Updated notes are not news to the author, nor to webhooks.
  'report.review_updated': {
    audit: (e) =>
      auditRow(e, 'report.review_updated', 'appa_submission', e.report.id, { ...e.notes }),
    live: (e) => liveAbout('report.reviewed', e.report),
    forgets: authorWeek,
  },
  'comment.created': {
    audit: (e) =>
      auditRow(e, 'review_comment.created', 'review_comment', e.commentId, {
        submissionId: e.report.id,
      }),
    webhook: (e) => commentWebhook(e, null),
    // The author, and those the report is shared with.
    notifies: async (ctx, e) => {
      const peers = await liveSharesOf(ctx, e.report.id);
      return [news('comment', e, [e.report.userId]), news('shared_comment', e, [...peers.keys()])];
    },
    live: (e) => liveAbout('report.commented', e.report),
    forgets: authorWeek,
  },
  'comment.replied': {
    audit: (e) =>
      auditRow(e, 'review_comment.replied', 'review_comment', e.commentId, {
        submissionId: e.report.id,
        parentId: e.parentId,
      }),
    webhook: (e) => commentWebhook(e, e.parentId),
    // Whoever wrote in the thread, and the report's author.
    notifies: async (ctx, e) => {
      const writers = await threadWriters(ctx, e.parentId);
      return [news('reply', e, [...writers, e.report.userId], { answeredId: e.answeredId })];
    },
    live: (e) => liveAbout('report.commented', e.report),
    forgets: authorWeek,
  },
  'comment.updated': {
    audit: (e) => auditRow(e, 'review_comment.updated', 'review_comment', e.commentId),
    live: (e) => liveAbout('report.commented', e.report),
    forgets: authorWeek,
  },
  'task.created': {
    audit: (e) =>
      auditRow(e, 'review_task.created', 'review_task', e.task.id, {
        submissionId: e.report.id,
        assignedToId: e.task.assignedToId,
      }),
    webhook: (e) => ({
      type: 'task.created',
      data: {
        taskId: e.task.id,
        reportId: e.report.id,
        createdById: e.actor.id,
        assignedToId: e.task.assignedToId,
        createdAt: e.at.toISOString(),
      },
    }),
    notifies: async (_ctx, e) => [
      news('task', e, [e.task.assignedToId], { taskTitle: e.task.title }),
    ],
    forgets: authorWeek,
  },
  'task.status_changed': {
    audit: (e) =>
      auditRow(e, 'review_task.status_changed', 'review_task', e.task.id, {
        from: e.from,
        to: e.to,
      }),
    // Completing a task is the event; other moves are not.
    webhook: (e) =>
      e.to === 'COMPLETADA'
        ? {
            type: 'task.done',
            data: {
              taskId: e.task.id,
              reportId: e.report.id,
              completedById: e.actor.id,
              completedAt: e.at.toISOString(),
            },
          }
        : null,
    notifies: async (_ctx, e) =>
      e.to === 'COMPLETADA'
        ? [news('task_done', e, [e.task.createdById], { taskTitle: e.task.title })]
        : [],
    forgets: authorWeek,
  },
  'share.created': {
    audit: (e) =>
      auditRow(e, 'share.created', 'lateral_sharing', e.share.id, {
        submissionId: e.report.id,
        sharedWithId: e.share.sharedWithId,
        permission: e.share.permission,
        expiresAt: e.share.expiresAt?.toISOString() ?? null,
      }),
    notifies: async (_ctx, e) => [news('share', e, [e.share.sharedWithId])],
    forgets: authorWeek,
  },
  'share.revoked': {
    audit: (e) =>
      auditRow(e, 'share.revoked', 'lateral_sharing', e.share.id, {
        submissionId: e.report.id,
        sharedWithId: e.share.sharedWithId,
      }),
    forgets: authorWeek,
  },
  'user.created': {
    audit: ({ actor, user, via, ip }) => {
      const row = { action: 'user.created', entity: 'user', entityId: user.id } as const;
      switch (via) {
        case 'admin':
          return { ...row, actorId: actor.id, meta: { email: user.email, role: user.role } };
        case 'bulk': {
          const { email, role, managerId } = user;
          return { ...row, actorId: actor.id, meta: { email, role, managerId, bulk: true } };
        }
        case 'sso':
          return { ...row, actorId: user.id, meta: { via: 'sso', role: user.role } };
        case 'registration':
          return { ...row, action: 'auth.register', actorId: user.id, meta: { ip } };
      }
    },
    webhook: ({ actor, user, via, at }) => ({
      type: 'user.created',
      data: {
        userId: user.id,
        // Null when the person created their own account.
        createdById: via === 'admin' || via === 'bulk' ? actor.id : null,
        createdAt: at.toISOString(),
      },
    }),
    // A pending account (a registration still to confirm) is in no kept answer.
    forgets: (e) => (e.via === 'registration' ? null : 'people'),
  },
  'user.bulk_uploaded': {
    audit: (e) => ({
      actorId: e.actor.id,
      action: 'user.bulk_uploaded',
      entity: 'user',
      meta: e.rows,
    }),
    // Each person created was an event of its own.
    forgets: () => null,
  },
  'user.status_changed': {
    audit: (e) => auditRow(e, 'user.status_changed', 'user', e.userId, { status: e.status }),
    // Suspending someone already suspended is no event.
    webhook: (e) =>
      e.suspended
        ? {
            type: 'user.suspended',
            data: { userId: e.userId, suspendedById: e.actor.id, suspendedAt: e.at.toISOString() },
          }
        : null,
    forgets: () => 'people',
  },
};

/** The declaration of `event`'s name, typed for its payload. */
export function declarationOf<E extends DomainEvent>(event: E): EventDeclaration<E> {
  return EVENTS[event.name] as unknown as EventDeclaration<E>;
}
