import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import { buildApp } from '../../app';
import { saveSettings } from '../../services/settings';
import { buildTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicSiteUrl: 'https://www.example.com' });
});
afterAll(async () => {
  await t.close();
});

describe('system routes', () => {
  it('GET /api/config gives the client what it needs and no secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({
      productName: 'Sistema APPA',
      publicSiteUrl: 'https://www.example.com',
      demo: false,
      magicLinksEnabled: true,
      registrationEnabled: false,
      sso: null,
      ssoOnly: false,
      timeZone: 'America/Lima',
    });
  });

  it("GET /api/config names the organisation's time zone, in which the interface shows dates", async () => {
    await saveSettings(t.db, { organisationTimezone: 'America/Bogota' }, null);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/config' });
      expect(res.json()).toMatchObject({ timeZone: 'America/Bogota' });
    } finally {
      await saveSettings(t.db, { organisationTimezone: 'America/Lima' }, null);
    }
  });

  it('GET /api/ready answers 503 with a Spanish message while the database is unreachable', async () => {
    const down = await buildApp({
      config: t.ctx.config,
      database: {
        ...t.ctx.database,
        ping: () =>
          Promise.reject(
            Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
          ),
      },
      clientDir: null,
    });
    const res = await down.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: MSG.databaseUnavailable });
    expect((await down.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await down.close();
  });

  it('GET /api/ready answers 503 while the database’s notifications are not heard', async () => {
    const since = 'sin avisos de la base de datos desde 2026-11-26T17:00:00.000Z';
    const deaf = await buildApp({
      config: t.ctx.config,
      database: { ...t.ctx.database, notificationsDown: () => since },
      clientDir: null,
    });
    const res = await deaf.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: `${MSG.notificationsDown} (${since})` });
    await deaf.close();
  });

  it('answers an unexpected error with a generic Spanish 500, never the stack', async () => {
    const app = await buildApp({ config: t.ctx.config, database: t.ctx.database, clientDir: null });
    app.get('/api/boom', { config: { public: true } }, async () => {
      throw new Error('secreto interno en la traza');
    });
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: MSG.serverError });
    expect(res.body).not.toContain('secreto');
    await app.close();
  });
});
