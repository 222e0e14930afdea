import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { buildApp } from '../app';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a client that never finishes its request', () => {
  it('gets 408 and a closed connection once the request timeout passes', async () => {
    const app = await buildApp({
      config: { ...t.ctx.config, requestTimeoutMs: 1000 },
      database: t.ctx.database,
      clock: t.ctx.clock,
      clientDir: null,
    });
    try {
      const address = new URL(await app.listen({ host: '127.0.0.1', port: 0 }));
      const socket = net.connect(Number(address.port), '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      // Headers announcing a body that never comes.
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user',
      );
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer.endsWith(JSON.stringify({ message: MSG.requestTimeout }))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
