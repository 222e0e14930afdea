import { and, desc, eq, inArray, not, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_REMINDER_MESSAGE,
  DEFAULT_REMINDER_SUBJECT,
  REMINDER_MSG,
  type PreviewRemindersResponse,
  type previewRemindersSchema,
  type ReminderEntry,
  type ReminderHistoryQuery,
  type sendRemindersSchema,
  type SendRemindersResponse,
  type SkippedRecipient,
} from '../../../common/schemas/reminders';
import { weekOf } from '../../../common/week';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { appaSubmissions, reminders, users, type UserRow } from '../../db/schema';
import {
  absentAuthorsOf,
  expectedAuthorsOf,
  pendingAuthorsOf,
} from '../../domain/expected-authors';
import { areaPeople, type Area } from '../../domain/hierarchy';
import { recipientColumns, remindedLately } from '../../domain/reminders';
import { byName } from '../../domain/week-people';
import { badRequest } from '../../lib/errors';
import { presentReminder } from '../../presenters/reminder';
import { audit } from '../../services/audit';
import { reminderEmail } from '../../services/emails';
import { fillTemplate, personalLink } from '../../services/mail-links';
import { enqueueMail, kickMail } from '../../services/mail-queue';
import { getSettings, keptSettings } from '../../services/settings';

type SendReminders = z.output<typeof sendRemindersSchema>;
type RecipientChoice = z.output<typeof previewRemindersSchema>;
type Recipient = Pick<UserRow, 'id' | 'fullName' | 'email' | 'slug'>;

/** Rows per insert, well below PostgreSQL's limit of bind parameters. */
const INSERT_CHUNK = 1000;
const PREVIEW_CHARS = 200;

/** Who a reminder reaches, and who it leaves out and why. */
export interface ReminderPlan {
  weekStart: string;
  recipients: Recipient[];
  skipped: SkippedRecipient[];
}

/**
 * Whom a reminder of the week reaches among the people of `area` (the sender's: everyone for an
 * administrator, the people below a manager):
 * - 'all': everyone expected to report in the week; 'pending': those of them without an ENVIADO
 *   report for it; both list those away for the whole week as skipped ('absent').
 * - 'specific': the listed ids that are active and in the area (expected or not: an administrator
 *   may remind a board member), unless away; any other id is skipped ('unavailable', unnamed).
 * - Anyone reminded within the quiet hours is skipped ('recent') unless `insist`.
 */
export async function planReminders(
  ctx: AppContext,
  input: RecipientChoice,
  area: Area,
  insist: boolean,
): Promise<ReminderPlan> {
  const settings = await keptSettings(ctx);
  const weekStart = input.weekStart ?? weekOf(ctx.clock(), settings.organisationTimezone).weekStart;
  const scope = areaPeople(area);
  const sentThisWeek = sql`exists (
      select 1 from ${appaSubmissions}
      where ${appaSubmissions.userId} = ${users.id}
        and ${appaSubmissions.weekStart} = ${weekStart}
        and ${appaSubmissions.status} = 'ENVIADO'
    )`;
  const ids = [...new Set(input.userIds)];
  const chosen =
    input.type === 'specific'
      ? and(eq(users.status, 'ACTIVO'), inArray(users.id, ids), scope)
      : input.type === 'pending'
        ? or(
            pendingAuthorsOf(weekStart, scope),
            and(absentAuthorsOf(weekStart), scope, not(sentThisWeek)),
          )
        : or(expectedAuthorsOf(weekStart, scope), and(absentAuthorsOf(weekStart), scope));
  const rows = await ctx.db
    .select({
      ...recipientColumns,
      absent: sql<boolean>`${absentAuthorsOf(weekStart)}`,
      recent: sql<boolean>`${remindedLately(ctx.clock())}`,
    })
    .from(users)
    .where(chosen);

  const recipients: Recipient[] = [];
  const skipped: SkippedRecipient[] = [];
  for (const { absent, recent, ...person } of rows.sort(byName)) {
    if (absent) skipped.push({ id: person.id, fullName: person.fullName, reason: 'absent' });
    else if (recent && !insist) {
      skipped.push({ id: person.id, fullName: person.fullName, reason: 'recent' });
    } else recipients.push(person);
  }
  if (input.type === 'specific') {
    const found = new Set(rows.map((r) => r.id));
    for (const id of ids) {
      if (!found.has(id)) skipped.push({ id, fullName: null, reason: 'unavailable' });
    }
  }
  return { weekStart, recipients, skipped };
}

/** What the sender's confirmation shows: the plan, names only. */
export function presentPlan(plan: ReminderPlan): PreviewRemindersResponse {
  return {
    weekStart: plan.weekStart,
    recipients: plan.recipients.map((p) => ({ id: p.id, fullName: p.fullName })),
    skipped: plan.skipped,
  };
}

/**
 * The advisory lock under which a sender decides whom to remind and claims them: a second click,
 * a retried request or another instance waits for the first, then finds its reminders recent.
 */
const CLAIM_LOCK = 0x41505041_02;

/**
 * Sends the reminder to each recipient with the placeholders filled, from the saved sender. Each
 * recipient is claimed (their `reminders` row written, under a lock, with the decision of who was
 * reminded lately) and their e-mail queued in the same transaction: concurrent sends never both
 * reach someone, and a mail server that is down only delays the e-mails (the queue retries). An
 * administrator's subject and message are theirs; anyone else sends the organisation's standard
 * reminder.
 */
export async function sendReminders(
  ctx: AppContext,
  actor: Pick<UserRow, 'id'>,
  input: SendReminders,
  area: Area,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): Promise<SendRemindersResponse> {
  const settings = await getSettings(ctx.db);
  const own = area.kind === 'organisation';
  const template = {
    subject: own ? input.subject : DEFAULT_REMINDER_SUBJECT,
    message: own ? input.message : DEFAULT_REMINDER_MESSAGE,
  };
  const letterTo = (person: Recipient) => {
    const values = { nombre: person.fullName, enlace: personalLink(ctx.config, person.slug) };
    return {
      subject: fillTemplate(template.subject, values),
      text: fillTemplate(template.message, values),
    };
  };

  const { plan, claimed } = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
    const plan = await planReminders({ ...ctx, db: tx }, input, area, input.insist);
    const claimed: { id: string; userId: string }[] = [];
    const rows = plan.recipients.map((person) => {
      const { subject, text } = letterTo(person);
      return {
        userId: person.id,
        weekStart: plan.weekStart,
        type: 'MANUAL' as const,
        sentAt: ctx.clock(),
        emailSubject: subject,
        emailPreview: text.slice(0, PREVIEW_CHARS),
        sentById: actor.id,
      };
    });
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      claimed.push(
        ...(await tx
          .insert(reminders)
          .values(rows.slice(i, i + INSERT_CHUNK))
          .returning({ id: reminders.id, userId: reminders.userId })),
      );
    }
    // Queued with the claims: a reminder is recorded exactly when its e-mail is sure to go out.
    const from = settings.mailFrom ?? undefined;
    const emails = await Promise.all(
      plan.recipients.map(async (person) => ({
        ...(await reminderEmail({ ...letterTo(person), automatic: false })),
        from,
        to: person.email,
      })),
    );
    for (let i = 0; i < emails.length; i += INSERT_CHUNK) {
      await enqueueMail(tx, emails.slice(i, i + INSERT_CHUNK), ctx.clock());
    }
    return { plan, claimed };
  });

  const { weekStart, recipients, skipped } = plan;
  if (recipients.length === 0) {
    if (input.type === 'specific' && skipped.every((s) => s.reason === 'unavailable')) {
      throw badRequest(REMINDER_MSG.noActiveRecipients);
    }
    const base =
      input.type === 'pending' ? REMINDER_MSG.noPendingRecipients : REMINDER_MSG.noRecipients;
    const message = skipped.length ? `${base}: ${REMINDER_MSG.skipped(skipped.length)}` : base;
    return { sent: 0, message, skipped };
  }

  const sentIds = claimed.map((r) => r.userId);
  kickMail(ctx, log);
  await audit(ctx.db, {
    actorId: actor.id,
    action: 'reminders.sent',
    entity: 'reminder',
    meta: {
      type: input.type,
      weekStart,
      recipients: recipients.length,
      sent: sentIds.length,
      failed: 0,
      skipped: skipped.length,
      insist: input.insist,
      // Who was reminded: every reminder is in the audit log, not only how many.
      userIds: sentIds,
    },
  });
  const message =
    REMINDER_MSG.sent(sentIds.length, 0) +
    (skipped.length ? `; ${REMINDER_MSG.skipped(skipped.length)}` : '');
  return { sent: sentIds.length, message, skipped };
}

/** The reminders sent, newest first, with who received and who sent each. */
export async function listReminders(
  ctx: AppContext,
  query: ReminderHistoryQuery,
): Promise<ReminderEntry[]> {
  const sender = alias(users, 'sender');
  const rows = await ctx.db
    .select({
      reminder: reminders,
      recipient: { id: users.id, fullName: users.fullName, email: users.email },
      sender: { id: sender.id, fullName: sender.fullName },
    })
    .from(reminders)
    .innerJoin(users, eq(users.id, reminders.userId))
    .leftJoin(sender, eq(sender.id, reminders.sentById))
    .where(query.weekStart ? eq(reminders.weekStart, query.weekStart) : undefined)
    .orderBy(desc(reminders.sentAt), desc(reminders.id))
    .limit(query.limit);
  return rows.map((r) => presentReminder(r.reminder, r.recipient, r.sender));
}
