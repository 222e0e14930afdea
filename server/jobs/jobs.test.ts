import fs from 'node:fs';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { openPostgres, type Database } from '../db/client';
import { absences, auditLog, mailQueue, reminders, users } from '../db/schema';
import { createMailer, outboxDir, type Mailer } from '../adapters/mail';
import { enqueueMail } from '../services/mail-queue';
import { pauseJobs, resumeJobs } from '../services/jobs-pause';
import { saveSettings } from '../services/settings';
import { buildReport } from '../test/factories';
import { buildTestApp, buildUser, type TestApp } from '../test/helper';
import { reminderWindow, sendAutoReminders } from './auto-reminders';
import { sendWeeklyDigests } from './digest';
import { startScheduler, type Job } from './scheduler';
import { settleAfterReply } from '../lib/after-reply';
import { deliverMail, retryDelayMs } from '../services/mail-queue';

const quiet = () => {};
const log = {
  info: quiet,
  warn: quiet,
  error: quiet,
  debug: quiet,
  trace: quiet,
  fatal: quiet,
  silent: quiet,
  level: 'silent',
  child: () => log,
} as unknown as FastifyBaseLogger;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://appa.example.com' });
  await saveSettings(
    t.db,
    {
      autoRemindersEnabled: true,
      reminderDay: 1,
      reminderTime: '08:00',
      organisationTimezone: 'America/Lima',
    },
    null,
  );
});
afterAll(async () => {
  await t.close();
});

// Monday 2026-11-16, 08:30 in Lima.
const MONDAY_0830 = new Date('2026-11-16T13:30:00Z');
const WEEK = '2026-11-16';

/** Everyone currently expected to report is made to have sent already, to start each test clean. */
beforeEach(async () => {
  t.clock.current = MONDAY_0830;
  // Suspended as of the test's clock: from this week on they are expected no more.
  await t.db.update(users).set({ status: 'SUSPENDIDO', statusChangedAt: MONDAY_0830 });
});

const autoRows = (userId: string) =>
  t.db
    .select()
    .from(reminders)
    .where(and(eq(reminders.userId, userId), eq(reminders.type, 'AUTO')));

/** The outbox messages to `email` once the mail the jobs queued went out. */
const mailsTo = async (email: string) => {
  await settleAfterReply();
  const dir = outboxDir(t.ctx.config);
  if (!fs.existsSync(dir)) return [];
  return (
    fs
      .readdirSync(dir)
      .map((f) => fs.readFileSync(`${dir}/${f}`, 'utf8'))
      // Quoted-printable folds long lines and writes '=' as '=3D'.
      .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .filter((m) => m.includes(`To: ${email}`))
  );
};

async function pendingAuthors(n: number) {
  return Promise.all(Array.from({ length: n }, () => buildUser(t)));
}

describe('the automatic weekly reminder', () => {
  it('opens at the saved day and time in the organisation timezone, until the end of that day', () => {
    const settings = {
      reminderDay: 1,
      reminderTime: '08:00',
      organisationTimezone: 'America/Lima',
    };
    expect(reminderWindow(MONDAY_0830, settings)).toEqual({
      weekStart: WEEK,
      from: new Date('2026-11-16T13:00:00Z'),
      to: new Date('2026-11-17T05:00:00Z'),
    });
    const wednesday = { ...settings, reminderDay: 3, reminderTime: '17:30' };
    expect(reminderWindow(MONDAY_0830, wednesday).from).toEqual(new Date('2026-11-18T22:30:00Z'));
  });

  it('the Monday run reminds each pending author exactly once, with their name and link', async () => {
    const [ana, beto] = await pendingAuthors(2);
    const sender = await buildUser(t);
    await buildReport(t, { user: sender, weekStart: WEEK, status: 'ENVIADO' });
    const admin = await buildUser(t, { role: 'ADMIN' });

    expect(await sendAutoReminders(t.ctx, log)).toBe(2);
    t.clock.advance(60_000);
    expect(await sendAutoReminders(t.ctx, log)).toBe(0);

    for (const person of [ana, beto]) {
      if (!person) throw new Error('missing author');
      expect(await autoRows(person.id)).toHaveLength(1);
      const mails = await mailsTo(person.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(person.fullName);
      expect(mails[0]).toContain(`https://appa.example.com/appa/${person.slug}`);
    }
    expect(await autoRows(sender.id)).toHaveLength(0);
    expect(await autoRows(admin.id)).toHaveLength(0);
  });

  it('sends nothing before the time, after the day, or when turned off', async () => {
    const [person] = await pendingAuthors(1);
    if (!person) throw new Error('missing author');
    t.clock.current = new Date('2026-11-16T12:59:00Z');
    expect(await sendAutoReminders(t.ctx, log)).toBe(0);
    t.clock.current = new Date('2026-11-17T05:00:00Z');
    expect(await sendAutoReminders(t.ctx, log)).toBe(0);
    t.clock.current = MONDAY_0830;
    await saveSettings(t.db, { autoRemindersEnabled: false }, null);
    try {
      expect(await sendAutoReminders(t.ctx, log)).toBe(0);
    } finally {
      await saveSettings(t.db, { autoRemindersEnabled: true }, null);
    }
    expect(await autoRows(person.id)).toHaveLength(0);
  });

  it('two instances running at once send each reminder once, and a restart does not resend', async () => {
    const authors = await pendingAuthors(6);
    // The second instance: its own connection pool on PostgreSQL, the same database otherwise.
    let second: Database = t.ctx.database;
    if (t.ctx.database.kind === 'postgres' && t.ctx.database.url) {
      second = await openPostgres(t.ctx.database.url, { migrate: false });
    }
    try {
      const other: AppContext = { ...t.ctx, database: second, db: second.db };
      const [a, b] = await Promise.all([
        sendAutoReminders(t.ctx, log),
        sendAutoReminders(other, log),
      ]);
      expect(a + b).toBe(6);
      // "Restarted" a minute later, still inside the window.
      t.clock.advance(60_000);
      expect(await sendAutoReminders(other, log)).toBe(0);
    } finally {
      if (second !== t.ctx.database) await second.close();
    }
    for (const person of authors) {
      expect(await autoRows(person.id)).toHaveLength(1);
      expect(await mailsTo(person.email)).toHaveLength(1);
    }
  });

  it('reminds each person at the saved time in their own timezone, and never the wrong people', async () => {
    const [lima, honolulu, away, nudged] = await pendingAuthors(4);
    if (!lima || !honolulu || !away || !nudged) throw new Error('missing author');
    await t.db.update(users).set({ timezone: 'Pacific/Honolulu' }).where(eq(users.id, honolulu.id));
    await t.db
      .insert(absences)
      .values({ userId: away.id, fromDate: WEEK, toDate: '2026-11-22', reason: 'vacaciones' });
    // Reminded by hand two hours ago: not again so soon.
    await t.db.insert(reminders).values({
      userId: nudged.id,
      weekStart: WEEK,
      type: 'MANUAL',
      sentAt: new Date(MONDAY_0830.getTime() - 2 * 3_600_000),
      emailSubject: 'Recordatorio',
    });
    // Joins on Tuesday: this week is not one of theirs.
    const hired = await buildUser(t, { since: new Date('2026-11-17T15:00:00Z') });

    // 08:30 in Lima is 03:30 in Honolulu: only Lima's turn.
    expect(await sendAutoReminders(t.ctx, log)).toBe(1);
    expect(await autoRows(lima.id)).toHaveLength(1);
    expect(await autoRows(honolulu.id)).toHaveLength(0);
    // 08:30 in Honolulu.
    t.clock.current = new Date('2026-11-16T18:30:00Z');
    expect(await sendAutoReminders(t.ctx, log)).toBe(1);
    expect(await autoRows(honolulu.id)).toHaveLength(1);
    for (const person of [away, nudged, hired]) {
      expect(await autoRows(person.id)).toHaveLength(0);
    }
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'reminders.auto_sent'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audited?.meta).toEqual({ sent: 1, userIds: [honolulu.id] });
  });

  it('a mail server that fails only delays the reminder: claimed once, sent by the queue later', async () => {
    const [person] = await pendingAuthors(1);
    if (!person) throw new Error('missing author');
    const real = createMailer(t.ctx.config);
    let fail = true;
    const flaky: Mailer = {
      kind: 'outbox',
      async send(message) {
        if (fail) throw new Error('SMTP unavailable');
        await real.send(message);
      },
    };
    const ctx: AppContext = { ...t.ctx, mailer: flaky };
    expect(await sendAutoReminders(ctx, log)).toBe(1);
    expect(await mailsTo(person.email)).toEqual([]);
    expect(await autoRows(person.id)).toHaveLength(1);
    fail = false;
    t.clock.advance(retryDelayMs(1));
    expect(await sendAutoReminders(ctx, log)).toBe(0);
    await deliverMail(ctx, log);
    expect(await mailsTo(person.email)).toHaveLength(1);
    expect(await autoRows(person.id)).toHaveLength(1);
  });
});

describe('the weekly digest', () => {
  it("after the deadline, tells each manager, VP and board member about their own area's problems", async () => {
    const vp = await buildUser(t, { role: 'VP', fullName: 'Valeria Vicepresidenta' });
    const north = await buildUser(t, {
      role: 'GERENTE',
      managerId: vp.id,
      fullName: 'Gerardo Norte',
    });
    const south = await buildUser(t, { role: 'GERENTE', managerId: vp.id, fullName: 'Gina Sur' });
    const northLeader = await buildUser(t, {
      role: 'LIDER',
      managerId: north.id,
      fullName: 'Lía Norte',
    });
    const southLeader = await buildUser(t, {
      role: 'LIDER',
      managerId: south.id,
      fullName: 'Luis Sur',
    });
    await buildUser(t, { managerId: northLeader.id, fullName: 'Pedro Pendiente' });
    const board = await buildUser(t, { role: 'CONSEJO', fullName: 'Carmen Consejo' });
    // A manager with nobody to report on has nothing to read.
    const lonely = await buildUser(t, {
      role: 'GERENTE',
      managerId: vp.id,
      fullName: 'Gustavo Sin Equipo',
    });
    await buildReport(t, {
      user: northLeader,
      weekStart: WEEK,
      status: 'ENVIADO',
      problemas: 'Falta presupuesto en el norte',
    });
    await buildReport(t, {
      user: southLeader,
      weekStart: WEEK,
      status: 'ENVIADO',
      ayuda: 'Necesito apoyo legal en el sur',
    });

    // Monday 09:59 in Lima: before the 10:00 deadline.
    t.clock.current = new Date('2026-11-16T14:59:00Z');
    expect(await sendWeeklyDigests(t.ctx, log)).toBe(0);
    t.clock.current = new Date('2026-11-16T15:01:00Z');
    expect(await sendWeeklyDigests(t.ctx, log)).toBe(4);
    expect(await sendWeeklyDigests(t.ctx, log)).toBe(0);

    const digestOf = async (person: { email: string }) => {
      const mails = (await mailsTo(person.email)).filter((m) => m.includes('Resumen semanal'));
      expect(mails).toHaveLength(1);
      return mails[0] ?? '';
    };
    const northMail = await digestOf(north);
    expect(northMail).toContain('Falta presupuesto en el norte');
    expect(northMail).not.toContain('apoyo legal');
    // Lía sent, Pedro did not: one of two.
    expect(northMail).toContain('Enviados: 1 de 2 (50 %)');
    const southMail = await digestOf(south);
    expect(southMail).toContain('Necesito apoyo legal en el sur');
    expect(southMail).not.toContain('presupuesto');
    for (const mail of [await digestOf(vp), await digestOf(board)]) {
      expect(mail).toContain('Falta presupuesto en el norte');
      expect(mail).toContain('Necesito apoyo legal en el sur');
    }
    // Leaders and authors get no digest, nor a manager with nobody expected below them.
    expect((await mailsTo(northLeader.email)).filter((m) => m.includes('Resumen semanal'))).toEqual(
      [],
    );
    expect((await mailsTo(lonely.email)).filter((m) => m.includes('Resumen semanal'))).toEqual([]);
  });
});

describe('the scheduler', () => {
  it('logs a failing job, keeps running the others, and retries the failed one at the next tick', async () => {
    const runs: string[] = [];
    let failures = 1;
    const jobs: Job[] = [
      {
        name: 'flaky',
        everyMs: 3_600_000,
        async run() {
          runs.push('flaky');
          if (failures-- > 0) throw new Error('boom');
        },
      },
      {
        name: 'steady',
        everyMs: 3_600_000,
        async run() {
          runs.push('steady');
        },
      },
    ];
    const scheduler = startScheduler(t.ctx, log, jobs, 3_600_000);
    await scheduler.runOnce();
    await scheduler.runOnce();
    // The steady job ran once (its hour has not passed); the flaky one ran again after failing.
    expect(runs).toEqual(['flaky', 'steady', 'flaky']);
    await scheduler.runOnce();
    expect(runs).toEqual(['flaky', 'steady', 'flaky']);
    await scheduler.stop();
  });
});

describe('jobs paused after a restore', () => {
  it('runs nothing scheduled and sends no queued mail until an administrator resumes them', async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const runs: string[] = [];
    const jobs: Job[] = [
      { name: 'auto-reminders', everyMs: 60_000, run: async () => void runs.push('reminders') },
      { name: 'cleanup', everyMs: 60_000, run: async () => void runs.push('cleanup') },
    ];
    await pauseJobs(t.db, {
      since: t.clock.now().toISOString(),
      reason: 'restore',
      archiveCreatedAt: null,
    });
    await enqueueMail(
      t.db,
      [
        {
          to: 'viejo@example.com',
          kind: 'notification',
          subject: 'Correo de otra época',
          text: 'Hola',
          html: '<p>Hola</p>',
          sensitive: false,
        },
      ],
      t.clock.now(),
    );

    const scheduler = startScheduler(t.ctx, log, jobs, 3_600_000);
    await scheduler.runOnce();
    await scheduler.runOnce();
    expect(runs).toEqual([]);
    expect(await deliverMail(t.ctx, log)).toBe(0);
    const queued = await t.db.select().from(mailQueue).where(eq(mailQueue.to, 'viejo@example.com'));
    expect(queued).toMatchObject([{ status: 'PENDING', attempts: 0 }]);

    expect(await resumeJobs(t.db, admin.id)).toBe(true);
    await scheduler.runOnce();
    expect(runs).toEqual(['reminders', 'cleanup']);
    expect(await deliverMail(t.ctx, log)).toBeGreaterThanOrEqual(1);
    await scheduler.stop();
    // Resuming twice changes nothing more.
    expect(await resumeJobs(t.db, admin.id)).toBe(false);
  });
});
