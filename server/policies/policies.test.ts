import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../common/roles';
import type { NavigationAbilities } from '../../common/schemas/auth';
import {
  appaSubmissions,
  lateralSharing,
  reviewComments,
  reviewTasks,
  type UserRow,
} from '../db/schema';
import { buildTestApp, buildUser, type TestApp } from '../test/helper';
import { requestAs, type Person } from '../test/review-fixture';
import * as absence from './absence';
import * as comment from './comment';
import * as organisation from './organisation';
import * as report from './report';
import * as share from './share';
import * as task from './task';
import * as user from './user';

/**
 * The permission matrix: each table below says, per action and per way the actor stands to the
 * thing, which roles may. Every case runs through the policy's `can()` and, where a route checks
 * it, through that route: the success status when allowed, 403 when refused (or the service's own
 * answer where the route's gate lets the actor through and a rule of the thing refuses).
 */

const ALL = ROLES;
const NONE: readonly Role[] = [];
const BOARD: readonly Role[] = ['ADMIN', 'CONSEJO'];
const ADMIN: readonly Role[] = ['ADMIN'];
const SHARING: readonly Role[] = ['VP', 'GERENTE', 'LIDER'];
const WITH_DASHBOARD: readonly Role[] = ['ADMIN', 'CONSEJO', 'VP', 'GERENTE', 'LIDER'];

// ---------------------------------------------------------------------------------------------
// Reports

/**
 * How the actor stands to the report: their own (sent, or a draft); its author two levels below
 * them (sent, or a draft); its author their manager; a stranger's report shared with them to read,
 * to comment, or shared once and expired; a stranger's report with no share, and a stranger's
 * draft.
 */
const RELATIONSHIPS = [
  'own',
  'ownDraft',
  'below',
  'belowDraft',
  'above',
  'sharedRead',
  'sharedComment',
  'expiredShare',
  'stranger',
  'strangerDraft',
] as const;
type Relationship = (typeof RELATIONSHIPS)[number];

/** The report actions, and reading a person's reports over time (on the report's author). */
type ReportCase = report.ReportAction | 'person:read';

/** Who reads that a report exists, its state, its comments and tasks. */
const READERS: Record<Relationship, readonly Role[]> = {
  own: ALL,
  ownDraft: ALL,
  below: ALL,
  belowDraft: ALL,
  above: BOARD,
  sharedRead: ALL,
  sharedComment: ALL,
  expiredShare: BOARD,
  stranger: BOARD,
  strangerDraft: BOARD,
};

/** Who reads its content (text, KPI, files): a draft is its author's alone. */
const CONTENT_READERS: Record<Relationship, readonly Role[]> = {
  ...READERS,
  belowDraft: NONE,
  strangerDraft: NONE,
};

const REPORT_MATRIX: Record<ReportCase, Record<Relationship, readonly Role[]>> = {
  'report:read': CONTENT_READERS,
  'review:read': READERS,
  'report:download': CONTENT_READERS,
  'report:write': {
    own: NONE,
    ownDraft: ALL,
    below: NONE,
    belowDraft: NONE,
    above: NONE,
    sharedRead: NONE,
    sharedComment: NONE,
    expiredShare: NONE,
    stranger: NONE,
    strangerDraft: NONE,
  },
  // Nobody reviews or comments on a draft, whose content nobody but its author reads.
  'report:review': {
    own: BOARD,
    ownDraft: NONE,
    below: ALL,
    belowDraft: NONE,
    above: BOARD,
    sharedRead: BOARD,
    sharedComment: BOARD,
    expiredShare: BOARD,
    stranger: BOARD,
    strangerDraft: NONE,
  },
  'report:comment': {
    own: BOARD,
    ownDraft: NONE,
    below: ALL,
    belowDraft: NONE,
    above: BOARD,
    sharedRead: BOARD,
    sharedComment: ALL,
    expiredShare: BOARD,
    stranger: BOARD,
    strangerDraft: NONE,
  },
  // The author answers the comments on their sent report; anyone who comments answers too.
  'report:reply': {
    own: ALL,
    ownDraft: NONE,
    below: ALL,
    belowDraft: NONE,
    above: BOARD,
    sharedRead: BOARD,
    sharedComment: ALL,
    expiredShare: BOARD,
    stranger: BOARD,
    strangerDraft: NONE,
  },
  'report:share': {
    own: SHARING,
    ownDraft: SHARING,
    below: NONE,
    belowDraft: NONE,
    above: NONE,
    sharedRead: NONE,
    sharedComment: NONE,
    expiredShare: NONE,
    stranger: NONE,
    strangerDraft: NONE,
  },
  'shares:list': {
    own: ALL,
    ownDraft: ALL,
    below: ADMIN,
    belowDraft: ADMIN,
    above: ADMIN,
    sharedRead: ADMIN,
    sharedComment: ADMIN,
    expiredShare: ADMIN,
    stranger: ADMIN,
    strangerDraft: ADMIN,
  },
  'person:read': {
    own: ALL,
    ownDraft: ALL,
    below: ALL,
    belowDraft: ALL,
    above: BOARD,
    sharedRead: BOARD,
    sharedComment: BOARD,
    expiredShare: BOARD,
    stranger: BOARD,
    strangerDraft: BOARD,
  },
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Probe {
  method: Method;
  url: string;
  payload?: object;
  /** The answer when allowed. */
  ok: number;
  /** The answer when allowed on a draft, where a rule of the report's state answers first. */
  okOnDraft?: number;
}

/** Where each report action is checked by a route; null where no route takes a report's id. */
const REPORT_ROUTES: Record<ReportCase, ((ref: report.ReportRef, actor: Person) => Probe) | null> =
  {
    'report:read': (r) => ({ method: 'GET', url: `/api/files/submission/${r.id}`, ok: 200 }),
    'review:read': (r) => ({ method: 'GET', url: `/api/appa/${r.id}`, ok: 200 }),
    'report:download': (r) => ({ method: 'GET', url: `/api/appa/${r.id}/download`, ok: 200 }),
    // The author writes their own week without naming a report (POST /api/appa).
    'report:write': null,
    'report:review': (r) => ({
      method: 'POST',
      url: `/api/appa/${r.id}/review`,
      payload: { isUpdate: true },
      ok: 200,
    }),
    'report:comment': (r) => ({
      method: 'POST',
      url: `/api/appa/${r.id}/comments`,
      payload: { comment: 'Buen trabajo' },
      ok: 201,
    }),
    // Answering names the comment answered: checked below as 'comment:reply'.
    'report:reply': null,
    'report:share': (r, actor) => ({
      method: 'POST',
      url: `/api/appa/${r.id}/share`,
      payload: { sharedWithId: peerOf(actor.role).id },
      ok: 201,
      okOnDraft: 409,
    }),
    'shares:list': (r) => ({ method: 'GET', url: `/api/appa/${r.id}/shares`, ok: 200 }),
    'person:read': (r) => ({
      method: 'GET',
      url: `/api/appa/history?userId=${r.userId}&from=2019-12-30&to=2020-12-28`,
      ok: 200,
    }),
  };

// ---------------------------------------------------------------------------------------------
// Comments, tasks, shares

// The comments are on a stranger's report: its author edits one only while they may still comment
// on it, which there only those who read everything may.
const COMMENT_MATRIX: Record<comment.CommentAction, Record<'author' | 'other', readonly Role[]>> = {
  'comment:edit': { author: BOARD, other: NONE },
  'comment:reply': { author: BOARD, other: BOARD },
};

const TASK_MATRIX: Record<
  task.TaskAction,
  Record<'assignee' | 'creator' | 'other', readonly Role[]>
> = { 'task:update': { assignee: ALL, creator: ALL, other: NONE } };

const SHARE_MATRIX: Record<share.ShareAction, Record<'sharer' | 'other', readonly Role[]>> = {
  'share:revoke': { sharer: ALL, other: ADMIN },
};

// ---------------------------------------------------------------------------------------------
// The organisation

const ORGANISATION_MATRIX: Record<organisation.OrganisationAction, readonly Role[]> = {
  'users:manage': ADMIN,
  'settings:manage': ADMIN,
  'reminders:send': ADMIN,
  'audit:read': ADMIN,
  'reports:mark-submitted': ADMIN,
  'backup:export': ADMIN,
  'webhooks:manage': ADMIN,
  'api:docs': ADMIN,
  'reports:list': WITH_DASHBOARD,
  'reports:export': BOARD,
  'dashboard:read': WITH_DASHBOARD,
  'peers:list': WITH_DASHBOARD,
  'reminders:remind': ['ADMIN', 'VP', 'GERENTE', 'LIDER'],
};

const ORGANISATION_ROUTES: Record<organisation.OrganisationAction, () => Probe> = {
  'users:manage': () => ({ method: 'GET', url: '/api/users', ok: 200 }),
  'settings:manage': () => ({ method: 'GET', url: '/api/settings', ok: 200 }),
  'reminders:send': () => ({ method: 'GET', url: '/api/reminders', ok: 200 }),
  'audit:read': () => ({ method: 'GET', url: '/api/audit-log', ok: 200 }),
  'reports:mark-submitted': () => ({
    method: 'POST',
    url: '/api/appa/mark-submitted',
    payload: { userId: fixture().stranger.id, weekStart: nextMonday() },
    ok: 200,
  }),
  'backup:export': () => ({ method: 'GET', url: '/api/admin/backup', ok: 200 }),
  'webhooks:manage': () => ({ method: 'GET', url: '/api/webhooks', ok: 200 }),
  'api:docs': () => ({ method: 'GET', url: '/api/openapi.json', ok: 200 }),
  'reports:list': () => ({ method: 'GET', url: '/api/appa/week', ok: 200 }),
  'reports:export': () => ({ method: 'GET', url: '/api/reports/weekly?format=csv', ok: 200 }),
  'dashboard:read': () => ({ method: 'GET', url: '/api/dashboard/hierarchy', ok: 200 }),
  'peers:list': () => ({ method: 'GET', url: '/api/users/same-role', ok: 200 }),
  'reminders:remind': () => ({
    method: 'POST',
    url: '/api/reminders/preview',
    payload: { type: 'pending' },
    ok: 200,
  }),
};

/** The screens GET /api/user says each role may open. */
const SCREENS: Record<keyof NavigationAbilities, readonly Role[]> = {
  administer: ADMIN,
  boardDashboard: BOARD,
  vpDashboard: ['ADMIN', 'VP'],
  managerDashboard: ['ADMIN', 'GERENTE'],
  leaderDashboard: ['ADMIN', 'LIDER'],
  report: ['VP', 'GERENTE', 'LIDER', 'USER'],
  remind: ['ADMIN', 'VP', 'GERENTE', 'LIDER'],
};

// ---------------------------------------------------------------------------------------------
// People of the users table

type UserRelationship = 'self' | 'active' | 'suspended';
const USER_MATRIX: Record<user.UserAction, Record<UserRelationship, readonly Role[]>> = {
  'user:edit': { self: ADMIN, active: ADMIN, suspended: ADMIN },
  'user:suspend': { self: NONE, active: ADMIN, suspended: ADMIN },
  'user:resetPassword': { self: ADMIN, active: ADMIN, suspended: ADMIN },
  'user:remind': { self: ADMIN, active: ADMIN, suspended: NONE },
  'user:unblockSignIn': { self: ADMIN, active: ADMIN, suspended: ADMIN },
};

/**
 * Where each is checked: the route lets administrators through ('users:manage'), or whoever may
 * remind anyone ('reminders:remind': a manager reaches only the people below them), and the
 * service answers 400 to what the person's state or place refuses.
 */
const USER_ROUTES: Record<user.UserAction, (target: UserRow) => Probe | null> = {
  'user:edit': (u) => ({
    method: 'PATCH',
    url: `/api/users/${u.id}`,
    payload: { cargo: 'Analista' },
    ok: 200,
  }),
  'user:suspend': (u) => ({
    method: 'PUT',
    url: `/api/users/${u.id}/status`,
    payload: { status: 'SUSPENDIDO' },
    ok: 200,
  }),
  // Resetting one's own password would end the session the other cases use.
  'user:resetPassword': (u) =>
    seats().some((s) => s.actor.id === u.id)
      ? null
      : { method: 'PUT', url: `/api/users/${u.id}/password`, ok: 200 },
  'user:remind': (u) => ({
    method: 'POST',
    url: '/api/reminders/send',
    payload: { type: 'specific', userIds: [u.id], subject: 'Recordatorio', message: 'Hola' },
    ok: 200,
  }),
  'user:unblockSignIn': (u) => ({
    method: 'DELETE',
    url: `/api/users/${u.id}/sign-in-throttle`,
    ok: 200,
  }),
};
const REFUSED_BY_SERVICE = 400;

// ---------------------------------------------------------------------------------------------
// The fixture: per role an actor with a manager above and two levels below; a stranger whose
// reports are shared with every actor; a peer of each role that shares.

interface Seat {
  actor: Person;
  reports: Record<Relationship, report.ReportRef>;
  /** A person of the users table per relationship, for each user action. */
  targets: Record<user.UserAction, Record<UserRelationship, UserRow>>;
}
interface Fixture {
  stranger: Person;
  peers: Partial<Record<Role, Person>>;
  seats: Partial<Record<Role, Seat>>;
}

let t: TestApp | undefined;
let built: Fixture | undefined;
const app = () => {
  if (!t) throw new Error('the app is built in beforeAll');
  return t;
};
const fixture = () => {
  if (!built) throw new Error('the fixture is built in beforeAll');
  return built;
};
const seats = () => Object.values(fixture().seats);
const seat = (role: Role) => {
  const found = fixture().seats[role];
  if (!found) throw new Error(`no seat for ${role}`);
  return found;
};
const peerOf = (role: Role) => fixture().peers[role] ?? fixture().stranger;
const as = requestAs(app);

/** Distinct Mondays from 2020 on: each report of the fixture gets its own week. */
let monday = Date.UTC(2019, 11, 30);
const nextMonday = () => {
  monday += 7 * 86_400_000;
  return new Date(monday).toISOString().slice(0, 10);
};

async function buildReport(userId: string, status: 'ENVIADO' | 'BORRADOR' = 'ENVIADO') {
  const weekStart = nextMonday();
  const [row] = await app()
    .db.insert(appaSubmissions)
    .values({
      userId,
      weekStart,
      weekEnd: weekStart,
      status,
      submittedAt: status === 'ENVIADO' ? new Date(`${weekStart}T15:00:00Z`) : null,
      avances: 'Avances de la semana',
      planes: 'Planes de la semana',
    })
    .returning({
      id: appaSubmissions.id,
      userId: appaSubmissions.userId,
      status: appaSubmissions.status,
    });
  if (!row) throw new Error('no report');
  return row;
}

async function shareWith(
  ref: report.ReportRef,
  peer: Person,
  permission: 'read' | 'comment',
  expiresAt: Date | null = null,
) {
  const [row] = await app()
    .db.insert(lateralSharing)
    .values({
      submissionId: ref.id,
      sharedById: ref.userId,
      sharedWithId: peer.id,
      permission,
      expiresAt,
    })
    .returning({ id: lateralSharing.id, sharedById: lateralSharing.sharedById });
  if (!row) throw new Error('no share');
  return row;
}

beforeAll(async () => {
  const test = await buildTestApp();
  t = test;
  const stranger = await buildUser(test, { fullName: 'Persona Ajena' });
  const strangerReports = {
    stranger: await buildReport(stranger.id),
    sharedRead: await buildReport(stranger.id),
    sharedComment: await buildReport(stranger.id),
    expiredShare: await buildReport(stranger.id),
    strangerDraft: await buildReport(stranger.id, 'BORRADOR'),
  };
  const peers: Partial<Record<Role, Person>> = {};
  for (const role of SHARING) {
    peers[role] = await buildUser(test, { role, fullName: `Par ${role}` });
  }

  const seatsByRole: Partial<Record<Role, Seat>> = {};
  for (const role of ROLES) {
    const boss = await buildUser(test, { role: 'VP' });
    const actor = await buildUser(test, { role, managerId: boss.id });
    const mid = await buildUser(test, { managerId: actor.id });
    const author = await buildUser(test, { managerId: mid.id });
    const past = new Date(test.clock.now().getTime() - 86_400_000);
    await shareWith(strangerReports.sharedRead, actor, 'read');
    await shareWith(strangerReports.sharedComment, actor, 'comment');
    await shareWith(strangerReports.expiredShare, actor, 'comment', past);
    const target = (status: 'ACTIVO' | 'SUSPENDIDO') => buildUser(test, { status });
    const targetsOf = async () => ({
      self: actor,
      active: await target('ACTIVO'),
      suspended: await target('SUSPENDIDO'),
    });
    seatsByRole[role] = {
      actor,
      reports: {
        own: await buildReport(actor.id),
        ownDraft: await buildReport(actor.id, 'BORRADOR'),
        below: await buildReport(author.id),
        belowDraft: await buildReport(author.id, 'BORRADOR'),
        above: await buildReport(boss.id),
        ...strangerReports,
      },
      targets: {
        'user:edit': await targetsOf(),
        'user:suspend': await targetsOf(),
        'user:resetPassword': await targetsOf(),
        'user:remind': await targetsOf(),
        'user:unblockSignIn': await targetsOf(),
      },
    };
  }
  built = { stranger, peers, seats: seatsByRole };
});
afterAll(() => t?.close());

/** Each (action, role) of a matrix, with each relationship's expected answer. */
function casesOf<A extends string, R extends string>(
  matrix: Record<A, Record<R, readonly Role[]>>,
) {
  return (Object.entries(matrix) as [A, Record<R, readonly Role[]>][]).flatMap(([action, byRel]) =>
    ROLES.map((role) => ({
      action,
      role,
      expected: Object.fromEntries(
        (Object.entries(byRel) as [R, readonly Role[]][]).map(([rel, roles]) => [
          rel,
          roles.includes(role),
        ]),
      ) as Record<R, boolean>,
    })),
  );
}

async function expectProbe(actor: Person, probe: Probe | null, status: number, label: string) {
  if (!probe) return;
  const res = await as(actor, probe.method, probe.url, probe.payload);
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(status);
}

describe('report policy', () => {
  const cases = casesOf(REPORT_MATRIX);

  it.each(cases)('can(): $role, $action', async ({ action, role, expected }) => {
    const { actor, reports } = seat(role);
    for (const rel of RELATIONSHIPS) {
      const ref = reports[rel];
      const factsOf = await report.loadReportFacts(app().ctx, actor, [ref]);
      const allowed =
        action === 'person:read'
          ? report.readsReportsOf(actor, await report.loadAuthorFacts(app().ctx, actor, ref.userId))
          : report.can(actor, action, factsOf(ref));
      expect(allowed, rel).toBe(expected[rel]);
    }
  });

  it.each(cases.filter((c) => REPORT_ROUTES[c.action]))(
    'route: $role, $action',
    async ({ action, role, expected }) => {
      const { actor, reports } = seat(role);
      const route = REPORT_ROUTES[action];
      for (const rel of RELATIONSHIPS) {
        const probe = route?.(reports[rel], actor) ?? null;
        const ok = rel === 'ownDraft' ? (probe?.okOnDraft ?? probe?.ok) : probe?.ok;
        await expectProbe(actor, probe, expected[rel] ? (ok ?? 0) : 403, rel);
      }
    },
  );
});

describe('who reads a report, for many at once (the live streams)', () => {
  it('agrees with can() for every role and every way they stand to the report', async () => {
    const suspended = await buildUser(app(), { role: 'ADMIN', status: 'SUSPENDIDO' });
    const everyone = seats().map((s) => s.actor);
    const ids = [...everyone.map((actor) => actor.id), suspended.id];
    for (const { actor: owner, reports } of seats()) {
      for (const rel of RELATIONSHIPS) {
        const ref = reports[rel];
        const readers = await report.whoReads(app().ctx, ref, ids);
        for (const actor of everyone) {
          const factsOf = await report.loadReportFacts(app().ctx, actor, [ref]);
          const label = `${actor.role} on the ${rel} report of ${owner.role}`;
          expect(readers.has(actor.id), label).toBe(report.can(actor, 'review:read', factsOf(ref)));
        }
        expect(readers.has(suspended.id)).toBe(false);
      }
    }
  });
});

describe('comment, task and share policies', () => {
  const someReport = () => seat('USER').reports.stranger;
  const other = () => fixture().stranger;

  it.each(casesOf(COMMENT_MATRIX))('$role, $action', async ({ action, role, expected }) => {
    const { actor } = seat(role);
    for (const rel of ['author', 'other'] as const) {
      const [row] = await app()
        .db.insert(reviewComments)
        .values({
          submissionId: someReport().id,
          reviewerId: rel === 'author' ? actor.id : other().id,
          comment: 'Revisar',
        })
        .returning({
          id: reviewComments.id,
          reviewerId: reviewComments.reviewerId,
          parentId: reviewComments.parentId,
        });
      if (!row) throw new Error('no comment');
      const factsOf = await report.loadReportFacts(app().ctx, actor, [someReport()]);
      const commentsOnReport = report.can(actor, 'report:comment', factsOf(someReport()));
      const repliesOnReport = report.can(actor, 'report:reply', factsOf(someReport()));
      expect(comment.can(actor, action, { ...row, commentsOnReport, repliesOnReport }), rel).toBe(
        expected[rel],
      );
      const probe: Probe =
        action === 'comment:edit'
          ? {
              method: 'PUT',
              url: `/api/appa/comments/${row.id}`,
              payload: { comment: 'Revisado' },
              ok: 200,
            }
          : {
              method: 'POST',
              url: `/api/appa/${someReport().id}/comments`,
              payload: { comment: 'De acuerdo', parentId: row.id },
              ok: 201,
            };
      await expectProbe(actor, probe, expected[rel] ? probe.ok : 403, rel);
    }
  });

  it.each(casesOf(TASK_MATRIX))('$role, $action', async ({ action, role, expected }) => {
    const { actor } = seat(role);
    for (const rel of ['assignee', 'creator', 'other'] as const) {
      const [row] = await app()
        .db.insert(reviewTasks)
        .values({
          submissionId: someReport().id,
          assignedToId: rel === 'assignee' ? actor.id : other().id,
          createdById: rel === 'creator' ? actor.id : other().id,
          title: 'Completar KPI',
        })
        .returning();
      if (!row) throw new Error('no task');
      expect(task.can(actor, action, row), rel).toBe(expected[rel]);
      const probe: Probe = {
        method: 'PATCH',
        url: `/api/review-tasks/${row.id}/status`,
        payload: { status: 'EN_PROGRESO' },
        ok: 200,
      };
      await expectProbe(actor, probe, expected[rel] ? probe.ok : 403, rel);
    }
  });

  it.each(casesOf(SHARE_MATRIX))('$role, $action', async ({ action, role, expected }) => {
    const { actor } = seat(role);
    for (const rel of ['sharer', 'other'] as const) {
      const sharer = rel === 'sharer' ? actor : other();
      const row = await shareWith(await buildReport(sharer.id), peerOf('LIDER'), 'read');
      expect(share.can(actor, action, row), rel).toBe(expected[rel]);
      const probe: Probe = { method: 'DELETE', url: `/api/appa/shares/${row.id}`, ok: 204 };
      await expectProbe(actor, probe, expected[rel] ? probe.ok : 403, rel);
    }
  });
});

describe('organisation policy', () => {
  const cases = (Object.keys(ORGANISATION_MATRIX) as organisation.OrganisationAction[]).flatMap(
    (action) =>
      ROLES.map((role) => ({ action, role, allowed: ORGANISATION_MATRIX[action].includes(role) })),
  );

  it.each(cases)('$role, $action: $allowed', async ({ action, role, allowed }) => {
    const { actor } = seat(role);
    expect(organisation.can(actor, action)).toBe(allowed);
    const probe = ORGANISATION_ROUTES[action]();
    await expectProbe(actor, probe, allowed ? probe.ok : 403, action);
  });

  it.each(ROLES)('GET /api/user tells %s which screens to open', async (role) => {
    const { actor } = seat(role);
    const expected = Object.fromEntries(
      Object.entries(SCREENS).map(([screen, roles]) => [screen, roles.includes(role)]),
    );
    expect(organisation.navigationAbilities(actor)).toEqual(expected);
    const res = await as(actor, 'GET', '/api/user');
    expect(res.json()).toMatchObject({ id: actor.id, abilities: expected });
  });
});

describe('user policy', () => {
  it.each(casesOf(USER_MATRIX))('$role, $action', async ({ action, role, expected }) => {
    const { actor, targets } = seat(role);
    const gate = organisation.can(
      actor,
      action === 'user:remind' ? 'reminders:remind' : 'users:manage',
    );
    for (const rel of ['self', 'active', 'suspended'] as const) {
      const target = targets[action][rel];
      expect(user.can(actor, action, target), rel).toBe(expected[rel]);
      const probe = USER_ROUTES[action](target);
      const status = expected[rel] ? (probe?.ok ?? 0) : gate ? REFUSED_BY_SERVICE : 403;
      await expectProbe(actor, probe, status, rel);
    }
  });
});

describe('the rules a service answers with a 400', () => {
  it.each(ROLES)('%s: whom they may give a role, whose past weeks they may change', (role) => {
    const actor = { id: 'actor', role };
    for (const given of ROLES) {
      expect(user.mayGiveRole(actor, 'someone', given), given).toBe(true);
      // An administrator keeps their own administration.
      expect(user.mayGiveRole(actor, 'actor', given), given).toBe(given === 'ADMIN');
    }
    // Their own finished weeks are the board's record; an administrator may still correct them.
    expect(absence.mayChangePastWeeks(actor, 'actor')).toBe(role === 'ADMIN');
    expect(absence.mayChangePastWeeks(actor, 'someone')).toBe(true);
  });
});
