import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../test/helper';

let t: TestApp;
let asAdmin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  asAdmin = await authHeader(t, await buildUser(t, { role: 'ADMIN' }));
});
afterAll(async () => {
  await t.close();
});

describe('what a signed-in person reads is kept by no cache', () => {
  it.each(['/api/user', '/api/users', '/api/settings', '/api/audit-log', '/api/mail/outbox'])(
    'GET %s answers Cache-Control: no-store',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: asAdmin });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('leaves the kept answers revalidated on every use, as the read cache says', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/appa', headers: asAdmin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });
});
