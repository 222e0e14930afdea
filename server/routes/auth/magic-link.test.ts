import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import { auditLog, oneTimeTokens, users } from '../../db/schema';
import { saveSettings } from '../../services/settings';
import { settleAfterReply } from '../../lib/after-reply';
import type { Mailer, MailMessage } from '../../adapters/mail';
import { buildTestApp, buildUser, type TestApp } from '../../test/helper';
import { lastLinkToken, mailsTo as outboxMailsTo } from '../../test/outbox';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://appa.example.com' });
});
afterAll(async () => {
  await t.close();
});

/** Asks for a link and waits for the work done after the answer. */
async function request(email: string, remoteAddress = '127.0.0.1') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/magic-link',
    remoteAddress,
    payload: { email },
  });
  await settleAfterReply();
  return res;
}
const verify = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-magic-link', payload: { token } });

const mailsTo = (email: string) => outboxMailsTo(t, email);
const lastToken = (email: string) => lastLinkToken(t, email, '/auth/verify');

describe('magic link', () => {
  it('e-mails a single-use link that signs the person in and lands by role', async () => {
    const user = await buildUser(t, { role: 'LIDER', email: 'lider.magico@empresa.pe' });
    const res = await request('Lider.Magico@Empresa.pe');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.magicLinkSent });
    expect(mailsTo(user.email).at(-1)).toContain('https://appa.example.com/auth/verify?token=');
    const token = lastToken(user.email);
    const [stored] = await t.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, user.id));
    expect(stored?.tokenHash).not.toContain(token);

    const signed = await verify(token);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ id: user.id, role: 'LIDER' });
    const cookie = signed.cookies.find((c) => c.name.endsWith('appa_session'));
    expect(cookie?.httpOnly).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `${cookie?.name}=${cookie?.value}` },
    });
    expect(me.json()).toMatchObject({ id: user.id });

    // Used once: the same link no longer works.
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: MSG.magicLinkInvalid });
    const logins = await t.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
    expect(logins.map((r) => r.action)).toEqual(
      expect.arrayContaining(['auth.magic_link_sent', 'auth.login']),
    );
  });

  it('answers the same for an unknown address and a suspended person, and sends nothing', async () => {
    const suspended = await buildUser(t, { status: 'SUSPENDIDO', email: 'suspendida@empresa.pe' });
    for (const email of ['nadie@empresa.pe', suspended.email]) {
      const res = await request(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: MSG.magicLinkSent });
      expect(mailsTo(email)).toEqual([]);
    }
  });

  it('refuses a link of someone suspended after it was sent', async () => {
    const user = await buildUser(t, { email: 'luego.suspendido@empresa.pe' });
    await request(user.email);
    await t.db.update(users).set({ status: 'SUSPENDIDO' }).where(eq(users.id, user.id));
    const res = await verify(lastToken(user.email));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MSG.userSuspended });
  });

  it('refuses an expired link (10 minutes) with its own message', async () => {
    const user = await buildUser(t, { email: 'tarde@empresa.pe' });
    await request(user.email);
    const token = lastToken(user.email);
    t.clock.advance(10 * 60_000 + 1000);
    try {
      const res = await verify(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MSG.magicLinkExpired });
    } finally {
      t.clock.advance(-(10 * 60_000 + 1000));
    }
  });

  it('sends at most three links per address in an hour, however many are asked for at once', async () => {
    const user = await buildUser(t, { email: 'insistente@empresa.pe' });
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => request(user.email, `10.1.0.${i + 1}`)),
    );
    expect(burst.map((r) => r.statusCode)).toEqual(burst.map(() => 200));
    expect(mailsTo(user.email)).toHaveLength(3);
    t.clock.advance(59 * 60_000);
    try {
      await request(user.email, '10.1.1.1');
      expect(mailsTo(user.email)).toHaveLength(3);
      t.clock.advance(2 * 60_000);
      await request(user.email, '10.1.1.1');
      expect(mailsTo(user.email)).toHaveLength(4);
    } finally {
      t.clock.advance(-61 * 60_000);
    }
  });

  it('answers a bounded number of requests from one client address, whatever the e-mail', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push((await request(`nadie${i}@empresa.pe`, '10.2.0.1')).statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it('throttles guessing tokens from one address', async () => {
    let last = 0;
    for (let i = 0; i < 12; i++)
      last = (await verify(`token-falso-${i}-abcdefghijklmnop`)).statusCode;
    expect(last).toBe(429);
  });

  it('is refused, and sends nothing, when magic links are turned off', async () => {
    const user = await buildUser(t, { email: 'apagado@empresa.pe' });
    await request(user.email);
    const token = lastToken(user.email);
    await saveSettings(t.db, { magicLinksEnabled: false }, null);
    try {
      const res = await request(user.email);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MSG.magicLinksDisabled });
      expect(mailsTo(user.email)).toHaveLength(1);
      expect((await verify(token)).statusCode).toBe(403);
      const config = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json()).toMatchObject({ magicLinksEnabled: false });
    } finally {
      await saveSettings(t.db, { magicLinksEnabled: true }, null);
    }
  });

  it('validates the address in Spanish', async () => {
    const res = await request('no-es-correo');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.emailInvalid });
  });
});

describe('the answer to a link request', () => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const sent: MailMessage[] = [];
  let slow: TestApp;
  beforeAll(async () => {
    // A mail server that holds every message until the test lets it go.
    const mailer: Mailer = {
      kind: 'outbox',
      async send(message) {
        await held;
        sent.push(message);
      },
    };
    slow = await buildTestApp({}, { mailer });
  });
  afterAll(async () => {
    release();
    await slow.close();
  });

  it('does not wait for the account lookup or the e-mail, so its time tells nothing', async () => {
    const user = await buildUser(slow, { email: 'con.cuenta@empresa.pe' });
    const ask = (email: string) =>
      slow.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email } });
    const known = await ask(user.email);
    const unknown = await ask('sin.cuenta@empresa.pe');
    // Both answered while the e-mail to the real account is still being sent.
    expect(sent).toEqual([]);
    expect([known.statusCode, known.json()]).toEqual([unknown.statusCode, unknown.json()]);
    release();
    await settleAfterReply();
    expect(sent.map((m) => m.to)).toEqual([user.email]);
  });
});
