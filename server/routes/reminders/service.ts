import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import {
  REMINDER_MSG,
  type ReminderEntry,
  type ReminderHistoryQuery,
  type sendRemindersSchema,
  type SendRemindersResponse,
} from '../../../common/schemas/reminders';
import { weekOf } from '../../../common/week';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { reminders, users, type UserRow } from '../../db/schema';
import { expectedAuthorsOf, pendingAuthorsOf } from '../../domain/expected-authors';
import { badRequest } from '../../lib/errors';
import { presentReminder } from '../../presenters/reminder';
import { audit } from '../../services/audit';
import { fillTemplate, personalLink } from '../../services/mail';
import { getSettings } from '../../services/settings';

type SendReminders = z.output<typeof sendRemindersSchema>;
type Recipient = Pick<UserRow, 'id' | 'fullName' | 'email' | 'slug'>;

/** E-mails sent at the same time: enough to be quick, few enough not to flood the SMTP relay. */
const CONCURRENCY = 5;
/** Rows per insert, well below PostgreSQL's limit of bind parameters. */
const INSERT_CHUNK = 1000;
const PREVIEW_CHARS = 200;

const recipientColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  slug: users.slug,
};

/**
 * 'all': everyone expected to report in the week; 'pending': those of them without an ENVIADO
 * report for it; 'specific': the listed ids that exist and are active (expected or not: an
 * administrator may remind a board member).
 */
export async function resolveRecipients(
  ctx: AppContext,
  input: SendReminders,
  weekStart: string,
): Promise<Recipient[]> {
  const where =
    input.type === 'specific'
      ? and(eq(users.status, 'ACTIVO'), inArray(users.id, [...new Set(input.userIds)]))
      : input.type === 'pending'
        ? pendingAuthorsOf(weekStart)
        : expectedAuthorsOf(weekStart);
  return ctx.db.select(recipientColumns).from(users).where(where).orderBy(users.fullName);
}

/**
 * Sends the reminder to each recipient with the placeholders filled, from the saved sender. A
 * failed e-mail is logged and counted as not sent; it does not stop the others. Only e-mails that
 * went out become `reminders` rows.
 */
export async function sendReminders(
  ctx: AppContext,
  actor: Pick<UserRow, 'id'>,
  input: SendReminders,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<SendRemindersResponse> {
  const settings = await getSettings(ctx.db);
  const weekStart = input.weekStart ?? weekOf(ctx.clock(), settings.organisationTimezone).weekStart;
  const recipients = await resolveRecipients(ctx, input, weekStart);
  if (recipients.length === 0) {
    if (input.type === 'specific') throw badRequest(REMINDER_MSG.noActiveRecipients);
    const message =
      input.type === 'pending' ? REMINDER_MSG.noPendingRecipients : REMINDER_MSG.noRecipients;
    return { sent: 0, message };
  }

  const from = settings.mailFrom ?? undefined;
  const rows: (typeof reminders.$inferInsert)[] = [];
  const limit = pLimit(CONCURRENCY);
  const send = async (person: Recipient) => {
    const values = { nombre: person.fullName, enlace: personalLink(ctx.config, person.slug) };
    const text = fillTemplate(input.message, values);
    const subject = fillTemplate(input.subject, values);
    try {
      await ctx.mailer.send({ from, to: person.email, subject, text });
    } catch (error) {
      log.warn({ err: error, userId: person.id }, 'reminder e-mail failed');
      return;
    }
    rows.push({
      userId: person.id,
      weekStart,
      type: 'MANUAL',
      sentAt: ctx.clock(),
      emailSubject: subject,
      emailPreview: text.slice(0, PREVIEW_CHARS),
      sentById: actor.id,
    });
  };
  await Promise.all(recipients.map((person) => limit(() => send(person))));

  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await ctx.db.insert(reminders).values(rows.slice(i, i + INSERT_CHUNK));
  }
  const failed = recipients.length - rows.length;
  await audit(ctx.db, {
    actorId: actor.id,
    action: 'reminders.sent',
    entity: 'reminder',
    meta: { type: input.type, weekStart, recipients: recipients.length, sent: rows.length, failed },
  });
  return { sent: rows.length, message: REMINDER_MSG.sent(rows.length, failed) };
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
