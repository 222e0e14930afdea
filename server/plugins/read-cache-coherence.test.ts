import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { createReadCache, type ReadCache } from '../lib/read-cache';
import { buildReport } from '../test/factories';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../test/helper';

/**
 * The read cache forgets only what a write reaches (its author, its week, the areas the author
 * belongs to). Each write below is followed by every kept read the product offers, as each kind of
 * viewer asks for it: the answer the cache gives must be the answer computed from nothing. An
 * answer a write should have reached and did not is stale, and fails here.
 */

const THIS_WEEK = '2026-11-16';
const PAST_WEEK = '2026-11-09';

let t: TestApp;
/** A second instance on the same database, as behind a load balancer, and its own cache. */
let second: Awaited<ReturnType<typeof buildApp>>;
let secondCache: ReadCache;
type Headers = Record<string, string>;
const as: Record<string, Headers> = {};
const ids: Record<string, string> = {};

/** What the second instance computed, by key: `load:`/`reload:` for week tables. */
let computed: string[] = [];

/** What the second instance was told changed (a write elsewhere reaches it after its answer). */
const heard: string[] = [];

/** A read cache that records what it computes, and what it is told changed. */
function counting(cache: ReadCache): ReadCache {
  return {
    ...cache,
    invalidate: (changed) => {
      if (changed) heard.push(JSON.stringify(changed));
      cache.invalidate(changed);
    },
    get: (key, compute, dependsOn) =>
      cache.get(
        key,
        () => {
          computed.push(key);
          return compute();
        },
        dependsOn,
      ),
    value: (key, compute, bytes, dependsOn) =>
      cache.value(
        key,
        () => {
          computed.push(key);
          return compute();
        },
        bytes,
        dependsOn,
      ),
    weekRows: (key, week, load, reload) =>
      cache.weekRows(
        key,
        week,
        () => {
          computed.push(`load:${key}`);
          return load();
        },
        (ids) => {
          computed.push(`reload:${key}`);
          return reload(ids);
        },
      ),
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  secondCache = counting(createReadCache({ clock: t.ctx.clock }));
  second = await buildApp({
    config: t.ctx.config,
    database: t.ctx.database,
    clock: t.ctx.clock,
    clientDir: null,
    readCache: secondCache,
  });
  // Two areas: CONSEJO > VP > GERENTE > LIDER > two USERs, and another VP with one USER.
  const people = {} as Record<string, Awaited<ReturnType<typeof buildUser>>>;
  people.admin = await buildUser(t, { role: 'ADMIN', fullName: 'Ana Admin' });
  people.consejo = await buildUser(t, { role: 'CONSEJO', fullName: 'Carla Consejo' });
  people.vp = await buildUser(t, {
    role: 'VP',
    managerId: people.consejo.id,
    fullName: 'Víctor VP',
  });
  people.gerente = await buildUser(t, {
    role: 'GERENTE',
    managerId: people.vp.id,
    fullName: 'Gema Gerente',
  });
  people.lider = await buildUser(t, {
    role: 'LIDER',
    managerId: people.gerente.id,
    fullName: 'Lía Líder',
  });
  people.peer = await buildUser(t, {
    role: 'LIDER',
    managerId: people.gerente.id,
    fullName: 'Pablo Par',
  });
  people.user = await buildUser(t, { managerId: people.lider.id, fullName: 'Úrsula Usuaria' });
  people.user2 = await buildUser(t, { managerId: people.lider.id, fullName: 'Álvaro Usuario' });
  people.vp2 = await buildUser(t, {
    role: 'VP',
    managerId: people.consejo.id,
    fullName: 'Vera Otra VP',
  });
  people.outsider = await buildUser(t, { managerId: people.vp2.id, fullName: 'Óscar Otro' });
  for (const [name, person] of Object.entries(people)) {
    ids[name] = person.id;
    as[name] = await authHeader(t, person);
  }
  // Last week already has reports: the trends' past points.
  await buildReport(t, { user: people.user, weekStart: PAST_WEEK, status: 'ENVIADO' });
  await buildReport(t, { user: people.outsider, weekStart: PAST_WEEK, status: 'BORRADOR' });
  t.ctx.readCache.invalidate();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

/** Every kept read, as who asks for it. */
function keptReads(): [string, Headers][] {
  const weeks = [`weekStart=${THIS_WEEK}`, `weekStart=${PAST_WEEK}`, ''];
  const reads: [string, Headers][] = [];
  for (const viewer of ['admin', 'vp', 'gerente', 'lider']) {
    for (const week of weeks) {
      reads.push([`/api/appa?${week}`, as[viewer] ?? {}]);
      reads.push([`/api/appa/week?${week}`, as[viewer] ?? {}]);
      reads.push([`/api/appa/week?${week}&status=pendientes`, as[viewer] ?? {}]);
      reads.push([`/api/appa/week?${week}&review=sin-revisar&status=enviados`, as[viewer] ?? {}]);
    }
  }
  for (const viewer of ['user', 'lider', 'peer', 'outsider']) {
    reads.push([`/api/appa?view=own&weekStart=${THIS_WEEK}`, as[viewer] ?? {}]);
    reads.push(['/api/appa/current', as[viewer] ?? {}]);
  }
  for (const viewer of ['admin', 'consejo', 'vp', 'vp2', 'gerente', 'lider']) {
    for (const week of weeks) reads.push([`/api/dashboard/hierarchy?${week}`, as[viewer] ?? {}]);
    reads.push(['/api/dashboard/trends?weeks=4', as[viewer] ?? {}]);
    reads.push(['/api/dashboard/people?q=', as[viewer] ?? {}]);
  }
  reads.push([`/api/dashboard/trends?weeks=4&userId=${ids.user}`, as.vp ?? {}]);
  reads.push([`/api/dashboard/trends?weeks=4&userId=${ids.user}`, as.consejo ?? {}]);
  reads.push(['/api/reports/weekly?format=csv', as.admin ?? {}]);
  return reads;
}

async function readAll(app = t.app) {
  const answers: string[] = [];
  for (const [url, headers] of keptReads()) {
    const res = await app.inject({ method: 'GET', url, headers });
    answers.push(`${url} (${res.statusCode}): ${res.body}`);
  }
  return answers;
}

/** What the cache answers now, against what it answers once it has forgotten everything. */
async function expectFresh(app = t.app) {
  const kept = await readAll(app);
  t.ctx.readCache.invalidate();
  secondCache.invalidate();
  const fresh = await readAll(app);
  for (const [i, answer] of kept.entries()) expect(answer).toBe(fresh[i]);
  // The answers are kept again for the next write.
}

async function write(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who: string,
  payload?: object,
) {
  const res = await t.app.inject({ method, url, headers: as[who] ?? {}, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.statusCode === 204 ? {} : (res.json() as Record<string, unknown>);
}

const draft = (avances: string) => ({
  avances,
  planes: 'Plan',
  problemas: '',
  ayuda: '',
  kpiNombre: 'Ventas',
  kpiMetaPct: 100,
  kpiLogroPct: 50,
  status: 'BORRADOR',
  files: [],
});

describe('every kept answer shows every write', () => {
  let report = '';
  let comment = '';
  let task = '';
  let share = '';

  it('before any write: every read is answered', async () => {
    for (const answer of await readAll()) expect(answer).toMatch(/\(200\)/);
    await expectFresh();
  });

  it('a draft, then another author’s draft outside the area', async () => {
    report = String((await write('POST', '/api/appa', 'user', draft('Primer avance'))).id);
    await expectFresh();
    await write('POST', '/api/appa', 'outsider', draft('Avance de otra área'));
    await expectFresh();
  });

  it('the draft sent', async () => {
    await write('POST', '/api/appa', 'user', { ...draft('Avance final'), status: 'ENVIADO' });
    await expectFresh();
  });

  it('a review, a comment and its edit', async () => {
    await write('POST', `/api/appa/${report}/review`, 'lider', { notes: 'Bien' });
    await expectFresh();
    comment = String(
      (await write('POST', `/api/appa/${report}/comments`, 'gerente', { comment: 'Ojo' })).id,
    );
    await expectFresh();
    await write('PUT', `/api/appa/comments/${comment}`, 'gerente', { comment: 'Ojo, corregido' });
    await expectFresh();
  });

  it('a task and its progress', async () => {
    task = String(
      (
        await write('POST', '/api/review-tasks', 'vp', {
          submissionId: report,
          title: 'Revisar cifras',
          assignedToId: ids.consejo,
        })
      ).id,
    );
    await expectFresh();
    await write('PATCH', `/api/review-tasks/${task}/status`, 'consejo', { status: 'EN_PROGRESO' });
    await expectFresh();
  });

  it("a leader's own report, shared with a peer and the share revoked", async () => {
    const own = await write('POST', '/api/appa', 'lider', {
      ...draft('Avance del líder'),
      status: 'ENVIADO',
    });
    await expectFresh();
    share = String(
      (
        await write('POST', `/api/appa/${String(own.id)}/share`, 'lider', {
          sharedWithId: ids.peer,
        })
      ).id,
    );
    await expectFresh();
    await write('DELETE', `/api/appa/shares/${share}`, 'lider');
    await expectFresh();
  });

  it('reports recorded as sent by an administrator, this week and a past one', async () => {
    await write('POST', '/api/appa/mark-submitted', 'admin', {
      userId: ids.user2,
      weekStart: THIS_WEEK,
    });
    await expectFresh();
    await write('POST', '/api/appa/mark-submitted', 'admin', {
      userId: ids.outsider,
      weekStart: PAST_WEEK,
    });
    await expectFresh();
  });

  it('a person moved to another team and manager, suspended and reactivated', async () => {
    await write('PATCH', `/api/users/${ids.user2}`, 'admin', {
      unidadOrganizacional: 'Logística',
      managerId: ids.vp2,
    });
    await expectFresh();
    await write('PUT', `/api/users/${ids.user2}/status`, 'admin', { status: 'SUSPENDIDO' });
    await expectFresh();
    await write('PUT', `/api/users/${ids.user2}/status`, 'admin', { status: 'ACTIVO' });
    await expectFresh();
  });

  it('another instance hears each write as precisely, and shows it', async () => {
    await expectFresh(second);
    heard.length = 0;
    await write('POST', '/api/appa', 'peer', draft('Avance del par'));
    // Another instance hears of a write once its answer has left and the notification arrived.
    await vi.waitFor(() => expect(heard.join()).toContain(ids.peer));
    await expectFresh(second);
  });
});

describe('what a write does not reach stays kept', () => {
  const reads = () =>
    [
      ['/api/dashboard/hierarchy', as.vp2],
      ['/api/dashboard/hierarchy', as.vp],
      ['/api/dashboard/trends?weeks=4', as.vp2],
      ['/api/dashboard/trends?weeks=4', as.consejo],
      [`/api/appa/week?weekStart=${PAST_WEEK}`, as.admin],
      [`/api/appa/week?weekStart=${THIS_WEEK}`, as.admin],
      ['/api/appa/current', as.outsider],
    ] as const;

  it('a draft of this week by someone of one area: one row reloaded, the rest kept', async () => {
    const readSecond = () =>
      Promise.all(reads().map(([url, headers]) => second.inject({ method: 'GET', url, headers })));
    await readSecond();
    computed = [];
    const before = await readSecond();
    expect(computed).toEqual([]);

    await write('POST', '/api/appa', 'gerente', draft('Borrador nuevo'));
    // The second instance hears of it on the database's channel.
    await expect
      .poll(async () => {
        const res = await second.inject({
          method: 'GET',
          url: `/api/appa/week?weekStart=${THIS_WEEK}`,
          headers: as.admin,
        });
        return res.headers.etag;
      })
      .not.toBe(before[5]?.headers.etag);
    const after = await readSecond();
    const etags = (answers: typeof before) => answers.map((a) => a.headers.etag);
    // Another area's dashboard and trends, a past week and another author's form: as they were.
    expect(etags(after)[0]).toBe(etags(before)[0]);
    expect(etags(after)[2]).toBe(etags(before)[2]);
    expect(etags(after)[4]).toBe(etags(before)[4]);
    expect(etags(after)[6]).toBe(etags(before)[6]);
    // The author's area and the whole organisation show the draft.
    expect(etags(after)[1]).not.toBe(etags(before)[1]);
    expect(etags(after)[5]).not.toBe(etags(before)[5]);
    // This week's table was mended, not loaded again; nothing about the past weeks was computed.
    expect(computed).toContain(`reload:week-people:${THIS_WEEK}`);
    expect(computed.filter((key) => key.startsWith('load:'))).toEqual([]);
    expect(computed.filter((key) => key.includes(PAST_WEEK))).toEqual([]);
    expect(computed.filter((key) => key.startsWith(`hierarchy:${ids.vp2}`))).toEqual([]);
    expect(computed.filter((key) => key.startsWith('sent-by-week'))).toEqual([]);
  });
});
