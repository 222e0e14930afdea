import http from 'node:http';
import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import type { Config } from '../config';
import { auditLog, sessions } from '../db/schema';
import { recordInstance } from '../services/demo';
import { createMetrics } from '../adapters/metrics';
import { buildTestApp, buildUser, type TestApp } from '../test/helper';
import { hostnameOf, knownHostnames } from './host-check';
import { buildMetricsServer } from './metrics';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request over a real connection with the headers given, Host included (fetch would not). */
function send(
  port: number,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, method, headers, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const demoLogin = (port: number, headers: Record<string, string>) =>
  send(port, '/api/demo/login', { 'content-type': 'application/json', ...headers }, 'POST', '{}');

/** A demo database on a server listening on loopback: password-less sign-in exists there. */
async function listeningDemo(overrides: Partial<Config> = {}) {
  const t = await buildTestApp({ demoSignIn: true, ...overrides });
  await recordInstance(t.db, true);
  await buildUser(t, { role: 'ADMIN' });
  const port = Number(new URL(await t.app.listen({ host: '127.0.0.1', port: 0 })).port);
  return { t, port };
}

const sessionCount = async (t: TestApp) =>
  (await t.db.select({ value: count() }).from(sessions))[0]?.value ?? 0;

describe('the host names a server answers to', () => {
  const none = { publicUrl: undefined, host: undefined, demoSignIn: false };
  const loopback = { address: '127.0.0.1', family: 'IPv4', port: 5000 };
  const everywhere = { address: '0.0.0.0', family: 'IPv4', port: 5000 };

  it('are any without PUBLIC_URL, unless demo sign-in can exist', () => {
    expect(knownHostnames(none, loopback)).toBeNull();
    expect(knownHostnames({ ...none, host: '127.0.0.1' }, loopback)).toBeNull();
    // A demo database shared on the network: people use names nobody configured, and it has no
    // password-less door (services/demo.ts).
    expect(knownHostnames({ ...none, demoSignIn: true }, everywhere)).toBeNull();
  });

  it("are this machine's own where demo sign-in can exist, listening or injected", () => {
    for (const address of [loopback, null]) {
      expect([...(knownHostnames({ ...none, demoSignIn: true }, address) ?? [])]).toEqual([
        'localhost',
        '127.0.0.1',
        '[::1]',
      ]);
    }
  });

  it("are PUBLIC_URL's, HOST's when it is a specific address, and this machine's", () => {
    const publicUrl = 'https://APPA.example.com:8443';
    expect([...(knownHostnames({ ...none, publicUrl }, everywhere) ?? [])]).toEqual([
      'localhost',
      '127.0.0.1',
      '[::1]',
      'appa.example.com',
    ]);
    expect(knownHostnames({ ...none, publicUrl, host: '10.0.0.7' }, everywhere)).toContain(
      '10.0.0.7',
    );
    expect(knownHostnames({ ...none, publicUrl, host: 'fd00:0::5' }, everywhere)).toContain(
      '[fd00::5]',
    );
    for (const host of ['0.0.0.0', '::']) {
      expect(knownHostnames({ ...none, publicUrl, host }, everywhere)?.size).toBe(4);
    }
  });

  it.each([
    ['localhost:5000', 'localhost'],
    ['Evil.Test', 'evil.test'],
    ['[::1]:5000', '[::1]'],
    ['127.0.0.1', '127.0.0.1'],
    ['evil.test@localhost:5000', null],
    ['localhost/x', null],
    ['', null],
  ])('reads %j from a Host header as %j', (host, name) => {
    expect(hostnameOf(host)).toBe(name);
  });
});

describe('a demo database on loopback, reached through a rebinding domain', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    ({ t, port } = await listeningDemo());
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the sign-in with 421 before any handler: no session, no cookie, nothing audited', async () => {
    const before = await t.db.select({ value: count() }).from(auditLog);
    const res = await demoLogin(port, {
      host: `evil.test:${port}`,
      origin: `http://evil.test:${port}`,
    });
    expect(res.status).toBe(421);
    expect(JSON.parse(res.body)).toEqual({ message: MSG.unknownHost });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessionCount(t)).toBe(0);
    expect(await t.db.select({ value: count() }).from(auditLog)).toEqual(before);
  });

  it('answers its pages with the Spanish error page', async () => {
    for (const path of ['/admin-direct', '/quick-admin']) {
      const res = await send(port, path, { host: 'evil.test', accept: 'text/html' });
      expect(res.status).toBe(421);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<html lang="es">');
      expect(res.body).toContain('Dirección no reconocida');
      expect(res.body).toContain(MSG.unknownHost);
    }
  });

  it('believes no X-Forwarded-Host without a trusted proxy', async () => {
    const res = await demoLogin(port, {
      host: 'evil.test',
      'x-forwarded-host': `localhost:${port}`,
      origin: `http://localhost:${port}`,
    });
    expect(res.status).toBe(421);
    expect(await sessionCount(t)).toBe(0);
  });

  it.each(['127.0.0.1', 'localhost', '[::1]'])(
    'signs in when the browser names the machine as %s',
    async (name) => {
      const host = `${name}:${port}`;
      const res = await demoLogin(port, { host, origin: `http://${host}` });
      expect(res.status, res.body).toBe(200);
      expect(res.headers['set-cookie']?.join()).toMatch(/appa_session=/);
    },
  );

  it('answers health checks by any name', async () => {
    for (const path of ['/api/health', '/api/ready']) {
      expect((await send(port, path, { host: `10.0.0.7:${port}` })).status).toBe(200);
    }
  });
});

describe('a demo database behind a trusted proxy', () => {
  it('refuses demo sign-in to a request whose X-Forwarded-Host names this machine', async () => {
    const { t, port } = await listeningDemo({ trustProxy: 1 });
    try {
      const res = await demoLogin(port, {
        host: 'evil.test',
        'x-forwarded-host': `localhost:${port}`,
        origin: `http://localhost:${port}`,
      });
      // Past the host check (the proxy is trusted), refused as proxied.
      expect(res.status, res.body).toBe(404);
      expect(await sessionCount(t)).toBe(0);
      const refusals = await t.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.action, ['auth.demo_login_refused']));
      expect(refusals).toMatchObject([{ meta: { reason: 'proxied' } }]);
    } finally {
      await t.close();
    }
  });
});

describe('a server with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      publicUrl: 'https://appa.example.com',
      host: '10.0.0.7',
      metrics: { port: undefined, token: 'm'.repeat(32) },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, host: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

  it.each(['appa.example.com', 'APPA.example.com:443', '10.0.0.7:5000', 'localhost:80'])(
    'answers Host %s',
    async (host) => {
      expect((await get('/api/config', host)).statusCode).toBe(200);
    },
  );

  it('answers any other name 421 with a Spanish message', async () => {
    for (const host of ['evil.test', 'appa.example.com.evil.test', '10.0.0.8:5000']) {
      const res = await get('/api/config', host);
      expect(res.statusCode).toBe(421);
      expect(res.json()).toEqual({ message: MSG.unknownHost });
    }
  });

  it("answers a trusted proxy's X-Forwarded-Host, and no one else's", async () => {
    const headers = { 'x-forwarded-host': 'appa.example.com' };
    expect((await get('/api/config', 'appa-1.internal', headers)).statusCode).toBe(421);
    const behind = await buildTestApp({ publicUrl: 'https://appa.example.com', trustProxy: 1 });
    try {
      const res = await behind.app.inject({
        method: 'GET',
        url: '/api/config',
        headers: { host: 'appa-1.internal', ...headers },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await behind.close();
    }
  });

  it('answers health checks and the metrics scraper at the instance address', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      expect((await get(url, '10.0.0.9:5000')).statusCode).toBe(200);
    }
    const metrics = await get('/metrics', '10.0.0.9:5000', {
      authorization: `Bearer ${'m'.repeat(32)}`,
    });
    expect(metrics.statusCode).toBe(200);
    expect((await get('/metrics', '10.0.0.9:5000')).statusCode).toBe(401);
  });
});

describe('the listener of METRICS_PORT', () => {
  it("answers the scraper at the instance's address: a firewall or METRICS_TOKEN guards it", async () => {
    const listener = buildMetricsServer(createMetrics(), undefined);
    try {
      const res = await listener.inject({
        method: 'GET',
        url: '/metrics',
        headers: { host: '10.0.0.9:9464' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await listener.close();
    }
  });
});

describe('a server with neither PUBLIC_URL nor demo sign-in', () => {
  it('answers any name: the names people use are unknown', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/config',
        headers: { host: 'appa.intranet' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
