import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../common/messages';
import type { buildApp } from '../app';
import { STREAMS_PER_USER } from './live';
import { buildShare, reportBody } from '../test/factories';
import {
  authHeader,
  buildSecondInstance,
  buildTestApp,
  buildUser,
  signIn,
  TEST_ORIGIN,
  type TestApp,
} from '../test/helper';
import { THIS_WEEK } from '../test/org-fixture';
import type { Person } from '../test/review-fixture';

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
      expect(stream.events).toEqual([{ type: 'report.sent', settleMs: 0 }]);
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
      expect(stream.events).toEqual([{ type: 'report.saved', settleMs: 0 }]);
    } finally {
      await stream.close();
    }
  });
});

/** A write on the first instance, as a person or with a session's token; answers its body. */
async function write(as: Person | string, method: 'POST' | 'PUT', url: string, payload: object) {
  const headers = typeof as === 'string' ? bearer(as) : await authHeader(t, as);
  const res = await t.app.inject({
    method,
    url,
    headers: { ...headers, origin: TEST_ORIGIN },
    payload,
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const typesOf = (events: unknown[]) => events.map((e) => (e as { type: string }).type).sort();

describe('who hears of a report', () => {
  it('its author, everyone above them and whoever reads everything; nobody else', async () => {
    const vp = await buildUser(t, { role: 'VP' });
    const leader = await buildUser(t, { role: 'LIDER', managerId: vp.id });
    const author = await buildUser(t, { managerId: leader.id });
    const teammate = await buildUser(t, { managerId: leader.id });
    const otherLeader = await buildUser(t, { role: 'LIDER', managerId: vp.id });
    const stranger = await buildUser(t);
    const admin = await buildUser(t, { role: 'ADMIN' });
    const consejo = await buildUser(t, { role: 'CONSEJO' });
    const people = { vp, leader, author, teammate, otherLeader, stranger, admin, consejo };
    const streams = Object.fromEntries(
      await Promise.all(
        Object.entries(people).map(async ([name, person]) => [
          name,
          await openStream(secondUrl, await authHeader(t, person)),
        ]),
      ),
    ) as Record<keyof typeof people, Awaited<ReturnType<typeof openStream>>>;
    try {
      await write(author, 'POST', '/api/appa', reportBody('BORRADOR'));
      const sent = await write(author, 'POST', '/api/appa', reportBody('ENVIADO'));
      await write(leader, 'POST', `/api/appa/${sent.id}/review`, { notes: 'Bien' });
      const comment = await write(leader, 'POST', `/api/appa/${sent.id}/comments`, {
        comment: 'Sigue así',
      });
      await write(leader, 'PUT', `/api/appa/comments/${comment.id}`, { comment: 'Sigue así.' });
      await write(admin, 'POST', '/api/appa/mark-submitted', {
        userId: teammate.id,
        weekStart: THIS_WEEK,
      });
      // Last, something only the stranger and those who read everything hear of: once all seven
      // have reached the administrator, every event has been decided for every stream.
      await write(stranger, 'POST', '/api/appa', reportBody('BORRADOR'));
      await until(() => streams.admin.events.length === 7);

      const aboutAuthor = [
        'report.commented',
        'report.commented',
        'report.reviewed',
        'report.saved',
        'report.sent',
      ];
      const aboutTeam = [...aboutAuthor, 'report.marked_submitted'].sort();
      expect(typesOf(streams.admin.events)).toEqual([...aboutTeam, 'report.saved'].sort());
      expect(typesOf(streams.consejo.events)).toEqual([...aboutTeam, 'report.saved'].sort());
      expect(typesOf(streams.vp.events)).toEqual(aboutTeam);
      expect(typesOf(streams.leader.events)).toEqual(aboutTeam);
      expect(typesOf(streams.author.events)).toEqual(aboutAuthor);
      expect(typesOf(streams.teammate.events)).toEqual(['report.marked_submitted']);
      expect(streams.otherLeader.events).toEqual([]);
      expect(streams.stranger.events).toEqual([{ type: 'report.saved', settleMs: 0 }]);
    } finally {
      await Promise.all(Object.values(streams).map((s) => s.close()));
    }
  });

  it('the peer a report is shared with, while the share lasts', async () => {
    const author = await buildUser(t, { role: 'LIDER' });
    const peer = await buildUser(t, { role: 'LIDER' });
    const admin = await buildUser(t, { role: 'ADMIN' });
    const sent = await write(author, 'POST', '/api/appa', reportBody('ENVIADO'));
    await buildShare(t, { report: { id: sent.id, userId: author.id }, sharedWith: peer });
    const peerStream = await openStream(secondUrl, await authHeader(t, peer));
    const adminStream = await openStream(secondUrl, await authHeader(t, admin));
    try {
      await write(admin, 'POST', `/api/appa/${sent.id}/comments`, { comment: 'Visto' });
      await until(() => adminStream.events.length === 1);
      await until(() => peerStream.events.length === 1);
      expect(peerStream.events).toEqual([{ type: 'report.commented', settleMs: 0 }]);
    } finally {
      await Promise.all([peerStream.close(), adminStream.close()]);
    }
  });

  it('follows a role changed after the stream opened', async () => {
    const demoted = await buildUser(t, { role: 'CONSEJO' });
    const admin = await buildUser(t, { role: 'ADMIN' });
    const author = await buildUser(t);
    const demotedStream = await openStream(secondUrl, await authHeader(t, demoted));
    const adminStream = await openStream(secondUrl, await authHeader(t, admin));
    try {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${demoted.id}`,
        headers: { ...(await authHeader(t, admin)), origin: TEST_ORIGIN },
        payload: { role: 'USER' },
      });
      expect(res.statusCode).toBe(200);
      await write(author, 'POST', '/api/appa', reportBody('BORRADOR'));
      await until(() => adminStream.events.length === 1);
      expect(demotedStream.events).toEqual([]);
    } finally {
      await Promise.all([demotedStream.close(), adminStream.close()]);
    }
  });
});

describe('streams of sessions that ended', () => {
  it('an administrator suspending someone on one instance closes their streams on another', async () => {
    const user = await buildUser(t);
    const admin = await buildUser(t, { role: 'ADMIN' });
    const stream = await openStream(secondUrl, await authHeader(t, user));
    try {
      expect(stream.res.status).toBe(200);
      await write(admin, 'PUT', `/api/users/${user.id}/status`, { status: 'SUSPENDIDO' });
      await until(() => stream.ended());
    } finally {
      await stream.close();
    }
  });

  /** Two sessions of one person, a stream on each; `revoke` ends the first one. */
  it.each([
    [
      'signing out closes that session’s streams and no other',
      (ended: string) => write(ended, 'POST', '/api/logout', {}),
    ],
    [
      'a password change closes the other sessions’ streams and keeps this one’s',
      (_ended: string, kept: string, password: string) =>
        write(kept, 'POST', '/api/auth/change-password', {
          currentPassword: password,
          newPassword: 'otra clave nueva de 2026',
        }),
    ],
  ] as const)('%s', async (_name, revoke) => {
    const user = await buildUser(t);
    const ended = await signIn(t, user.username, user.plainPassword);
    const kept = await signIn(t, user.username, user.plainPassword);
    const endedStream = await openStream(secondUrl, bearer(ended.token));
    const keptStream = await openStream(secondUrl, bearer(kept.token));
    try {
      await revoke(ended.token, kept.token, user.plainPassword);
      await until(() => endedStream.ended());
      // The other session's stream still hears what its user reads.
      await write(kept.token, 'POST', '/api/appa', reportBody('BORRADOR'));
      await until(() => keptStream.events.length === 1);
      expect(keptStream.ended()).toBe(false);
    } finally {
      await Promise.all([endedStream.close(), keptStream.close()]);
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
