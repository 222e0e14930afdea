import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { postWebhook } from './webhook-transport';

/*
 * One POST to a receiver: whatever the receiver does (hangs, redirects, answers at length), the
 * request ends with a result and keeps no more than the start of a failed answer.
 */

let server: http.Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

async function serve(handler: http.RequestListener) {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

const post = (url: string, timeoutMs?: number) =>
  postWebhook({ url, headers: {}, body: '{}', allowPrivate: true, timeoutMs });

describe('postWebhook', () => {
  it('gives up on a receiver that never answers', async () => {
    const url = await serve(() => undefined);
    expect(await post(url, 100)).toEqual({
      ok: false,
      status: null,
      error: 'El receptor no respondió en 1 s',
    });
  });

  it('does not follow a redirect', async () => {
    let asked = 0;
    const url = await serve((req, res) => {
      asked += 1;
      res.writeHead(302, { location: '/otra' }).end();
    });
    expect(await post(url)).toEqual({
      ok: false,
      status: 302,
      error: 'El receptor respondió 302 (las redirecciones no se siguen)',
    });
    expect(asked).toBe(1);
  });

  it('keeps only the start of a long failed answer', async () => {
    const url = await serve((req, res) => {
      res.writeHead(500);
      res.end('y'.repeat(1_000_000));
    });
    const result = await post(url);
    expect(result).toMatchObject({ ok: false, status: 500 });
    expect(!result.ok && result.error.length).toBeLessThan(250);
  });

  it('a 2xx is a delivery, whatever its body', async () => {
    const url = await serve((req, res) => {
      res.writeHead(202);
      res.end('aceptado');
    });
    expect(await post(url)).toEqual({ ok: true, status: 202 });
  });

  it('ends the connection of a 2xx whose body never ends', async () => {
    let closed: Promise<unknown> = Promise.resolve();
    const url = await serve((req, res) => {
      closed = new Promise((resolve) => req.socket.once('close', resolve));
      res.on('error', () => undefined);
      res.writeHead(200);
      const chunk = 'z'.repeat(16_384);
      const more = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', more);
      };
      more();
    });
    // A timeout longer than the test's: only ending the answer at once closes the connection.
    expect(await post(url, 60_000)).toEqual({ ok: true, status: 200 });
    await closed;
  });

  it('says why when nothing listens', async () => {
    const url = await serve(() => undefined);
    server?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await post(url)).toEqual({
      ok: false,
      status: null,
      error: 'El receptor rechazó la conexión',
    });
  });
});
