import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import { buildApp } from '../app';
import { buildTestApp, type TestApp } from './helper';

let t: TestApp;
let app: Awaited<ReturnType<typeof buildApp>>;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  app = await buildApp({
    config: t.ctx.config,
    database: t.ctx.database,
    clock: t.ctx.clock,
    clientDir: null,
  });
  port = Number(new URL(await app.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

/** Sends raw bytes and reads everything the server answers until it closes the connection. */
function exchange(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.write(request);
  });
}

/** The status, headers and body of a raw HTTP answer. */
function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [
      l.slice(0, l.indexOf(':')).toLowerCase(),
      l.slice(l.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('requests Node cannot read', () => {
  it('an address past the header limit gets 431 with a Spanish { message }', async () => {
    const answer = parse(
      await exchange(`GET /api/health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(JSON.parse(answer.body)).toEqual({ message: MSG.headersTooLarge });
  });

  it('bytes that are not HTTP get 400 with a Spanish { message }', async () => {
    const answer = parse(await exchange('HOLA MUNDO\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message: MSG.malformedRequest });
  });
});
