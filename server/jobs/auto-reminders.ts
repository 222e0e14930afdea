import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';
import { and, eq, not } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_REMINDER_MESSAGE, DEFAULT_REMINDER_SUBJECT } from '../../common/schemas/reminders';
import { weekDeadline, weekOf } from '../../common/week';
import type { AppContext } from '../context';
import { reminders, users } from '../db/schema';
import { pendingAuthorsOf } from '../domain/expected-authors';
import { audit } from '../services/audit';
import { reminderEmail } from '../services/emails';
import { fillTemplate, personalLink } from '../services/mail-links';
import { enqueueMail, kickMail } from '../services/mail-queue';
import { recipientColumns, remindedLately } from '../domain/reminders';
import { getSettings } from '../services/settings';

const PREVIEW_CHARS = 200;

/**
 * The window of this week's automatic reminder: from the saved day and time ("Día de envío",
 * "Hora de envío", organisation's timezone) to the end of that day. A restart inside the window
 * catches up; after it, nobody is reminded late.
 */
export function reminderWindow(
  now: Date,
  settings: { reminderDay: number; reminderTime: string; organisationTimezone: string },
) {
  const { weekStart } = weekOf(now, settings.organisationTimezone);
  const day = format(addDays(parseISO(weekStart), settings.reminderDay - 1), 'yyyy-MM-dd');
  const from = weekDeadline(day, settings.reminderTime, settings.organisationTimezone);
  const local = new TZDate(from.getTime(), settings.organisationTimezone);
  const to = weekDeadline(
    format(addDays(local, 1), 'yyyy-MM-dd'),
    '00:00',
    settings.organisationTimezone,
  );
  return { weekStart, from, to };
}

/**
 * Reminds every pending author once per week, at the saved day and time in their own timezone (a
 * person in Madrid is not reminded at Lima's hour, at night for them): never someone away for the
 * week, suspended, who already sent, whose first full week has not begun (the expected-author
 * rule), nor someone reminded by hand within the last hours. The `reminders` row (unique per person
 * and week for AUTO) is written with the queued e-mail: the instance that writes it sends, any other
 * instance or a later run skips that person, and the queue retries a mail server that fails.
 */
export async function sendAutoReminders(
  ctx: AppContext,
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'>,
): Promise<number> {
  const settings = await getSettings(ctx.db);
  if (!settings.autoRemindersEnabled) return 0;
  const now = ctx.clock();
  const zones = await ctx.db
    .selectDistinct({ timezone: users.timezone })
    .from(users)
    .where(eq(users.status, 'ACTIVO'));
  let sent = 0;
  const reminded: string[] = [];
  for (const { timezone } of zones) {
    let window: ReturnType<typeof reminderWindow>;
    try {
      window = reminderWindow(now, { ...settings, organisationTimezone: timezone });
    } catch (error) {
      log.warn({ err: error, timezone }, 'automatic reminders: unknown timezone, skipped');
      continue;
    }
    if (now < window.from || now >= window.to) continue;
    const pending = await ctx.db
      .select(recipientColumns)
      .from(users)
      .where(
        and(
          pendingAuthorsOf(window.weekStart),
          eq(users.timezone, timezone),
          not(remindedLately(now)),
        ),
      );
    const done = await remindEach(ctx, settings, window.weekStart, now, pending);
    sent += done.length;
    reminded.push(...done);
  }
  if (sent > 0) {
    log.info(`${sent} recordatorio(s) automático(s) en cola`);
    kickMail(ctx, log);
    await audit(ctx.db, {
      action: 'reminders.auto_sent',
      entity: 'reminder',
      meta: { sent, userIds: reminded },
    });
  }
  return sent;
}

/** Claims and queues one week's automatic reminder to each of `people`; answers who got it. */
async function remindEach(
  ctx: AppContext,
  settings: { mailFrom: string | null },
  weekStart: string,
  now: Date,
  people: readonly { id: string; fullName: string; email: string; slug: string }[],
): Promise<string[]> {
  const done: string[] = [];
  for (const person of people) {
    const values = { nombre: person.fullName, enlace: personalLink(ctx.config, person.slug) };
    const subject = fillTemplate(DEFAULT_REMINDER_SUBJECT, values);
    const text = fillTemplate(DEFAULT_REMINDER_MESSAGE, values);
    const email = await reminderEmail({ subject, text, automatic: true });
    // The claim and the queued e-mail are one write: both are there, or neither and a later run
    // tries again.
    const claimed = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reminders)
        .values({
          userId: person.id,
          weekStart,
          type: 'AUTO',
          sentAt: now,
          emailSubject: subject,
          emailPreview: text.slice(0, PREVIEW_CHARS),
        })
        .onConflictDoNothing()
        .returning({ id: reminders.id });
      if (!row) return false;
      const from = settings.mailFrom ?? undefined;
      await enqueueMail(tx, [{ ...email, from, to: person.email }], now);
      return true;
    });
    if (claimed) done.push(person.id);
  }
  return done;
}
