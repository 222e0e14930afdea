import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message as a receiver got it. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Parsed body. */
  json: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}

/**
 * Checks a message as the README tells receivers to (Standard Webhooks): the HMAC-SHA256 of
 * `id.timestamp.body` with the secret's bytes, compared in constant time, and a timestamp within
 * five minutes of `now`. Written apart from the server's code, so that the two must agree.
 */
export function verifySignature(secret: string, message: Received, now: Date): boolean {
  const id = String(message.headers['webhook-id']);
  const timestamp = Number(message.headers['webhook-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(now.getTime() / 1000 - timestamp) > 300) {
    return false;
  }
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${message.body}`).digest();
  return String(message.headers['webhook-signature'])
    .split(' ')
    .some((candidate) => {
      const [version, signature = ''] = candidate.split(',');
      const given = Buffer.from(signature, 'base64');
      return (
        version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected)
      );
    });
}

/**
 * A real HTTP server on 127.0.0.1 that records every POST; `status` answers each one by its
 * number (1 for the first), 204 unless told otherwise.
 */
export async function startReceiver(status: (n: number) => number = () => 204) {
  const received: Received[] = [];
  let answer = status;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body, json: JSON.parse(body) as Received['json'] });
      const code = answer(received.length);
      res.writeHead(code, { 'content-type': 'text/plain' });
      res.end(code >= 300 ? `fallo ${code} ${'x'.repeat(1000)}` : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    /** Changes how the next messages are answered. */
    answer(next: (n: number) => number) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
