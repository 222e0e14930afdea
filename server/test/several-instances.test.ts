import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../common/schemas/report';
import { buildApp } from '../app';
import type { AppContext } from '../context';
import { openPostgres, type Database } from '../db/client';
import { createMailer } from '../adapters/mail';
import { deliverMail, enqueueMail } from '../services/mail-queue';
import { S3Storage } from '../adapters/storage/s3';
import { authHeader, buildTestApp, buildUser, type TestApp } from './helper';
import { startS3rver } from './s3';
import { startSmtpServer } from './smtp';
import { requestTicket } from './uploads';
import { waitFor } from './process';

/**
 * Two instances behind a load balancer, as an organisation runs them: one database (on
 * PostgreSQL, each instance with its own pool and listeners; the embedded database is shared in
 * one process), attachments in one S3 bucket (s3rver), one SMTP server. What one instance does,
 * the other sees, and nothing is done twice.
 */
let s3: Awaited<ReturnType<typeof startS3rver>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let second: FastifyInstance;
let secondDatabase: Database;
let secondCtx: AppContext;

beforeAll(async () => {
  s3 = await startS3rver();
  const bucket = s3.settings;
  const firstStorage = s3.storage;
  smtp = await startSmtpServer();
  t = await buildTestApp(
    { smtpUrl: smtp.url, publicUrl: 'https://appa.example.com', s3: bucket },
    { storage: firstStorage },
  );
  secondDatabase =
    t.ctx.database.kind === 'postgres' && t.ctx.database.url
      ? await openPostgres(t.ctx.database.url, { migrate: false })
      : t.ctx.database;
  const secondStorage = new S3Storage(bucket);
  const secondMailer = createMailer(t.ctx.config);
  second = await buildApp({
    config: t.ctx.config,
    database: secondDatabase,
    clock: t.ctx.clock,
    storage: secondStorage,
    mailer: secondMailer,
    clientDir: null,
  });
  secondCtx = {
    ...t.ctx,
    database: secondDatabase,
    db: secondDatabase.db,
    storage: secondStorage,
    mailer: secondMailer,
  };
});
afterAll(async () => {
  await second.close();
  if (secondDatabase !== t.ctx.database) await secondDatabase.close();
  await t.close();
  await smtp.close();
  await s3.close();
});

const quiet = { warn: () => {} };
const deliverOnBoth = () => Promise.all([deliverMail(t.ctx, quiet), deliverMail(secondCtx, quiet)]);
const mailsTo = (email: string) => smtp.received.filter((raw) => raw.includes(`To: ${email}`));

describe('two instances on one database, one bucket and one SMTP server', () => {
  it('serves on one the attachment uploaded through the other', async () => {
    const author = await buildUser(t);
    const headers = await authHeader(t, author);
    const bytes = Buffer.from('informe subido en la primera instancia');
    const ticket = await requestTicket(t, headers, {
      fileName: 'informe.txt',
      sizeBytes: bytes.length,
      contentType: 'text/plain',
    });
    const put = await fetch(ticket.uploadURL, {
      method: 'PUT',
      headers: ticket.headers,
      body: new Uint8Array(bytes),
    });
    expect(put.status).toBe(200);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/appa',
      headers,
      payload: {
        status: 'BORRADOR',
        files: [{ objectKey: ticket.objectKey, fileName: 'informe.txt', sizeBytes: bytes.length }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const fileId = saved.json<Report>().files[0]?.id;

    const download = await second.inject({
      method: 'GET',
      url: `/api/files/download/${fileId}`,
      headers,
    });
    expect(download.statusCode).toBe(302);
    const served = await fetch(String(download.headers.location));
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses on one a session signed out on the other', async () => {
    const person = await buildUser(t);
    const headers = await authHeader(t, person);
    expect((await second.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(
      200,
    );
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', payload: {}, headers });
    expect(out.statusCode).toBe(200);
    await secondDatabase.caughtUp();
    expect((await second.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(
      401,
    );
  });

  it('reminds each person once when two administrators send at the same moment, one on each', async () => {
    const pending = await Promise.all([buildUser(t), buildUser(t), buildUser(t)]);
    const [one, two] = await Promise.all([
      buildUser(t, { role: 'ADMIN' }),
      buildUser(t, { role: 'ADMIN' }),
    ]);
    if (!one || !two) throw new Error('missing administrator');
    const payload = {
      type: 'specific',
      userIds: pending.map((p) => p.id),
      subject: 'Recordatorio APPA',
      message: 'Hola {nombre}, envía tu APPA: {enlace}',
    };
    const [a, b] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/reminders/send',
        headers: await authHeader(t, one),
        payload,
      }),
      second.inject({
        method: 'POST',
        url: '/api/reminders/send',
        headers: await authHeader(t, two),
        payload,
      }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json<{ sent: number }>().sent + b.json<{ sent: number }>().sent).toBe(3);
    await deliverOnBoth();
    await waitFor(
      async () => pending.every((p) => mailsTo(p.email).length > 0),
      'every reminder delivered',
    );
    await deliverOnBoth();
    for (const person of pending) expect(mailsTo(person.email)).toHaveLength(1);
  });

  it('sends each queued e-mail once when both instances deliver at the same moment', async () => {
    const recipients = Array.from({ length: 20 }, (_, i) => `cola${i}.${Date.now()}@example.com`);
    await enqueueMail(
      t.db,
      recipients.map((to) => ({
        to,
        kind: 'notification' as const,
        subject: 'Aviso de APPA',
        text: 'Un aviso',
        html: '<p>Un aviso</p>',
        sensitive: false,
      })),
      t.clock.now(),
    );
    const [a, b] = await deliverOnBoth();
    expect(a + b).toBe(recipients.length);
    for (const to of recipients) expect(mailsTo(to)).toHaveLength(1);
  });
});
