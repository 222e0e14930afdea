import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  ABSENCE_REASONS,
  NOTIFICATION_KINDS,
  NOTIFY_EMAIL_OPTIONS,
  REMINDER_TYPES,
  ROLES,
  SHARE_PERMISSIONS,
  SUBMISSION_STATUSES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  USER_STATUSES,
} from '../../common/roles';
import { API_TOKEN_KINDS } from '../../common/schemas/api-tokens';
import type { MailKind } from '../../common/schemas/mail';
import {
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDeliveryType,
  type WebhookEvent,
} from '../../common/schemas/webhooks';

export const roleEnum = pgEnum('role', ROLES);
export const userStatusEnum = pgEnum('user_status', USER_STATUSES);
export const submissionStatusEnum = pgEnum('submission_status', SUBMISSION_STATUSES);
export const reminderTypeEnum = pgEnum('reminder_type', REMINDER_TYPES);
export const taskStatusEnum = pgEnum('task_status', TASK_STATUSES);
export const taskPriorityEnum = pgEnum('task_priority', TASK_PRIORITIES);
export const sharePermissionEnum = pgEnum('share_permission', SHARE_PERMISSIONS);
export const notifyEmailEnum = pgEnum('notify_email', NOTIFY_EMAIL_OPTIONS);
export const notificationKindEnum = pgEnum('notification_kind', NOTIFICATION_KINDS);
export const absenceReasonEnum = pgEnum('absence_reason', ABSENCE_REASONS);
export const mailStatusEnum = pgEnum('mail_status', ['PENDING', 'SENT', 'FAILED']);
export const apiTokenKindEnum = pgEnum('api_token_kind', API_TOKEN_KINDS);
export const webhookDeliveryStatusEnum = pgEnum(
  'webhook_delivery_status',
  WEBHOOK_DELIVERY_STATUSES,
);
export const tokenPurposeEnum = pgEnum('token_purpose', [
  'MAGIC_LINK',
  'PASSWORD_RESET',
  'EMAIL_VERIFICATION',
]);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored lower-cased by the services, so uniqueness is case-insensitive.
    email: text('email').notNull().unique(),
    username: text('username').notNull().unique(),
    fullName: text('full_name').notNull(),
    cargo: text('cargo'),
    role: roleEnum('role').notNull().default('USER'),
    managerId: uuid('manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    unidadOrganizacional: text('unidad_organizacional'),
    status: userStatusEnum('status').notNull().default('ACTIVO'),
    slug: text('slug').notNull().unique(),
    // A 6-digit registration PIN column with no flow that sets it: kept nullable, never set.
    pinHash: text('pin_hash'),
    /** Argon2id hash; null for an account that signs in only by magic link. */
    password: text('password'),
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    timezone: text('timezone').notNull().default('America/Lima'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The last e-mail telling the owner that someone tried to register with their address. */
    registrationNoticeAt: timestamp('registration_notice_at', { withTimezone: true }),
    /**
     * When `status` last changed, as the server's clock says; the trigger that keeps
     * `user_activity` dates the change by it (by the database's clock when a write leaves it as it
     * was).
     */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** How the person hears of what others do about them by e-mail: at once, once a day, never. */
    notifyEmail: notifyEmailEnum('notify_email').notNull().default('immediate'),
    /**
     * The single sign-on identity bound at the person's first sign-in through the provider (its
     * issuer and `sub`): from then on the provider's account is this person, whatever e-mail it
     * shows later, and no other provider account may take the person over by its e-mail.
     */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    ...timestamps,
  },
  (t) => [
    index('users_manager_id_idx').on(t.managerId),
    index('users_role_status_idx').on(t.role, t.status),
    unique('users_oidc_identity_uq').on(t.oidcIssuer, t.oidcSubject),
  ],
);

export const appaSubmissions = pgTable(
  'appa_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    weekEnd: date('week_end', { mode: 'string' }).notNull(),
    avances: text('avances'),
    planes: text('planes'),
    problemas: text('problemas'),
    ayuda: text('ayuda'),
    kpiNombre: text('kpi_nombre'),
    kpiMetaPct: numeric('kpi_meta_pct', { precision: 5, scale: 2, mode: 'number' }),
    kpiLogroPct: numeric('kpi_logro_pct', { precision: 5, scale: 2, mode: 'number' }),
    status: submissionStatusEnum('status').notNull().default('BORRADOR'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Set when an administrator marked the week as sent on the author's behalf. */
    markedSubmittedById: uuid('marked_submitted_by_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The first review: when and by whom. Each reviewer's notes are rows of review_notes. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Legacy: the one notes text every reviewer used to overwrite. Copied into review_notes (as
     * the note of `reviewedBy`) when that table was created; nothing reads or writes it since, and
     * a later migration may drop it.
     */
    legacyReviewNotes: text('review_notes'),
    ...timestamps,
  },
  (t) => [
    unique('appa_submissions_user_week_uq').on(t.userId, t.weekStart),
    index('appa_submissions_week_status_idx').on(t.weekStart, t.status),
  ],
);

export const appaFiles = pgTable(
  'appa_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => appaSubmissions.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** The upload's object key: what the report payload names the file by. */
    storagePath: text('storage_path').notNull(),
    /** The stored size of the bound bytes, never the size the browser claims. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /**
     * The object the link is bound to, which downloads read: a key no upload URL can write. Null
     * for files linked before binding existed, whose bytes are at `storagePath`.
     */
    boundKey: text('bound_key'),
    /** SHA-256 (hex) of the bound bytes, computed by the server; null as `boundKey`. */
    sha256: text('sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appa_files_submission_id_idx').on(t.submissionId),
    // An uploaded object belongs to one report at most.
    uniqueIndex('appa_files_storage_path_uq').on(t.storagePath),
  ],
);

/**
 * Every object a user asked to upload. The key is generated by the server; `completedAt` is set
 * once the bytes are stored. An object is linked when an appa_files row names its key; unlinked
 * objects older than a day are removed. The first link binds the upload (`boundKey`, `sha256`,
 * `sizeBytes`), once: a file unlinked and linked again keeps the bytes it was bound to.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    objectKey: text('object_key').notNull().unique(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** The size announced before the upload; the stored size may not exceed it. */
    declaredBytes: bigint('declared_bytes', { mode: 'number' }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    contentType: text('content_type'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the one PUT the ticket allows began (local storage); cleared if it stored nothing. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Where the bytes were fixed when a report first linked the upload; see appa_files. */
    boundKey: text('bound_key'),
    sha256: text('sha256'),
  },
  (t) => [
    index('uploads_owner_id_idx').on(t.ownerId, t.createdAt),
    index('uploads_created_at_idx').on(t.createdAt),
  ],
);

export const reminders = pgTable(
  'reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    type: reminderTypeEnum('type').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    emailSubject: text('email_subject').notNull(),
    emailPreview: text('email_preview'),
    /** Who sent a MANUAL reminder (an administrator, or a manager to their people); null for AUTO. */
    sentById: uuid('sent_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('reminders_week_user_idx').on(t.weekStart, t.userId),
    // Who was reminded lately: nobody is reminded twice within hours unless the sender insists.
    index('reminders_user_sent_idx').on(t.userId, t.sentAt),
    // The automatic reminder goes out once per person and week, whatever number of servers run.
    uniqueIndex('reminders_auto_once_uq')
      .on(t.userId, t.weekStart)
      .where(sql`${t.type} = 'AUTO'`),
  ],
);

export const reviewComments = pgTable(
  'review_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => appaSubmissions.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The comment this one answers; replies hang from a top-level comment, one level deep. */
    parentId: uuid('parent_id').references((): AnyPgColumn => reviewComments.id, {
      onDelete: 'cascade',
    }),
    comment: text('comment').notNull(),
    ...timestamps,
  },
  (t) => [
    index('review_comments_submission_id_idx').on(t.submissionId, t.createdAt),
    index('review_comments_parent_id_idx').on(t.parentId),
  ],
);

/**
 * Each reviewer's notes on a report, one row per reviewer: a reviewer's update changes only their
 * own row, so nobody overwrites another reviewer's notes (the audit log keeps every old text).
 * `authorId` is null only when the reviewer's account is gone, or for notes kept from before this
 * table whose reviewer was not recorded: the text stays either way.
 */
export const reviewNotes = pgTable(
  'review_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => appaSubmissions.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes').notNull(),
    ...timestamps,
  },
  // Also the index of a report's notes (its first column).
  (t) => [unique('review_notes_submission_author_uq').on(t.submissionId, t.authorId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: uuid('entity_id'),
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_actor_id_idx').on(t.actorId),
  ],
);

export const reviewTasks = pgTable(
  'review_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => appaSubmissions.id, { onDelete: 'cascade' }),
    assignedToId: uuid('assigned_to_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    status: taskStatusEnum('status').notNull().default('PENDIENTE'),
    priority: taskPriorityEnum('priority').notNull().default('MEDIA'),
    tentativeDate: date('tentative_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('review_tasks_submission_id_idx').on(t.submissionId),
    index('review_tasks_assignee_status_idx').on(t.assignedToId, t.status),
  ],
);

export const lateralSharing = pgTable(
  'lateral_sharing',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    submissionId: uuid('submission_id')
      .notNull()
      .references(() => appaSubmissions.id, { onDelete: 'cascade' }),
    sharedById: uuid('shared_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedWithId: uuid('shared_with_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: sharePermissionEnum('permission').notNull().default('read'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('lateral_sharing_submission_sharer_peer_uq').on(
      t.submissionId,
      t.sharedById,
      t.sharedWithId,
    ),
    index('lateral_sharing_shared_with_id_idx').on(t.sharedWithId),
  ],
);

/** Signed-in sessions: only the SHA-256 of the opaque token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry, from the "duración de sesión" setting at sign-in. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * How the person proved who they are. A password-less demo session ('demo') is not asked to
     * change a temporary password it never used.
     */
    method: text('method', { enum: ['password', 'magic_link', 'demo', 'oidc'] })
      .notNull()
      .default('password'),
    /**
     * A single sign-on session's ID token, kept only to name the session to the provider's logout
     * (`id_token_hint`); it goes with the session.
     */
    oidcIdToken: text('oidc_id_token'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Single sign-on attempts under way: what the browser's redirect back must match (`state`), what
 * the ID token must carry (`nonce`) and the PKCE verifier. Found by the SHA-256 of a random value
 * in a short-lived cookie of the browser that started, and deleted by the callback that reads it,
 * so each works once, only in that browser.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    browserHash: text('browser_hash').notNull().unique(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_logins_expires_at_idx').on(t.expiresAt)],
);

/** Organisation settings (Configuración tab), one row per key, validated by common schemas. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
});

/** Single-use tokens (magic links, password resets, e-mail verification), stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: tokenPurposeEnum('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_tokens_user_id_idx').on(t.userId)],
);

/**
 * What a scheduled job has done, once per job, period and subject (e.g. the weekly digest of
 * 2026-11-16 to one manager): the instance that inserts the row does the work, so several
 * instances never do it twice.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    job: text('job').notNull(),
    period: text('period').notNull(),
    subject: text('subject').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('job_runs_job_period_subject_uq').on(t.job, t.period, t.subject)],
);

/**
 * Facts about this installation, one row: whether its database holds the demo organisation (which
 * only a first look on an empty embedded database, or APPA_DEMO=1, creates).
 */
export const instance = pgTable(
  'instance',
  {
    id: integer('id').primaryKey().default(1),
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('instance_single_row', sql`${t.id} = 1`)],
);

/**
 * Attempt counters (sign-ins per account and per address, sign-in links per e-mail…) and the
 * addresses each account signed in from, shared by every server instance. `window_started_at` is
 * when the row's run of attempts was last extended (for a known address: the last sign-in).
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * When each person was expected to report: one row per span during which they were ACTIVO in a
 * role that reports (USER, LIDER, GERENTE, VP), from the organisation-local date it began to the
 * date it ended (exclusive; null while it lasts). Kept by a database trigger on `users`
 * (migrations 0008 and 0010), so that every way a person is created, suspended, reactivated or
 * given another role records it. Who was expected to report in a past week is read from here,
 * never from today's status or role (domain/expected-authors.ts).
 */
export const userActivity = pgTable(
  'user_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeFrom: date('active_from', { mode: 'string' }).notNull(),
    activeTo: date('active_to', { mode: 'string' }),
  },
  (t) => [index('user_activity_user_idx').on(t.userId, t.activeFrom)],
);

/**
 * Where each person stood in the organisation, and since when: their role, manager and area, one
 * row per span (organisation-local dates, `validTo` exclusive, null while it lasts). Kept by a
 * database trigger on `users` (migration 0010). A past week's areas and roles are read from here,
 * so that moving someone today leaves last quarter's figures as they were (domain/hierarchy.ts).
 */
export const userPlacements = pgTable(
  'user_placements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    managerId: uuid('manager_id').references(() => users.id, { onDelete: 'set null' }),
    unidadOrganizacional: text('unidad_organizacional'),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
  },
  (t) => [
    index('user_placements_user_idx').on(t.userId, t.validFrom),
    index('user_placements_manager_idx').on(t.managerId, t.validFrom),
  ],
);

/**
 * Days someone is away (vacation, leave, a trip), from and to inclusive: a week fully inside an
 * absence is not expected of them (domain/expected-authors.ts).
 */
export const absences = pgTable(
  'absences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    reason: absenceReasonEnum('reason').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('absences_user_idx').on(t.userId, t.fromDate),
    check('absences_range', sql`${t.fromDate} <= ${t.toDate}`),
  ],
);

/**
 * What someone did about a person (a comment on their report, a reply, a review, a task, a share),
 * as that person reads it in the bell. `text` names who acted and the report's week, never what a
 * report or comment says. `mailedAt` is when an e-mail covered it (or it was decided none would):
 * null only while a daily summary is still to include it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    submissionId: uuid('submission_id').references(() => appaSubmissions.id, {
      onDelete: 'cascade',
    }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_unmailed_idx')
      .on(t.userId)
      .where(sql`${t.mailedAt} is null`),
  ],
);

/**
 * E-mails waiting to go out, kept in the database so that a failed or slow SMTP server, a restart or
 * several instances never lose or duplicate one: an instance leases a row (`lockedUntil`) before
 * sending it, and a failure is tried again later with a growing wait until `MAIL_MAX_ATTEMPTS`.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    from: text('from'),
    subject: text('subject').notNull(),
    /** What the message is (MAIL_KINDS): what the panel names it by, never its body. */
    kind: text('kind').$type<MailKind>().notNull().default('notification'),
    /**
     * The message carries a secret (a temporary password, a sign-in, reset or verification link):
     * its body is erased once sent and never shown.
     */
    sensitive: boolean('sensitive').notNull().default(false),
    /** The plain-text part; null once a sensitive message was sent. */
    text: text('text'),
    /** The HTML part, rendered when queued so the worker sends exactly that; null as `text`. */
    html: text('html'),
    status: mailStatusEnum('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_queue_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'PENDING'`),
    // The panel's list: failed first, then the newest.
    index('mail_queue_recent_idx').on(t.status, t.createdAt),
  ],
);

/**
 * API tokens, stored hashed (shown once, at creation). A token acts as its owner, narrowed to its
 * scopes: a personal token as the person, a service token as the administrator who made it (and
 * only while they remain an active administrator).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: apiTokenKindEnum('kind').notNull(),
    name: text('name').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scopes: text('scopes').array().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    preview: text('preview').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_tokens_user_id_idx').on(t.userId)],
);

/**
 * Addresses an administrator registered to be told of events. The secret signs every delivery, so
 * it is kept as it is (a hash could not sign); it is shown once, at creation, and never again.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events').array().$type<WebhookEvent[]>().notNull(),
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** In Spanish, for the panel and the administrators' e-mail. */
  disabledReason: text('disabled_reason'),
  /** Tries that failed since the last success, and since when it has been failing. */
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  failingSince: timestamp('failing_since', { withTimezone: true }),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/**
 * One event for one endpoint: the durable queue of webhooks, leased and retried as `mail_queue`.
 * `payload` is the exact body signed and sent, the same on every try.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').$type<WebhookDeliveryType>().notNull(),
    payload: text('payload').notNull(),
    status: webhookDeliveryStatusEnum('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'PENDING'`),
    // The panel's list, and each endpoint's newest delivery.
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_recent_idx').on(t.status, t.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
export type OidcLoginRow = typeof oidcLogins.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type SubmissionRow = typeof appaSubmissions.$inferSelect;
export type FileRow = typeof appaFiles.$inferSelect;
export type ReviewNoteRow = typeof reviewNotes.$inferSelect;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
