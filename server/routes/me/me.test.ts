import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import {
  ME_MSG,
  type MyReports,
  type NotificationList,
  type Preferences,
} from '../../../common/schemas/me';
import { PANEL_MSG, type ReviewComment, type ReviewTask } from '../../../common/schemas/panel';
import { mailQueue, notifications } from '../../db/schema';
import { settleAfterReply } from '../../lib/after-reply';
import { sendDailySummaries } from '../../jobs/notification-summary';
import { deliverMail } from '../../services/mail-queue';
import { buildComment, buildReport, buildTask } from '../../test/factories';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';
import { requestAs, UNKNOWN_ID, type Person } from '../../test/review-fixture';
import { messageText, startSmtpServer } from '../../test/smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let gerente: Person;
let author: Person;
let colleague: Person;
let sent: { id: string; userId: string };
let draft: { id: string; userId: string };
const inject = requestAs(() => t);
const silent = { warn: () => undefined, info: () => undefined, error: () => undefined };

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: 'https://appa.example.com' });
  gerente = await buildUser(t, { role: 'GERENTE', fullName: 'Gema Gerente' });
  author = await buildUser(t, { fullName: 'Úrsula Autora', managerId: gerente.id });
  colleague = await buildUser(t, { fullName: 'Carlos Colega', managerId: gerente.id });
  sent = await buildReport(t, { user: author, weekStart: '2026-11-09', status: 'ENVIADO' });
  draft = await buildReport(t, { user: author, weekStart: '2026-11-16', status: 'BORRADOR' });
  await buildReport(t, { user: colleague, weekStart: '2026-11-09', status: 'ENVIADO' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const notificationsOf = async (person: Person) => {
  const res = await inject(person, 'GET', '/api/me/notifications');
  expect(res.statusCode).toBe(200);
  return res.json() as NotificationList;
};
/** Sends what the queue holds through the SMTP server, and answers the texts that arrived. */
const mailbox = async () => {
  await settleAfterReply();
  await deliverMail(t.ctx, silent);
  return smtp.received.map(messageText);
};
/** The daily summaries at `iso` (the sessions' clock left alone), sent through the queue. */
const at = async (iso: string) => {
  const then = { ...t.ctx, clock: () => new Date(iso) };
  const summaries = await sendDailySummaries(then, silent);
  await deliverMail(then, silent);
  return summaries;
};
const comment = (person: Person, reportId: string, payload: object) =>
  inject(person, 'POST', `/api/appa/${reportId}/comments`, payload);

describe('signed out', () => {
  it.each([
    ['GET', '/api/me/reports', undefined],
    ['GET', '/api/me/notifications', undefined],
    ['POST', '/api/me/notifications/read', {}],
    ['GET', '/api/me/preferences', undefined],
    ['PUT', '/api/me/preferences', { notifyEmail: 'off' }],
  ] as const)('%s %s answers 401', async (method, url, payload) => {
    const res = await inject(null, method, url, payload);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.notSignedIn });
  });
});

describe('the loop: a manager comments, the author answers, each hears of the other', () => {
  let managerComment: ReviewComment;

  it('tells the author, by bell and by e-mail, that their manager commented', async () => {
    const res = await comment(gerente, sent.id, { comment: 'Buen avance con el cliente' });
    expect(res.statusCode).toBe(201);
    managerComment = res.json() as ReviewComment;
    expect(managerComment.parentId).toBeNull();

    const { items, unread } = await notificationsOf(author);
    expect(unread).toBe(1);
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'comment',
        text: 'Gema Gerente comentó tu APPA de la semana del 09/11/2026.',
        reportId: sent.id,
        readAt: null,
      }),
    ]);
    // Nobody hears of what they did themself.
    expect((await notificationsOf(gerente)).unread).toBe(0);

    const mails = await mailbox();
    expect(mails).toHaveLength(1);
    expect(smtp.received[0]).toMatch(/^To: .*@/m);
    expect(mails[0]).toContain('Hola, Úrsula Autora:');
    expect(mails[0]).toContain('Gema Gerente comentó tu APPA de la semana del 09/11/2026.');
    expect(mails[0]).toContain(`https://appa.example.com/reportes/${sent.id}`);
    // The e-mail never carries what the comment says.
    expect(mails[0]).not.toContain('Buen avance');
  });

  it('lets the author read the comments of their report and answer one, not comment anew', async () => {
    const list = await inject(author, 'GET', `/api/appa/${sent.id}/comments`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: managerComment.id, abilities: { edit: false, reply: true } }),
    ]);

    const fresh = await comment(author, sent.id, { comment: 'Me comento a mí misma' });
    expect(fresh.statusCode).toBe(403);

    const reply = await comment(author, sent.id, {
      comment: 'Gracias, sigo con ello',
      parentId: managerComment.id,
    });
    expect(reply.statusCode).toBe(201);
    const answer = reply.json() as ReviewComment;
    expect(answer).toMatchObject({
      parentId: managerComment.id,
      reviewer: { id: author.id },
      abilities: { edit: true, reply: false },
    });
    // Threads are one level deep.
    const nested = await comment(gerente, sent.id, { comment: 'Ok', parentId: answer.id });
    expect(nested.statusCode).toBe(403);

    const { items } = await notificationsOf(gerente);
    expect(items.find((n) => n.kind === 'reply')).toMatchObject({
      text: 'Úrsula Autora respondió a tu comentario en su APPA de la semana del 09/11/2026.',
    });
    const mails = await mailbox();
    expect(mails.at(-1)).toContain('Hola, Gema Gerente:');
  });

  it('refuses an answer to a comment of another report, or to none', async () => {
    const other = await buildReport(t, {
      user: author,
      weekStart: '2026-11-02',
      status: 'ENVIADO',
    });
    const before = await t.db.$count(notifications);
    const wrong = await comment(author, other.id, { comment: 'Hola', parentId: managerComment.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: PANEL_MSG.commentNotFound });
    const missing = await comment(author, sent.id, { comment: 'Hola', parentId: UNKNOWN_ID });
    expect(missing.statusCode).toBe(404);
    expect(await t.db.$count(notifications)).toBe(before);
  });

  it('tells the author of the first review only, and of a task, and the creator of its completion', async () => {
    const review = await inject(gerente, 'POST', `/api/appa/${sent.id}/review`, {
      notes: 'Revisado',
    });
    expect(review.statusCode).toBe(200);
    const update = await inject(gerente, 'POST', `/api/appa/${sent.id}/review`, {
      notes: 'Revisado de nuevo',
      isUpdate: true,
    });
    expect(update.statusCode).toBe(200);
    const reviews = (await notificationsOf(author)).items.filter((n) => n.kind === 'review');
    expect(reviews).toHaveLength(1);
    expect(reviews[0]?.text).toBe('Gema Gerente revisó tu APPA de la semana del 09/11/2026.');

    const created = await inject(gerente, 'POST', '/api/review-tasks', {
      submissionId: sent.id,
      title: 'Enviar la propuesta',
      assignedToId: author.id,
    });
    expect(created.statusCode).toBe(201);
    const task = created.json() as ReviewTask;
    expect((await notificationsOf(author)).items.find((n) => n.kind === 'task')).toMatchObject({
      text: 'Gema Gerente te asignó la tarea «Enviar la propuesta» sobre tu APPA de la semana del 09/11/2026.',
    });

    const done = await inject(author, 'PATCH', `/api/review-tasks/${task.id}/status`, {
      status: 'COMPLETADA',
    });
    expect(done.statusCode).toBe(200);
    expect(
      (await notificationsOf(gerente)).items.find((n) => n.kind === 'task_done'),
    ).toMatchObject({
      text: 'Úrsula Autora completó la tarea «Enviar la propuesta» sobre su APPA de la semana del 09/11/2026.',
    });
  });
});

describe('GET /api/me/reports', () => {
  it("lists the caller's own reports only, newest week first, with what came back", async () => {
    await buildTask(t, {
      report: sent,
      assignedTo: author,
      createdBy: gerente,
      status: 'EN_PROGRESO',
    });
    const res = await inject(author, 'GET', '/api/me/reports');
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as MyReports;
    expect(items.map((r) => r.weekStart)).toEqual(['2026-11-16', '2026-11-09', '2026-11-02']);
    expect(items[0]).toMatchObject({
      id: draft.id,
      status: 'BORRADOR',
      submittedAt: null,
      reviewed: false,
      reviewedBy: null,
      commentCount: 0,
      openTaskCount: 0,
    });
    expect(items[1]).toMatchObject({
      id: sent.id,
      status: 'ENVIADO',
      reviewed: true,
      reviewedBy: { id: gerente.id, fullName: 'Gema Gerente' },
      // The manager's comment and the author's answer; the completed task is not open.
      commentCount: 2,
      openTaskCount: 1,
    });
    const mine = await inject(colleague, 'GET', '/api/me/reports');
    expect((mine.json() as MyReports).items.map((r) => r.weekStart)).toEqual(['2026-11-09']);
  });
});

describe('shares', () => {
  it('tells a peer a report was shared with them and commented on, while the share lasts', async () => {
    const lider = await buildUser(t, {
      role: 'LIDER',
      fullName: 'Lía Líder',
      managerId: gerente.id,
    });
    const peer = await buildUser(t, { role: 'LIDER', fullName: 'Pablo Par' });
    const report = await buildReport(t, {
      user: lider,
      weekStart: '2026-11-09',
      status: 'ENVIADO',
    });
    const share = await inject(lider, 'POST', `/api/appa/${report.id}/share`, {
      sharedWithId: peer.id,
      permission: 'read',
    });
    expect(share.statusCode).toBe(201);
    expect((await notificationsOf(peer)).items.find((n) => n.kind === 'share')).toMatchObject({
      text: 'Lía Líder compartió contigo su APPA de la semana del 09/11/2026.',
    });

    await comment(gerente, report.id, { comment: 'Bien' });
    expect(
      (await notificationsOf(peer)).items.find((n) => n.kind === 'shared_comment'),
    ).toMatchObject({
      text: 'Gema Gerente comentó el APPA de Lía Líder (la semana del 09/11/2026), que te compartieron.',
    });

    // Once the share is revoked, the peer reads the report no more and hears nothing of it.
    const { id: shareId } = share.json() as { id: string };
    expect((await inject(lider, 'DELETE', `/api/appa/shares/${shareId}`)).statusCode).toBe(204);
    const before = (await notificationsOf(peer)).items.length;
    await comment(gerente, report.id, { comment: 'Otra vez' });
    expect((await notificationsOf(peer)).items).toHaveLength(before);
  });

  it('never tells someone who may not read the report', async () => {
    const stranger = await buildUser(t, { fullName: 'Sara Extraña' });
    const report = await buildReport(t, {
      user: colleague,
      weekStart: '2026-11-02',
      status: 'ENVIADO',
    });
    const strangers = await buildComment(t, { report, reviewer: stranger });
    await comment(gerente, report.id, { comment: 'Respuesta', parentId: strangers.id });
    expect((await notificationsOf(stranger)).items).toEqual([]);
  });
});

describe('marking notifications read', () => {
  it('refuses a null body in Spanish rather than read it as "all", and marks nothing', async () => {
    const before = await notificationsOf(author);
    expect(before.unread).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/me/notifications/read',
      headers: { ...(await authHeader(t, author)), 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.invalidInput });
    expect((await notificationsOf(author)).unread).toBe(before.unread);
  });

  it('marks some, then all, and never anyone else’s', async () => {
    const before = await notificationsOf(author);
    expect(before.unread).toBeGreaterThan(1);
    const [first] = before.items;
    const some = await inject(author, 'POST', '/api/me/notifications/read', { ids: [first?.id] });
    expect(some.statusCode).toBe(200);
    expect((some.json() as NotificationList).unread).toBe(before.unread - 1);

    // The manager's ids are not the author's to mark.
    const managers = await notificationsOf(gerente);
    await inject(author, 'POST', '/api/me/notifications/read', {
      ids: managers.items.map((n) => n.id),
    });
    expect((await notificationsOf(gerente)).unread).toBe(managers.unread);

    // Up to an instant: what came later stays unread.
    const [newest] = await t.db
      .select({ createdAt: notifications.createdAt })
      .from(notifications)
      .where(eq(notifications.userId, author.id))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    await t.db
      .update(notifications)
      .set({ createdAt: new Date((newest?.createdAt.getTime() ?? 0) + 60_000) })
      .where(eq(notifications.id, before.items[1]?.id ?? ''));
    const upTo = await inject(author, 'POST', '/api/me/notifications/read', {
      upTo: newest?.createdAt.toISOString(),
    });
    expect((upTo.json() as NotificationList).unread).toBe(1);
    const badUpTo = await inject(author, 'POST', '/api/me/notifications/read', { upTo: 'ayer' });
    expect(badUpTo.statusCode).toBe(400);
    expect(badUpTo.json()).toEqual({ message: ME_MSG.upTo });

    const all = await inject(author, 'POST', '/api/me/notifications/read', {});
    expect((all.json() as NotificationList).unread).toBe(0);
    expect((all.json() as NotificationList).items.every((n) => n.readAt !== null)).toBe(true);

    const bad = await inject(author, 'POST', '/api/me/notifications/read', { ids: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: ME_MSG.notificationIds });
  });
});

describe('e-mail preferences', () => {
  const setPreference = (person: Person, notifyEmail: string) =>
    inject(person, 'PUT', '/api/me/preferences', { notifyEmail });

  it('are immediate by default, and refuse anything but the three choices in Spanish', async () => {
    const res = await inject(colleague, 'GET', '/api/me/preferences');
    expect(res.json()).toEqual({ notifyEmail: 'immediate' } satisfies Preferences);
    const bad = await setPreference(colleague, 'weekly');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: ME_MSG.notifyEmail });
    expect((await inject(colleague, 'GET', '/api/me/preferences')).json()).toEqual({
      notifyEmail: 'immediate',
    });
  });

  it('off: the bell rings, no e-mail goes out', async () => {
    const quiet = await buildUser(t, { fullName: 'Quique Quieto', managerId: gerente.id });
    expect((await setPreference(quiet, 'off')).json()).toEqual({ notifyEmail: 'off' });
    const report = await buildReport(t, {
      user: quiet,
      weekStart: '2026-11-09',
      status: 'ENVIADO',
    });
    const before = (await mailbox()).length;
    await comment(gerente, report.id, { comment: 'Bien' });
    expect((await notificationsOf(quiet)).unread).toBe(1);
    expect(await mailbox()).toHaveLength(before);
  });

  it('daily: one summary a day from 08:00 their time, listing what happened', async () => {
    const daily = await buildUser(t, { fullName: 'Diana Diaria', managerId: gerente.id });
    await setPreference(daily, 'daily');
    const report = await buildReport(t, {
      user: daily,
      weekStart: '2026-11-09',
      status: 'ENVIADO',
    });
    await comment(gerente, report.id, { comment: 'Bien' });
    await inject(gerente, 'POST', `/api/appa/${report.id}/review`, { notes: null });
    const before = (await mailbox()).length;
    expect(before).toBeGreaterThan(0);
    // Lima is UTC−5.
    expect(await at('2026-11-19T12:00:00Z')).toBe(0);
    expect(await mailbox()).toHaveLength(before);

    expect(await at('2026-11-19T13:30:00Z')).toBe(1);
    const mails = await mailbox();
    expect(mails).toHaveLength(before + 1);
    const summary = mails.at(-1) ?? '';
    expect(summary).toContain('Hola, Diana Diaria:');
    expect(summary).toContain('• Gema Gerente comentó tu APPA de la semana del 09/11/2026.');
    expect(summary).toContain('• Gema Gerente revisó tu APPA de la semana del 09/11/2026.');
    expect(summary).toContain(`https://appa.example.com/reportes/${report.id}`);
    expect(summary).not.toContain('Bien');

    // What happens after today's summary waits for tomorrow's.
    await comment(gerente, report.id, { comment: 'Una cosa más' });
    expect(await at('2026-11-19T20:00:00Z')).toBe(0);
    expect(await at('2026-11-20T13:05:00Z')).toBe(1);
    const next = (await mailbox()).at(-1) ?? '';
    expect(next).toContain('Gema Gerente comentó tu APPA');
    expect(next).not.toContain('revisó');
    expect(await at('2026-11-20T13:10:00Z')).toBe(0);
  });
});

describe('what the e-mails may say and to whom', () => {
  it('leaves out of the daily summary a report its reader may no longer read', async () => {
    const lider = await buildUser(t, {
      role: 'LIDER',
      fullName: 'Lucas Líder',
      managerId: gerente.id,
    });
    const peer = await buildUser(t, { role: 'LIDER', fullName: 'Pía Diaria' });
    await inject(peer, 'PUT', '/api/me/preferences', { notifyEmail: 'daily' });
    const report = await buildReport(t, {
      user: lider,
      weekStart: '2026-11-09',
      status: 'ENVIADO',
    });
    const share = await inject(lider, 'POST', `/api/appa/${report.id}/share`, {
      sharedWithId: peer.id,
      permission: 'read',
    });
    await comment(gerente, report.id, { comment: 'Bien' });
    expect((await notificationsOf(peer)).unread).toBe(2);
    const { id: shareId } = share.json() as { id: string };
    await inject(lider, 'DELETE', `/api/appa/shares/${shareId}`);
    const before = (await mailbox()).length;
    expect(await at('2026-11-21T14:00:00Z')).toBe(0);
    expect(await mailbox()).toHaveLength(before);
  });

  it('never mails, weeks later, what a daily summary held when the person left it', async () => {
    const person = await buildUser(t, { fullName: 'Vera Vuelve', managerId: gerente.id });
    await inject(person, 'PUT', '/api/me/preferences', { notifyEmail: 'daily' });
    const report = await buildReport(t, {
      user: person,
      weekStart: '2026-11-09',
      status: 'ENVIADO',
    });
    await comment(gerente, report.id, { comment: 'Bien' });
    await inject(person, 'PUT', '/api/me/preferences', { notifyEmail: 'off' });
    await inject(person, 'PUT', '/api/me/preferences', { notifyEmail: 'daily' });
    expect(await at('2026-11-22T14:00:00Z')).toBe(0);
  });

  it('writes a task title on one line, whatever breaks it holds', async () => {
    const person = await buildUser(t, { fullName: 'Tito Título', managerId: gerente.id });
    const report = await buildReport(t, {
      user: person,
      weekStart: '2026-11-09',
      status: 'ENVIADO',
    });
    const res = await inject(gerente, 'POST', '/api/review-tasks', {
      submissionId: report.id,
      title: 'Revisa\n\nÁbrelo aquí: http://malo.example\n\n— APPA',
      assignedToId: person.id,
    });
    expect(res.statusCode).toBe(201);
    const [task] = (await notificationsOf(person)).items;
    expect(task?.text).toBe(
      'Gema Gerente te asignó la tarea «Revisa Ábrelo aquí: http://malo.example — APPA» sobre tu APPA de la semana del 09/11/2026.',
    );
    const mail = (await mailbox()).at(-1) ?? '';
    expect(mail).not.toMatch(/^Ábrelo aquí: http:\/\/malo/m);
  });

  it('tells someone else in a thread that there is an answer, not that it answers them', async () => {
    const person = await buildUser(t, { fullName: 'Hilda Hilo', managerId: gerente.id });
    const report = await buildReport(t, {
      user: person,
      weekStart: '2026-11-09',
      status: 'ENVIADO',
    });
    const admin = await buildUser(t, { role: 'ADMIN', fullName: 'Adela Admin' });
    const first = (await comment(admin, report.id, { comment: 'Primero' })).json() as ReviewComment;
    await comment(gerente, report.id, { comment: 'Yo también', parentId: first.id });
    await comment(person, report.id, { comment: 'Gracias', parentId: first.id });
    const texts = (await notificationsOf(gerente)).items.map((n) => n.text);
    expect(texts).toContain(
      'Hilda Hilo respondió en un hilo de comentarios de su APPA de la semana del 09/11/2026.',
    );
    expect((await notificationsOf(admin)).items.map((n) => n.text)).toContain(
      'Hilda Hilo respondió a tu comentario en su APPA de la semana del 09/11/2026.',
    );
  });
});

describe('the mail queue', () => {
  it('keeps a message the SMTP server refused for now and tries it again later', async () => {
    const refused = await buildUser(t, {
      fullName: 'Rita Rechazo',
      email: 'ocupado@example.com',
      managerId: gerente.id,
    });
    const report = await buildReport(t, {
      user: refused,
      weekStart: '2026-11-09',
      status: 'ENVIADO',
    });
    const before = (await mailbox()).length;
    await comment(gerente, report.id, { comment: 'Bien' });
    await mailbox();
    expect(smtp.received).toHaveLength(before);
    const [queued] = await t.db.select().from(mailQueue).where(eq(mailQueue.to, refused.email));
    expect(queued).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(queued?.lastError).toMatch(/Mailbox busy/);
    expect(queued?.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    // Not yet due: nothing is tried.
    await deliverMail(t.ctx, silent);
    const [waiting] = await t.db.select().from(mailQueue).where(eq(mailQueue.to, refused.email));
    expect(waiting?.attempts).toBe(1);
    t.clock.advance(61_000);
    await deliverMail(t.ctx, silent);
    const [again] = await t.db.select().from(mailQueue).where(eq(mailQueue.to, refused.email));
    expect(again?.attempts).toBe(2);
  });
});
