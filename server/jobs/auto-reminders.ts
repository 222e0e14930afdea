import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_REMINDER_MESSAGE, DEFAULT_REMINDER_SUBJECT } from '../../common/schemas/reminders';
import { weekDeadline, weekOf } from '../../common/week';
import type { AppContext } from '../context';
import { reminders } from '../db/schema';
import { audit } from '../services/audit';
import { fillTemplate, personalLink } from '../services/mail';
import { resolveRecipients } from '../routes/reminders/service';
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
 * Reminds every pending author once per week. The `reminders` row (unique per person and week
 * for AUTO) is written before the e-mail: the instance that writes it sends, any other instance
 * or a later run skips that person; a failed e-mail removes the row so the next run tries again.
 */
export async function sendAutoReminders(
  ctx: AppContext,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<number> {
  const settings = await getSettings(ctx.db);
  if (!settings.autoRemindersEnabled) return 0;
  const now = ctx.clock();
  const window = reminderWindow(now, settings);
  if (now < window.from || now >= window.to) return 0;

  const pending = await resolveRecipients(
    ctx,
    { type: 'pending', userIds: [], subject: '', message: '' },
    window.weekStart,
  );
  let sent = 0;
  for (const person of pending) {
    const values = { nombre: person.fullName, enlace: personalLink(ctx.config, person.slug) };
    const subject = fillTemplate(DEFAULT_REMINDER_SUBJECT, values);
    const text = fillTemplate(DEFAULT_REMINDER_MESSAGE, values);
    const [claimed] = await ctx.db
      .insert(reminders)
      .values({
        userId: person.id,
        weekStart: window.weekStart,
        type: 'AUTO',
        sentAt: now,
        emailSubject: subject,
        emailPreview: text.slice(0, PREVIEW_CHARS),
      })
      .onConflictDoNothing()
      .returning({ id: reminders.id });
    if (!claimed) continue;
    try {
      await ctx.mailer.send({
        from: settings.mailFrom ?? undefined,
        to: person.email,
        subject,
        text,
      });
      sent += 1;
    } catch (error) {
      log.warn({ err: error, userId: person.id }, 'automatic reminder failed; will retry');
      await ctx.db
        .delete(reminders)
        .where(and(eq(reminders.id, claimed.id), eq(reminders.type, 'AUTO')));
    }
  }
  if (sent > 0) {
    log.info(`${sent} recordatorio(s) automático(s) enviados`);
    await audit(ctx.db, {
      action: 'reminders.auto_sent',
      entity: 'reminder',
      meta: { weekStart: window.weekStart, sent },
    });
  }
  return sent;
}
