import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import type { Role } from '../../../common/roles';
import {
  DEFAULT_REMINDER_MESSAGE,
  DEFAULT_REMINDER_SUBJECT,
  REMINDER_MSG,
  type PreviewRemindersResponse,
  type ReminderEntry,
} from '../../../common/schemas/reminders';
import { absences, auditLog, mailQueue, reminders, settings, users } from '../../db/schema';
import { outboxDir } from '../../adapters/mail';
import { describeAdminOnly, type Endpoint } from '../../test/admin-only';
import { buildReport } from '../../test/factories';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';
import { messageText, startSmtpServer } from '../../test/smtp';
import { settleAfterReply } from '../../lib/after-reply';

let t: TestApp;
let admin: Awaited<ReturnType<typeof buildUser>>;
let asAdmin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://appa.example.com' });
  admin = await buildUser(t, { role: 'ADMIN', fullName: 'Ana Administradora' });
  asAdmin = await authHeader(t, admin);
});
afterAll(async () => {
  await t.close();
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** The test clock's week (2026-11-18 in Lima). */
const CURRENT_WEEK = '2026-11-16';
// Sending is also for the managers (below); the history is the administrators' alone.
const ENDPOINTS = [['GET', '/api/reminders', undefined]] as const satisfies readonly Endpoint[];

const send = (payload: object, app: TestApp = t, headers = asAdmin) =>
  app.app.inject({ method: 'POST', url: '/api/reminders/send', headers, payload });
// Insisting: these tests remind the same people several times within hours.
const defaults = {
  subject: DEFAULT_REMINDER_SUBJECT,
  message: DEFAULT_REMINDER_MESSAGE,
  insist: true,
};

/** The outbox once the mail queued by earlier requests went out. */
const outbox = async () => {
  await settleAfterReply();
  const dir = outboxDir(t.ctx.config);
  return fs.existsSync(dir)
    ? fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    : [];
};
const reminderCount = async () => (await t.db.select({ n: count() }).from(reminders))[0]?.n;
/** Who got a reminder for `weekStart`. */
const remindedIds = async (weekStart: string) =>
  (
    await t.db
      .select({ userId: reminders.userId })
      .from(reminders)
      .where(eq(reminders.weekStart, weekStart))
  ).map((r) => r.userId);

let rowsBefore: number | undefined;
beforeAll(async () => {
  rowsBefore = await reminderCount();
});
describeAdminOnly(
  'reminders are for administrators only',
  () => t,
  ENDPOINTS,
  async () => expect(await reminderCount()).toBe(rowsBefore),
);

describe('POST /api/reminders/send validation', () => {
  const many = Array.from({ length: 5001 }, () => UNKNOWN_ID);
  it.each([
    ['an unknown type', { ...defaults, type: 'todos' }, REMINDER_MSG.invalidType],
    ['no type', { ...defaults }, REMINDER_MSG.invalidType],
    ['specific without ids', { ...defaults, type: 'specific' }, REMINDER_MSG.userIdsRequired],
    [
      'specific with []',
      { ...defaults, type: 'specific', userIds: [] },
      REMINDER_MSG.userIdsRequired,
    ],
    ['a bad id', { ...defaults, type: 'specific', userIds: ['x'] }, REMINDER_MSG.invalidUserId],
    ['5001 ids', { ...defaults, type: 'specific', userIds: many }, REMINDER_MSG.tooManyUsers],
    ['a blank subject', { ...defaults, type: 'all', subject: '   ' }, REMINDER_MSG.subjectRequired],
    ['no subject', { type: 'all', message: 'Hola' }, REMINDER_MSG.subjectRequired],
    [
      'a long subject',
      { ...defaults, type: 'all', subject: 'a'.repeat(201) },
      REMINDER_MSG.subjectTooLong,
    ],
    [
      'a blank message',
      { ...defaults, type: 'all', message: ' \n ' },
      REMINDER_MSG.messageRequired,
    ],
    [
      'a long message',
      { ...defaults, type: 'all', message: 'a'.repeat(5001) },
      REMINDER_MSG.messageTooLong,
    ],
    ['a Tuesday', { ...defaults, type: 'all', weekStart: '2026-11-17' }, REMINDER_MSG.invalidWeek],
    ['a bad date', { ...defaults, type: 'all', weekStart: '16/11/2026' }, REMINDER_MSG.invalidWeek],
  ])('refuses %s with a Spanish message and writes nothing', async (_name, payload, message) => {
    const before = { rows: await reminderCount(), mails: (await outbox()).length };
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await reminderCount()).toBe(before.rows);
    expect(await outbox()).toHaveLength(before.mails);
  });

  it('refuses specific ids none of which is an active user', async () => {
    const suspended = await buildUser(t, { status: 'SUSPENDIDO' });
    const before = await reminderCount();
    const res = await send({ ...defaults, type: 'specific', userIds: [suspended.id, UNKNOWN_ID] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: REMINDER_MSG.noActiveRecipients });
    expect(await reminderCount()).toBe(before);
  });
});

describe('POST /api/reminders/send recipients', () => {
  it("'pending' reminds the active authors without a sent APPA for the week", async () => {
    const week = '2026-11-09';
    const sent = await buildUser(t, { role: 'LIDER' });
    const draft = await buildUser(t, { role: 'GERENTE' });
    const none = await buildUser(t, { role: 'VP' });
    const suspended = await buildUser(t, { status: 'SUSPENDIDO' });
    const board = await buildUser(t, { role: 'CONSEJO' });
    await buildReport(t, { user: sent, weekStart: week, status: 'ENVIADO' });
    await buildReport(t, { user: draft, weekStart: week, status: 'BORRADOR' });
    const res = await send({ ...defaults, type: 'pending', weekStart: week });
    expect(res.statusCode, res.body).toBe(200);
    const reminded = await remindedIds(week);
    expect(reminded).toEqual(expect.arrayContaining([draft.id, none.id]));
    for (const excluded of [sent, suspended, board, admin]) {
      expect(reminded).not.toContain(excluded.id);
    }
    expect(res.json()).toEqual({
      sent: reminded.length,
      message: REMINDER_MSG.sent(reminded.length),
      skipped: [],
    });
  });

  it("'all' reminds every active author, whether they sent or not", async () => {
    const week = '2026-11-02';
    const sent = await buildUser(t, { role: 'USER' });
    await buildReport(t, { user: sent, weekStart: week, status: 'ENVIADO' });
    const suspended = await buildUser(t, { role: 'LIDER', status: 'SUSPENDIDO' });
    const res = await send({ ...defaults, type: 'all', weekStart: week });
    expect(res.statusCode).toBe(200);
    const authors = await t.db.select().from(users).where(eq(users.status, 'ACTIVO'));
    const reporting: Role[] = ['USER', 'LIDER', 'GERENTE', 'VP'];
    const expected = authors.filter((u) => reporting.includes(u.role)).map((u) => u.id);
    const reminded = await remindedIds(week);
    expect(reminded.toSorted()).toEqual(expected.toSorted());
    expect(reminded).toContain(sent.id);
    expect(reminded).not.toContain(suspended.id);
    expect(res.json().sent).toBe(expected.length);
  });

  it("'specific' reminds the listed active users and skips suspended and unknown ids", async () => {
    const week = '2026-10-26';
    const one = await buildUser(t);
    const board = await buildUser(t, { role: 'CONSEJO' });
    const suspended = await buildUser(t, { status: 'SUSPENDIDO' });
    const res = await send({
      ...defaults,
      type: 'specific',
      userIds: [one.id, board.id, suspended.id, UNKNOWN_ID, one.id],
      weekStart: week,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sent: 2,
      message: 'Se enviaron 2 recordatorios exitosamente; 2 personas omitidas',
      skipped: [
        { id: suspended.id, fullName: null, reason: 'unavailable' },
        { id: UNKNOWN_ID, fullName: null, reason: 'unavailable' },
      ],
    });
    expect((await remindedIds(week)).toSorted()).toEqual([one.id, board.id].toSorted());
  });

  it('answers sent 0 when nobody is pending, and e-mails no one', async () => {
    const week = '2026-10-19';
    const authors = await t.db.select().from(users);
    for (const user of authors) await buildReport(t, { user, weekStart: week, status: 'ENVIADO' });
    const mails = (await outbox()).length;
    const res = await send({ ...defaults, type: 'pending', weekStart: week });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sent: 0,
      message: REMINDER_MSG.noPendingRecipients,
      skipped: [],
    });
    expect(await remindedIds(week)).toEqual([]);
    expect(await outbox()).toHaveLength(mails);
  });
});

describe('reminding with care', () => {
  const preview = (payload: object, headers = asAdmin) =>
    t.app.inject({ method: 'POST', url: '/api/reminders/preview', headers, payload });

  it('shows who a reminder reaches and who it skips, and sends nothing', async () => {
    const week = '2026-10-12';
    const before = await reminderCount();
    const waiting = await buildUser(t, { fullName: 'Zoe Pendiente' });
    const away = await buildUser(t, { fullName: 'Ulises Viaje' });
    await t.db
      .insert(absences)
      .values({ userId: away.id, fromDate: week, toDate: '2026-10-18', reason: 'viaje' });
    const res = await preview({ type: 'pending', weekStart: week });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PreviewRemindersResponse;
    expect(body.weekStart).toBe(week);
    expect(body.recipients).toContainEqual({ id: waiting.id, fullName: 'Zoe Pendiente' });
    expect(body.recipients.map((r) => r.id)).not.toContain(away.id);
    // (Others are skipped as reminded lately by the tests before.)
    expect(body.skipped.filter((p) => p.reason === 'absent')).toEqual([
      { id: away.id, fullName: 'Ulises Viaje', reason: 'absent' },
    ]);
    expect(await reminderCount()).toBe(before);
  });

  it('does not remind the same person twice within 12 hours unless the sender insists', async () => {
    const person = await buildUser(t, { fullName: 'Rita Repetida' });
    const once = { ...defaults, insist: false, type: 'specific', userIds: [person.id] };
    expect((await send(once)).json()).toMatchObject({ sent: 1, skipped: [] });

    // A second click: nobody is e-mailed, and the answer says who was skipped and why.
    const again = await send(once);
    expect(again.json()).toEqual({
      sent: 0,
      message: `${REMINDER_MSG.noRecipients}: ${REMINDER_MSG.skipped(1)}`,
      skipped: [{ id: person.id, fullName: 'Rita Repetida', reason: 'recent' }],
    });
    const previewed = (await preview({ type: 'specific', userIds: [person.id] })).json();
    expect(previewed.skipped).toEqual([
      { id: person.id, fullName: 'Rita Repetida', reason: 'recent' },
    ]);

    // Insisting sends it; 12 hours later it goes without insisting.
    expect((await send({ ...once, insist: true })).json()).toMatchObject({ sent: 1 });
    t.clock.advance(12 * 3_600_000 + 60_000);
    asAdmin = await authHeader(t, admin);
    expect((await send(once)).json()).toMatchObject({ sent: 1, skipped: [] });
    const rows = await t.db.select().from(reminders).where(eq(reminders.userId, person.id));
    expect(rows).toHaveLength(3);
  });

  it('reminds each person once when the same reminder is sent several times at once', async () => {
    const person = await buildUser(t, { fullName: 'Doble Clic' });
    const once = { ...defaults, insist: false, type: 'specific', userIds: [person.id] };
    const answers = await Promise.all([send(once), send(once), send(once)]);
    expect(answers.map((r) => (r.json() as { sent: number }).sent).toSorted()).toEqual([0, 0, 1]);
    const rows = await t.db.select().from(reminders).where(eq(reminders.userId, person.id));
    expect(rows).toHaveLength(1);
    expect((await outbox()).filter((m) => m.includes(person.email))).toHaveLength(1);
  });

  it('lets a manager remind their own people only, with the standard message', async () => {
    const manager = await buildUser(t, { role: 'GERENTE', fullName: 'Gerardo Equipo' });
    const headers = await authHeader(t, manager);
    const mine = await buildUser(t, { fullName: 'Mía Equipo', managerId: manager.id });
    const below = await buildUser(t, { fullName: 'Bea Abajo', managerId: mine.id });
    const other = await buildUser(t, { fullName: 'Otto Ajeno' });

    const seen = (await preview({ type: 'pending' }, headers)).json() as PreviewRemindersResponse;
    expect(seen.recipients).toEqual([
      { id: below.id, fullName: 'Bea Abajo' },
      { id: mine.id, fullName: 'Mía Equipo' },
    ]);

    const res = await send(
      { type: 'specific', userIds: [mine.id, other.id], subject: 'Otro', message: 'Texto propio' },
      t,
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    // Someone outside their area is skipped without being named.
    expect(res.json()).toMatchObject({
      sent: 1,
      skipped: [{ id: other.id, fullName: null, reason: 'unavailable' }],
    });
    const [row] = await t.db.select().from(reminders).where(eq(reminders.userId, mine.id));
    expect(row).toMatchObject({ sentById: manager.id, emailSubject: DEFAULT_REMINDER_SUBJECT });
    expect(await remindedIds(row?.weekStart ?? '')).not.toContain(other.id);
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, manager.id), eq(auditLog.action, 'reminders.sent')));
    expect(audited?.meta).toMatchObject({ userIds: [mine.id] });
  });

  it('answers a week the database cannot hold with a Spanish 400', async () => {
    const res = await preview({ type: 'pending', weekStart: '0000-01-03' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.unsupportedDate });
  });

  it('answers 401 signed out, and sends nothing', async () => {
    const before = await reminderCount();
    for (const url of ['/api/reminders/preview', '/api/reminders/send']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { ...defaults, type: 'all' },
      });
      expect(res.statusCode, url).toBe(401);
    }
    expect(await reminderCount()).toBe(before);
  });

  it.each(['CONSEJO', 'USER'] as const)('refuses %s, and audits it', async (role) => {
    const headers = await authHeader(t, await buildUser(t, { role }));
    expect((await preview({ type: 'pending' }, headers)).statusCode).toBe(403);
    expect((await send({ ...defaults, type: 'pending' }, t, headers)).statusCode).toBe(403);
  });
});

describe('what a reminder writes (no SMTP: the outbox)', () => {
  it('writes the filled e-mail to the outbox, a reminders row and one audit row', async () => {
    const person = await buildUser(t, { fullName: 'María Outbox' });
    const before = (await outbox()).length;
    const res = await send({ ...defaults, type: 'specific', userIds: [person.id] });
    expect(res.json()).toEqual({ sent: 1, message: REMINDER_MSG.sent(1), skipped: [] });

    const mails = await outbox();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.find((m) => m.includes(person.email)) ?? '';
    const link = `https://appa.example.com/appa/${person.slug}`;
    const text = `Hola María Outbox,\n\nTe recordamos enviar tu APPA de esta semana. Puedes hacerlo desde tu enlace personal: ${link}\n\nGracias.`;
    expect(messageText(mail)).toBe(text);

    const [row] = await t.db.select().from(reminders).where(eq(reminders.userId, person.id));
    expect(row).toMatchObject({
      type: 'MANUAL',
      weekStart: CURRENT_WEEK,
      emailSubject: DEFAULT_REMINDER_SUBJECT,
      emailPreview: text.slice(0, 200),
      sentById: admin.id,
    });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'reminders.sent'));
    const last = audits.find((a) => JSON.stringify(a.meta).includes(person.id));
    expect(last?.actorId).toBe(admin.id);
    expect(last?.meta).toEqual({
      type: 'specific',
      weekStart: CURRENT_WEEK,
      recipients: 1,
      sent: 1,
      failed: 0,
      skipped: 0,
      insist: true,
      userIds: [person.id],
    });
  });
});

describe('GET /api/reminders', () => {
  it('lists the reminders newest first, with recipient and sender, by week and limit', async () => {
    const week = '2026-10-12';
    const first = await buildUser(t, { fullName: 'Primera Persona' });
    const second = await buildUser(t, { fullName: 'Segunda Persona' });
    await send({ ...defaults, type: 'specific', userIds: [first.id], weekStart: week });
    t.clock.advance(60_000);
    await send({
      subject: 'Otro asunto',
      message: 'Hola {nombre}',
      type: 'specific',
      userIds: [second.id],
      weekStart: week,
    });

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reminders?weekStart=${week}`,
      headers: asAdmin,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json<ReminderEntry[]>();
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      id: expect.any(String),
      sentAt: t.clock.current.toISOString(),
      type: 'MANUAL',
      weekStart: week,
      emailSubject: 'Otro asunto',
      recipient: { id: second.id, fullName: 'Segunda Persona', email: second.email },
      sentBy: { id: admin.id, fullName: 'Ana Administradora' },
    });
    expect(list[1]?.recipient.id).toBe(first.id);

    const limited = await t.app.inject({
      method: 'GET',
      url: '/api/reminders?limit=1',
      headers: asAdmin,
    });
    expect(limited.json<ReminderEntry[]>()).toHaveLength(1);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/reminders?limit=0',
      headers: asAdmin,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: REMINDER_MSG.invalidLimit });
  });
});

describe('with a real SMTP server', () => {
  it('sends from the saved sender with the name and the full personal link', async () => {
    const smtp = await startSmtpServer();
    const mailing = await buildTestApp({
      smtpUrl: smtp.url,
      mailFrom: 'APPA <appa@empresa.pe>',
      publicUrl: 'https://appa.empresa.pe',
    });
    try {
      const boss = await buildUser(mailing, { role: 'ADMIN' });
      const headers = await authHeader(mailing, boss);
      await mailing.db
        .insert(settings)
        .values({ key: 'mailFrom', value: 'recordatorios@empresa.pe' });
      const person = await buildUser(mailing, { fullName: 'Pedro Smtp' });
      const refused = await buildUser(mailing, { fullName: 'Rechazado' });
      await mailing.db
        .update(users)
        .set({ email: 'rechazado@empresa.pe' })
        .where(eq(users.id, refused.id));

      const res = await send(
        { ...defaults, type: 'specific', userIds: [person.id, refused.id] },
        mailing,
        headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      // Both are queued; the server's refusal of one mailbox shows in the mail queue.
      expect(res.json()).toEqual({ sent: 2, message: REMINDER_MSG.sent(2, 0), skipped: [] });
      await settleAfterReply();
      expect(smtp.received).toHaveLength(1);
      const [mail = ''] = smtp.received;
      expect(mail).toMatch(/^From: recordatorios@empresa\.pe$/m);
      expect(mail).toContain(`To: ${person.email}`);
      expect(messageText(mail)).toBe(
        DEFAULT_REMINDER_MESSAGE.replace('{nombre}', 'Pedro Smtp').replace(
          '{enlace}',
          `https://appa.empresa.pe/appa/${person.slug}`,
        ),
      );
      const [failed] = await mailing.db
        .select()
        .from(mailQueue)
        .where(eq(mailQueue.to, 'rechazado@empresa.pe'));
      expect(failed).toMatchObject({ status: 'FAILED', kind: 'reminder' });
      expect(failed?.lastError).toMatch(/Mailbox unavailable/);

      // The credentials e-mail of a new account comes from the saved sender too.
      const created = await mailing.app.inject({
        method: 'POST',
        url: '/api/users',
        headers,
        payload: { email: 'nuevo@empresa.pe', fullName: 'Nuevo Usuario' },
      });
      expect(created.statusCode).toBe(200);
      await settleAfterReply();
      expect(smtp.received).toHaveLength(2);
      expect(smtp.received[1]).toMatch(/^From: recordatorios@empresa\.pe$/m);
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });
});
