import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import type { buildApp } from '../app';
import { STREAMS_PER_USER } from './live';
import {
  authHeader,
  buildSecondInstance,
  buildTestApp,
  buildUser,
  TEST_ORIGIN,
  type TestApp,
} from '../test/helper';

let t: TestApp;
let second: Awaited<ReturnType<typeof buildApp>>;
let secondUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  second = await buildSecondInstance(t);
  secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

/** Opens GET /api/events and collects the `data:` lines of `appa` events as they arrive. */
async function openStream(base: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers, signal: controller.signal });
  const events: unknown[] = [];
  const reader = res.body?.getReader();
  let buffer = '';
  const pump = (async () => {
    if (!reader) return;
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.startsWith('event: appa')) {
          events.push(JSON.parse(block.split('\ndata: ')[1] ?? 'null'));
        }
      }
    }
  })();
  let ended = false;
  void pump.then(() => (ended = true));
  return {
    res,
    events,
    ended: () => ended,
    async close() {
      controller.abort();
      await pump;
    },
  };
}

/** Resolves when `check` holds, polling the event loop instead of sleeping a fixed time. */
async function until(check: () => boolean, timeoutMs = 5_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('GET /api/events', () => {
  it('refuses a visitor who is not signed in', async () => {
    const res = await second.inject({ method: 'GET', url: '/api/events' });
    expect(res.statusCode).toBe(401);
  });

  it('tells a reviewer on another instance that a report was sent, and says nothing of its text', async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const author = await buildUser(t);
    const stream = await openStream(secondUrl, {
      ...(await authHeader(t, admin)),
      'accept-encoding': 'br, gzip',
    });
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
      // Compression would hold events back until a buffer fills.
      expect(stream.res.headers.get('content-encoding')).toBeNull();

      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/appa',
        headers: { ...(await authHeader(t, author)), origin: TEST_ORIGIN },
        payload: {
          avances: 'Secreto del avance',
          planes: 'Planes de la semana',
          problemas: '',
          ayuda: '',
          kpiNombre: '',
          kpiMetaPct: null,
          kpiLogroPct: null,
          status: 'ENVIADO',
          files: [],
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await until(() => stream.events.length > 0);
      expect(stream.events).toEqual([{ type: 'report.sent' }]);
      expect(JSON.stringify(stream.events)).not.toContain('Secreto');
    } finally {
      await stream.close();
    }
  });

  it('does not announce a refused write', async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const author = await buildUser(t);
    const stream = await openStream(secondUrl, await authHeader(t, admin));
    try {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/appa',
        headers: { ...(await authHeader(t, author)), origin: TEST_ORIGIN },
        payload: { avances: 'x', planes: 'y', status: 'ENVIADO', files: [] },
      });
      expect(refused.statusCode).toBe(400);
      // A later event proves the stream is alive and the refused write sent nothing before it.
      await t.app.inject({
        method: 'POST',
        url: '/api/appa',
        headers: { ...(await authHeader(t, author)), origin: TEST_ORIGIN },
        payload: { avances: 'abc', planes: 'def', status: 'BORRADOR', files: [] },
      });
      await until(() => stream.events.length > 0);
      expect(stream.events).toEqual([{ type: 'report.saved' }]);
    } finally {
      await stream.close();
    }
  });
});

describe('how many streams stay open', () => {
  it(`keeps at most ${STREAMS_PER_USER} per person: the next one closes their oldest`, async () => {
    const headers = await authHeader(t, await buildUser(t, { role: 'ADMIN' }));
    const opened: Awaited<ReturnType<typeof openStream>>[] = [];
    for (let i = 0; i <= STREAMS_PER_USER; i++) opened.push(await openStream(secondUrl, headers));
    try {
      expect(opened.map((s) => s.res.status)).toEqual(opened.map(() => 200));
      await until(() => opened[0]?.ended() === true);
      expect(opened.slice(1).map((s) => s.ended())).toEqual(opened.slice(1).map(() => false));
    } finally {
      await Promise.all(opened.map((s) => s.close()));
    }
  });

  it('answers 503 past the instance’s bound, in Spanish', async () => {
    const small = await buildTestApp({ liveStreamsMax: 1 });
    const url = await small.app.listen({ port: 0, host: '127.0.0.1' });
    const first = await openStream(url, await authHeader(small, await buildUser(small)));
    try {
      expect(first.res.status).toBe(200);
      const res = await fetch(`${url}/api/events`, {
        headers: await authHeader(small, await buildUser(small)),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: MSG.tooManyLiveStreams });
    } finally {
      await first.close();
      await small.close();
    }
  });
});
