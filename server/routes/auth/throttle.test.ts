import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE } from '../../../common/constants';
import type { UserWithCount } from '../../../common/schemas/users';
import { USER_MSG } from '../../../common/schemas/users';
import { auditLog } from '../../db/schema';
import { authHeader, buildTestApp, buildUser, signIn, type TestApp } from '../../test/helper';

let t: TestApp;
let asAdmin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  asAdmin = await authHeader(t, await buildUser(t, { role: 'ADMIN' }));
});
afterAll(async () => {
  await t.close();
});

const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: { username, password },
  });

/** How many times a wrong password for this person was really checked. */
async function checkedFailures(userId: string, action = 'auth.login_failed') {
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, action)));
  return rows.filter((r) => (r.meta as { reason?: string }).reason !== 'throttled').length;
}

describe('a burst of guesses', () => {
  it('gets no more password checks than the limit, however many arrive at once', async () => {
    const user = await buildUser(t);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => login(user.username, 'no-es-la-clave', '10.3.0.1')),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(THROTTLE.pair.free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - THROTTLE.pair.free);
    expect(await checkedFailures(user.id)).toBe(THROTTLE.pair.free);
    const refused = answers.find((r) => r.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('on the change of password too', async () => {
    const user = await buildUser(t);
    const headers = await authHeader(t, user);
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          headers,
          payload: { currentPassword: 'no-es-la-clave', newPassword: 'Otra-clave-larga-9' },
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(THROTTLE.pair.free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - THROTTLE.pair.free);
    expect(await checkedFailures(user.id, 'auth.password_change_failed')).toBe(THROTTLE.pair.free);
  });
});

describe('an office behind one address', () => {
  it('signs in all morning: only failures count against the address', async () => {
    const people = await Promise.all(
      Array.from({ length: THROTTLE.address.free + 10 }, () => buildUser(t)),
    );
    for (const person of people) {
      const res = await login(person.username, person.plainPassword, '10.12.0.1');
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

describe('one account, whatever it is called', () => {
  it('counts failures by user name and by e-mail together', async () => {
    const user = await buildUser(t);
    for (let i = 0; i < THROTTLE.pair.free; i++) {
      const name = i % 2 === 0 ? user.username : user.email.toUpperCase();
      expect((await login(name, 'no-es-la-clave', '10.4.0.1')).statusCode).toBe(401);
    }
    expect((await login(user.email, user.plainPassword, '10.4.0.1')).statusCode).toBe(429);
  });
});

describe('a stranger guessing from everywhere', () => {
  it('cannot keep the owner out of their usual address, and every wait is bounded', async () => {
    const owner = await buildUser(t);
    // The owner signed in from home before.
    expect((await login(owner.username, owner.plainPassword, '10.5.0.1')).statusCode).toBe(200);

    // Guesses from many addresses until the account as a whole is held back.
    let i = 0;
    let answer = await login(owner.username, 'no-es-la-clave', '10.6.0.1');
    while (answer.statusCode !== 429 && i < 100) {
      i += 1;
      answer = await login(owner.username, 'no-es-la-clave', `10.6.${Math.floor(i / 4)}.${i}`);
    }
    expect(answer.statusCode).toBe(429);
    // Keep guessing past each wait for a long while: the wait grows but stays bounded.
    for (let round = 0; round < 8; round++) {
      const wait = Number(answer.headers['retry-after']);
      expect(wait).toBeLessThanOrEqual(THROTTLE.account.maxDelaySeconds);
      t.clock.advance(wait * 1000 + 1000);
      await login(owner.username, 'no-es-la-clave', `10.7.${round}.1`);
      answer = await login(owner.username, 'no-es-la-clave', `10.7.${round}.2`);
      expect(answer.statusCode).toBe(429);
    }

    // A new address is held back too, but the owner at home gets in.
    expect((await login(owner.username, owner.plainPassword, '10.8.0.1')).statusCode).toBe(429);
    expect((await login(owner.username, owner.plainPassword, '10.5.0.1')).statusCode).toBe(200);
  });
});

describe('an administrator', () => {
  it('sees who is held back and lets them in again; the action is audited', async () => {
    const person = await buildUser(t, { fullName: 'Berta Bloqueada' });
    for (let i = 0; i < THROTTLE.pair.free; i++) await login(person.username, 'mal', '10.9.0.1');
    expect((await login(person.username, person.plainPassword, '10.9.0.1')).statusCode).toBe(429);

    const listed = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/users/with-counts',
        headers: asAdmin,
      });
      return res.json<UserWithCount[]>().find((u) => u.id === person.id);
    };
    expect((await listed())?.abilities.unblockSignIn).toBe(true);
    // An answer about the person alone (an edit) still says so: the table keeps the button.
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${person.id}`,
      headers: asAdmin,
      payload: { cargo: 'Analista' },
    });
    expect(edited.json<UserWithCount>().abilities.unblockSignIn).toBe(true);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${person.id}/sign-in-throttle`,
      headers: asAdmin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: USER_MSG.signInUnblocked('Berta Bloqueada') });
    expect((await listed())?.abilities.unblockSignIn).toBe(false);
    expect((await login(person.username, person.plainPassword, '10.9.0.1')).statusCode).toBe(200);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, person.id), eq(auditLog.action, 'user.sign_in_unblocked')));
    expect(audited).toHaveLength(1);
  });

  it('is the only one who may', async () => {
    const person = await buildUser(t);
    const manager = await buildUser(t, { role: 'GERENTE' });
    const { token } = await signIn(t, manager.username, manager.plainPassword);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${person.id}/sign-in-throttle`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(403);
  });
});
