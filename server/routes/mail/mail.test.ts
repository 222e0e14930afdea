import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import type { Role } from '../../../common/roles';
import { MAIL_MSG, type OutboxMessage, type OutboxResponse } from '../../../common/schemas/mail';
import { CREDENTIALS_SUBJECT } from '../../services/emails';
import { outboxDir } from '../../adapters/mail';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';
import { settleAfterReply } from '../../lib/after-reply';

let t: TestApp;
let asAdmin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  asAdmin = await authHeader(t, await buildUser(t, { role: 'ADMIN' }));
});
afterAll(async () => {
  await t.close();
});

const ID = '2026-11-18T15-00-00-000Z-0123abcd.eml';
const ENDPOINTS = ['/api/mail/outbox', `/api/mail/outbox/${ID}`];

const get = (url: string, headers = asAdmin) => t.app.inject({ method: 'GET', url, headers });
const list = async () => {
  await settleAfterReply();
  return (await get('/api/mail/outbox')).json<OutboxResponse>();
};

describe('the outbox is for administrators only', () => {
  it.each(ENDPOINTS)('GET %s answers 401 signed out', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.notSignedIn });
  });

  const others: Role[] = ['CONSEJO', 'VP', 'GERENTE', 'LIDER', 'USER'];
  it.each(others)('answers 403 to %s on both calls', async (role) => {
    const headers = await authHeader(t, await buildUser(t, { role }));
    for (const url of ENDPOINTS) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: MSG.forbidden });
    }
  });
});

describe('GET /api/mail/outbox', () => {
  it('is empty and enabled before anything was sent', async () => {
    expect(await list()).toEqual({ enabled: true, messages: [] });
  });

  it('lists the credentials e-mail of a new user, newest first, with accents decoded', async () => {
    for (const [email, fullName] of [
      ['ana.quispe@empresa.pe', 'Ana Quispe'],
      ['jose.nunez@empresa.pe', 'José Núñez'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: asAdmin,
        payload: { email, fullName },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const { enabled, messages } = await list();
    expect(enabled).toBe(true);
    expect(messages).toHaveLength(2);
    const [newest, older] = messages;
    expect(newest).toMatchObject({ to: 'jose.nunez@empresa.pe', subject: CREDENTIALS_SUBJECT });
    expect(newest?.preview).toMatch(/^Hola, José Núñez: Se creó tu cuenta/);
    expect(older?.to).toBe('ana.quispe@empresa.pe');
    expect(Date.parse(newest?.date ?? '')).not.toBeNaN();
    expect((newest?.date ?? '') >= (older?.date ?? '')).toBe(true);

    const limited = (await get('/api/mail/outbox?limit=1')).json<OutboxResponse>();
    expect(limited.messages.map((m) => m.id)).toEqual([newest?.id]);
  });

  it('refuses a limit out of range', async () => {
    const res = await get('/api/mail/outbox?limit=0');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MAIL_MSG.invalidLimit });
  });

  it('ignores files that are not outbox messages', async () => {
    fs.writeFileSync(path.join(outboxDir(t.ctx.config), 'notas.txt'), 'hola');
    expect((await list()).messages.every((m) => m.id.endsWith('.eml'))).toBe(true);
  });
});

describe('GET /api/mail/outbox/:id', () => {
  it('answers the whole message', async () => {
    const [summary] = (await list()).messages;
    const res = await get(`/api/mail/outbox/${summary?.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const message = res.json<OutboxMessage>();
    expect(message).toMatchObject({
      id: summary?.id,
      date: summary?.date,
      to: 'jose.nunez@empresa.pe',
      subject: CREDENTIALS_SUBJECT,
    });
    expect(message.from).toContain('@');
    expect(message.text).toContain('Hola, José Núñez:');
    // The administrator reads that a password was sent, never the password.
    expect(message.text).toContain('Contraseña temporal: ••••••••\n');
    expect(message.text).toContain('\n\n');
  });

  it('decodes encoded subjects split inside a character, and base64 bodies', async () => {
    const id = '2020-01-01T00-00-00-000Z-0000beef.eml';
    fs.writeFileSync(
      path.join(outboxDir(t.ctx.config), id),
      [
        'From: =?UTF-8?B?U2lzdGVtYSBBUFBB?= <no-reply@appa.local>',
        'To: maria@empresa.pe',
        // "Ñandú" with the two bytes of "ú" in two encoded words.
        'Subject: =?UTF-8?Q?=C3=91and=C3?=',
        ' =?UTF-8?Q?=BA_r=C3=A1pido?=',
        'Date: Wed, 01 Jan 2020 00:00:00 +0000',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('Línea uno\nLínea dos\n').toString('base64'),
        '',
      ].join('\n'),
    );
    const message = (await get(`/api/mail/outbox/${id}`)).json<OutboxMessage>();
    expect(message).toEqual({
      id,
      date: '2020-01-01T00:00:00.000Z',
      from: 'Sistema APPA <no-reply@appa.local>',
      to: 'maria@empresa.pe',
      subject: 'Ñandú rápido',
      text: 'Línea uno\nLínea dos',
    });
    expect((await list()).messages.at(-1)?.id).toBe(id);
  });

  it('masks temporary passwords and sign-in links in the message and its preview', async () => {
    const id = '2020-01-02T00-00-00-000Z-0000cafe.eml';
    fs.writeFileSync(
      path.join(outboxDir(t.ctx.config), id),
      [
        'From: Sistema APPA <no-reply@appa.local>',
        'To: maria@empresa.pe',
        'Subject: Tu enlace de acceso',
        'Date: Thu, 02 Jan 2020 00:00:00 +0000',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Ingresa con https://appa.example/auth/verify?token=s3cr3t-T0ken_x&x=1',
        'Contraseña temporal: Cl4ve-Secreta',
        'Ayuda: https://appa.example/ayuda?tema=acceso',
        '',
      ].join('\n'),
    );
    const message = (await get(`/api/mail/outbox/${id}`)).json<OutboxMessage>();
    expect(message.text).toBe(
      [
        'Ingresa con https://appa.example/auth/verify?token=••••••••&x=1',
        'Contraseña temporal: ••••••••',
        'Ayuda: https://appa.example/ayuda?tema=acceso',
      ].join('\n'),
    );
    const summary = (await list()).messages.find((m) => m.id === id);
    expect(summary?.preview).not.toContain('s3cr3t');
    expect(summary?.preview).not.toContain('Cl4ve');
  });

  it('answers 404 for a well-formed name that does not exist', async () => {
    const res = await get(`/api/mail/outbox/${ID}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MAIL_MSG.messageNotFound });
  });

  it.each([
    '..%2F..%2Fetc%2Fpasswd',
    '..%2Foutbox%2F' + ID,
    '%2E%2E%2Fsecreto.eml',
    '..%5C..%5Csecreto.eml',
    encodeURIComponent('/etc/passwd'),
    'notas.txt',
    ID.replace('.eml', '.EML%00.eml'),
  ])('refuses %s without reading outside the outbox', async (id) => {
    const res = await get(`/api/mail/outbox/${id}`);
    expect([400, 404]).toContain(res.statusCode);
    expect([MAIL_MSG.invalidMessageId, MAIL_MSG.messageNotFound, MSG.routeNotFound]).toContain(
      res.json().message,
    );
  });

  it('refuses a traversal id with the Spanish message', async () => {
    const res = await get('/api/mail/outbox/..%2F..%2Fconfig.eml');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MAIL_MSG.invalidMessageId });
  });
});

describe('with an SMTP server', () => {
  let smtp: TestApp;
  beforeAll(async () => {
    smtp = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:2525' });
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('the outbox is disabled and shows nothing', async () => {
    const headers = await authHeader(smtp, await buildUser(smtp, { role: 'ADMIN' }));
    const dir = outboxDir(smtp.ctx.config);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, ID), 'Subject: antiguo\n\nviejo');
    const res = await smtp.app.inject({ method: 'GET', url: '/api/mail/outbox', headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: false, messages: [] });
    const one = await smtp.app.inject({ method: 'GET', url: `/api/mail/outbox/${ID}`, headers });
    expect(one.statusCode).toBe(404);
  });
});
