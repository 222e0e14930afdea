import net from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import type { Role } from '../../../common/roles';
import {
  MAIL_MSG,
  type MailQueueResponse,
  type RetryMailResponse,
} from '../../../common/schemas/mail';
import { auditLog, mailQueue } from '../../db/schema';
import { settleAfterReply } from '../../lib/after-reply';
import { deliverMail, MAIL_MAX_ATTEMPTS, retryDelayMs } from '../../services/mail-queue';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';
import { freePort } from '../../test/process';
import { messageHtml, messageText, startSmtpServer } from '../../test/smtp';

/*
 * Every e-mail goes through the queue: a request never fails or waits because the organisation's
 * SMTP server refuses or hangs; the message goes out once the server is back, is given up with its
 * reason after enough tries, and an administrator can send it again. Against real SMTP servers.
 */

const PUBLIC_URL = 'https://appa.example.com';
const silent = { warn: () => undefined, error: () => undefined };

let port: number;
let t: TestApp;
let asAdmin: Record<string, string>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | null = null;

beforeAll(async () => {
  // Nothing listens on the port yet: the mail server is down.
  port = await freePort();
  t = await buildTestApp({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    publicUrl: PUBLIC_URL,
    smtpTimeoutMs: 500,
  });
  asAdmin = await authHeader(t, await buildUser(t, { role: 'ADMIN' }));
});
afterEach(async () => {
  await settleAfterReply();
  await smtp?.close();
  smtp = null;
});
afterAll(async () => {
  await t.close();
});

/** Brings the mail server up on the port the application was given. */
async function smtpUp() {
  smtp = await startSmtpServer(port);
  return smtp;
}

/** The queue's rows for `to`, newest first. */
const rowsTo = (to: string) =>
  t.db.select().from(mailQueue).where(eq(mailQueue.to, to)).orderBy(desc(mailQueue.createdAt));

/**
 * Runs the worker as its schedule would once the wait before the next try has passed. The worker
 * has a clock of its own, so that the hours of waits do not end the administrator's session.
 */
let workerTime = 0;
async function nextPass(attempts: number) {
  workerTime = Math.max(workerTime, t.clock.now().getTime()) + retryDelayMs(attempts);
  await deliverMail({ ...t.ctx, clock: () => new Date(workerTime) }, silent);
}

/** A row written by hand is due at the test's time, not the machine's. */
const dueNow = () => ({ nextAttemptAt: t.clock.now(), createdAt: t.clock.now() });

const askLink = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email } });

const queue = async (headers = asAdmin) =>
  t.app.inject({ method: 'GET', url: '/api/mail/queue', headers });
const retry = (id: string, headers = asAdmin) =>
  t.app.inject({ method: 'POST', url: `/api/mail/queue/${id}/retry`, headers });

describe('a request while the mail server is down', () => {
  it('asks for a sign-in link, is answered as usual, and the link arrives once the server is up', async () => {
    const user = await buildUser(t, { email: 'enlace.sin.smtp@empresa.pe' });
    const res = await askLink(user.email);
    expect(res.statusCode).toBe(200);
    await settleAfterReply();

    const [waiting] = await rowsTo(user.email);
    expect(waiting).toMatchObject({ status: 'PENDING', kind: 'magic_link', attempts: 1 });
    expect(waiting?.lastError).toMatch(/ECONNREFUSED/);

    const server = await smtpUp();
    await nextPass(1);
    expect(server.received).toHaveLength(1);
    const text = messageText(server.received[0] ?? '');
    expect(text).toContain(`${PUBLIC_URL}/auth/verify?token=`);
    const [sent] = await rowsTo(user.email);
    expect(sent).toMatchObject({ status: 'SENT', lastError: null });
  });

  it('is answered when the server accepts the connection and never speaks; the message waits', async () => {
    const sockets = new Set<net.Socket>();
    const silentServer = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silentServer.listen(port, '127.0.0.1', resolve));
    try {
      const user = await buildUser(t, { email: 'enlace.colgado@empresa.pe' });
      const res = await askLink(user.email);
      expect(res.statusCode).toBe(200);
      await settleAfterReply();
      const [waiting] = await rowsTo(user.email);
      expect(waiting?.status).toBe('PENDING');
      expect(waiting?.lastError).toMatch(/timeout/i);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silentServer.close(() => resolve()));
    }
    const server = await smtpUp();
    await nextPass(1);
    expect(server.received.map((raw) => /^To: (.*)$/m.exec(raw)?.[1]?.trim())).toEqual([
      'enlace.colgado@empresa.pe',
    ]);
  });
});

describe('a message that keeps failing', () => {
  it('ends FAILED with its reason after MAIL_MAX_ATTEMPTS tries, and "Reintentar" sends it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: asAdmin,
      payload: { email: 'nunca.llega@empresa.pe', fullName: 'Nunca Llega' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await settleAfterReply();
    for (let attempts = 1; attempts < MAIL_MAX_ATTEMPTS; attempts += 1) await nextPass(attempts);
    const [failed] = await rowsTo('nunca.llega@empresa.pe');
    expect(failed).toMatchObject({ status: 'FAILED', attempts: MAIL_MAX_ATTEMPTS });
    expect(failed?.lastError).toMatch(/ECONNREFUSED/);

    const listed = (await queue()).json<MailQueueResponse>();
    expect(listed.transport).toBe('smtp');
    expect(listed.counts.failed).toBeGreaterThanOrEqual(1);
    // Failed first, and nothing of a body.
    expect(listed.messages[0]).toEqual({
      id: failed?.id,
      to: 'nunca.llega@empresa.pe',
      subject: failed?.subject,
      kind: 'credentials',
      status: 'FAILED',
      attempts: MAIL_MAX_ATTEMPTS,
      lastError: failed?.lastError,
      createdAt: failed?.createdAt.toISOString(),
      sentAt: null,
      nextAttemptAt: failed?.nextAttemptAt.toISOString(),
    });

    const server = await smtpUp();
    const retried = await retry(failed?.id ?? '');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<RetryMailResponse>()).toMatchObject({
      message: MAIL_MSG.retried,
      entry: { status: 'PENDING', attempts: 0 },
    });
    await settleAfterReply();
    expect(server.received).toHaveLength(1);
    const [sent] = await rowsTo('nunca.llega@empresa.pe');
    expect(sent).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mail.retried'), eq(auditLog.entityId, failed?.id ?? '')));
    expect(audited).toMatchObject({ entity: 'mail', meta: { kind: 'credentials' } });

    // Sent, it cannot be retried again: a second click sends nothing.
    const again = await retry(failed?.id ?? '');
    expect([again.statusCode, again.json()]).toEqual([409, { message: MAIL_MSG.notFailed }]);
  });

  it('is given up at once when the server refuses the mailbox for good (5xx)', async () => {
    const server = await smtpUp();
    await buildUser(t, { email: 'rechazado@empresa.pe' });
    const res = await askLink('rechazado@empresa.pe');
    expect(res.statusCode).toBe(200);
    await settleAfterReply();
    const [refused] = await rowsTo('rechazado@empresa.pe');
    expect(refused).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(refused?.lastError).toMatch(/Mailbox unavailable/);
    expect(server.received).toEqual([]);
  });

  it('keeps no user or password of an address in its reason', async () => {
    const [row] = await t.db
      .insert(mailQueue)
      .values({ to: 'razon@empresa.pe', subject: 'Prueba', text: 'Hola', ...dueNow() })
      .returning();
    const leaky = {
      ...t.ctx,
      mailer: {
        kind: 'smtp' as const,
        send: () =>
          Promise.reject(new Error('no se pudo: smtp://usuario:clave@mail.empresa.pe:587')),
      },
    };
    await deliverMail(leaky, silent);
    const [after] = await t.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.id, row?.id ?? ''));
    expect(after?.lastError).toBe('no se pudo: smtp://mail.empresa.pe:587');
  });
});

describe('what is kept and what arrives', () => {
  it('erases the credentials e-mail body from the table once it is sent', async () => {
    const server = await smtpUp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: asAdmin,
      payload: { email: 'credenciales@empresa.pe', fullName: 'Carla Credenciales' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { temporaryPassword } = res.json<{ temporaryPassword: string }>();
    await settleAfterReply();
    expect(messageText(server.received[0] ?? '')).toContain(
      `Contraseña temporal: ${temporaryPassword}`,
    );
    const [row] = await rowsTo('credenciales@empresa.pe');
    expect(row).toMatchObject({ status: 'SENT', sensitive: true, text: null, html: null });
    expect(JSON.stringify(await rowsTo('credenciales@empresa.pe'))).not.toContain(
      temporaryPassword,
    );
  });

  it('keeps the body of a message without a secret', async () => {
    await smtpUp();
    const [row] = await t.db
      .insert(mailQueue)
      .values({
        to: 'aviso@empresa.pe',
        subject: 'Aviso',
        text: 'Hola',
        html: '<p>Hola</p>',
        ...dueNow(),
      })
      .returning();
    await deliverMail(t.ctx, silent);
    const [after] = await t.db
      .select()
      .from(mailQueue)
      .where(eq(mailQueue.id, row?.id ?? ''));
    expect(after).toMatchObject({ status: 'SENT', text: 'Hola', html: '<p>Hola</p>' });
  });

  it('sends multipart HTML and plain text, with the link in both', async () => {
    const server = await smtpUp();
    const user = await buildUser(t, { email: 'multiparte@empresa.pe', fullName: 'Mía Parte' });
    await askLink(user.email);
    await settleAfterReply();
    const raw = server.received[0] ?? '';
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/im);
    const text = messageText(raw);
    const html = messageHtml(raw);
    const link = /https:\/\/appa\.example\.com\/auth\/verify\?token=[\w-]+/.exec(text)?.[0];
    expect(link).toBeDefined();
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('<html dir="ltr" lang="es">');
    expect(html).toMatch(/<h1[^>]*>Tu enlace para ingresar<\/h1>/);
    // The button says where it goes; the address is there to copy too.
    expect(html).toMatch(/<a href="[^"]+"[^>]*>(?:(?!<\/a>).)*>Ingresar al Sistema APPA</);
    expect(html).toContain(`>${link}</a>`);
    expect(html).not.toMatch(/<img/i);
    expect(text).toContain('Hola, Mía Parte:');
  });
});

describe('the queue is for administrators only', () => {
  const ID = '00000000-0000-4000-8000-000000000000';

  it('answers 401 signed out', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/mail/queue' }),
      await t.app.inject({ method: 'POST', url: `/api/mail/queue/${ID}/retry` }),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([401, { message: MSG.notSignedIn }]);
    }
  });

  const others: Role[] = ['CONSEJO', 'VP', 'GERENTE', 'LIDER', 'USER'];
  it.each(others)('answers 403 to %s, and retries nothing', async (role) => {
    const headers = await authHeader(t, await buildUser(t, { role }));
    expect((await queue(headers)).statusCode).toBe(403);
    const res = await retry(ID, headers);
    expect([res.statusCode, res.json()]).toEqual([403, { message: MSG.forbidden }]);
  });

  it('answers 404 for an unknown message and 400 for a bad id, in Spanish', async () => {
    const unknown = await retry(ID);
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { message: MAIL_MSG.messageNotFound },
    ]);
    for (const bad of ['no-es-un-id', '123', "1'%20or%20'1'%3D'1"]) {
      const res = await retry(bad);
      expect([res.statusCode, res.json()], bad).toEqual([
        400,
        { message: MAIL_MSG.invalidMessageId },
      ]);
    }
    const limit = await t.app.inject({
      method: 'GET',
      url: '/api/mail/queue?limit=0',
      headers: asAdmin,
    });
    expect([limit.statusCode, limit.json()]).toEqual([400, { message: MAIL_MSG.invalidLimit }]);
  });
});
