import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import type { TaskStatus } from '../../../common/roles';
import { PANEL_MSG, type ReviewTask, type WeekResponse } from '../../../common/schemas/panel';
import { auditLog, reviewTasks, users } from '../../db/schema';
import { buildReport } from '../../test/factories';
import { buildTestApp, buildUser, type TestApp } from '../../test/helper';
import { requestAs, UNKNOWN_ID, type Person } from '../../test/review-fixture';

let t: TestApp;
let admin: Person;
let consejo: Person;
let gerente: Person;
let author: Person;
let reportId: string;
const inject = requestAs(() => t);

const WEEK = '2026-11-09';
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t, { role: 'ADMIN', fullName: 'Ana Administradora' });
  consejo = await buildUser(t, { role: 'CONSEJO', fullName: 'Carla Consejo' });
  gerente = await buildUser(t, { role: 'GERENTE', fullName: 'Gema Gerente' });
  author = await buildUser(t, { fullName: 'Úrsula Autora', managerId: gerente.id });
  reportId = (await buildReport(t, { user: author, weekStart: WEEK, status: 'ENVIADO' })).id;
});
afterAll(async () => {
  await t.close();
});

const task = (overrides: object = {}) => ({
  submissionId: reportId,
  title: 'Revisar el KPI',
  assignedToId: consejo.id,
  ...overrides,
});
const create = (user: Person, payload: object) =>
  inject(user, 'POST', '/api/review-tasks', payload);
const setStatus = (user: Person, id: string, status: TaskStatus) =>
  inject(user, 'PATCH', `/api/review-tasks/${id}/status`, { status });
const newTask = async (overrides: object = {}, by: Person = admin) => {
  const res = await create(by, task(overrides));
  expect(res.statusCode).toBe(201);
  return res.json() as ReviewTask;
};

describe('signed out', () => {
  it.each([
    ['GET', '/api/review-tasks/mine', undefined],
    ['GET', '/api/review-tasks/assignees', undefined],
    ['GET', `/api/review-tasks/assignees?submissionId=${UNKNOWN_ID}`, undefined],
    ['GET', `/api/review-tasks/submission/${UNKNOWN_ID}`, undefined],
    ['POST', '/api/review-tasks', { title: 'x' }],
    ['PATCH', `/api/review-tasks/${UNKNOWN_ID}/status`, { status: 'COMPLETADA' }],
  ] as const)('%s %s answers 401', async (method, url, payload) => {
    const res = await inject(null, method, url, payload);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.notSignedIn });
  });
});

describe('POST /api/review-tasks', () => {
  it.each(['USER', 'LIDER', 'GERENTE', 'VP'] as const)(
    'a %s who is not above the author may neither create nor list tasks',
    async (role) => {
      const user = await buildUser(t, { role });
      const before = await t.db.$count(reviewTasks);
      for (const res of [
        await create(user, task()),
        await inject(user, 'GET', `/api/review-tasks/submission/${reportId}`),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: MSG.forbidden });
      }
      expect(await t.db.$count(reviewTasks)).toBe(before);
    },
  );

  it('answers the Spanish validation messages of the task form', async () => {
    const cases: [object, string][] = [
      [{ title: '' }, 'El título de la tarea es requerido'],
      [{ title: '   ' }, 'El título de la tarea es requerido'],
      [{ title: undefined }, 'El título de la tarea es requerido'],
      [{ assignedToId: '' }, 'Debes asignar la tarea a un usuario'],
      [{ assignedToId: undefined }, 'Debes asignar la tarea a un usuario'],
      [{ priority: 'MAXIMA' }, PANEL_MSG.taskPriority],
      [{ dueDate: '31/12/2026' }, PANEL_MSG.taskDate],
    ];
    for (const [overrides, message] of cases) {
      const res = await create(admin, task(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
  });

  it("assigns only to active ADMIN or CONSEJO users, or to the report's author", async () => {
    const suspended = await buildUser(t, { role: 'CONSEJO', status: 'SUSPENDIDO' });
    const otherUser = await buildUser(t, { managerId: gerente.id });
    for (const assignee of [otherUser, gerente, suspended]) {
      const res = await create(admin, task({ assignedToId: assignee.id }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: PANEL_MSG.taskAssigneeRole });
    }
    const unknown = await create(admin, task({ assignedToId: UNKNOWN_ID }));
    expect(unknown.json()).toEqual({ message: PANEL_MSG.taskAssigneeRole });
    expect((await create(admin, task({ assignedToId: admin.id }))).statusCode).toBe(201);
    // A follow-up for the author, who then moves it (marks it done) themself.
    const forAuthor = await create(gerente, task({ assignedToId: author.id }));
    expect(forAuthor.statusCode).toBe(201);
    const created = forAuthor.json() as ReviewTask;
    expect(created.assignedTo).toEqual({ id: author.id, fullName: author.fullName });
    const done = await setStatus(author, created.id, 'COMPLETADA');
    expect(done.statusCode).toBe(200);
    expect((done.json() as ReviewTask).status).toBe('COMPLETADA');
  });

  it('defaults to MEDIA and stores empty optional fields as null', async () => {
    const created = await newTask(
      { description: '', tentativeDate: '', dueDate: null, title: '  Revisar el KPI  ' },
      gerente,
    );
    expect(created).toMatchObject({
      submissionId: reportId,
      title: 'Revisar el KPI',
      description: null,
      tentativeDate: null,
      dueDate: null,
      priority: 'MEDIA',
      status: 'PENDIENTE',
      completedAt: null,
      assignedToId: consejo.id,
      assignedTo: { id: consejo.id, fullName: 'Carla Consejo' },
      createdBy: { id: gerente.id, fullName: 'Gema Gerente' },
      submission: { id: reportId, authorFullName: 'Úrsula Autora', weekStart: WEEK },
    });
    const full = await newTask({
      description: 'Ver la meta',
      priority: 'URGENTE',
      tentativeDate: '2026-11-20',
      dueDate: '2026-11-25',
    });
    expect(full).toMatchObject({
      description: 'Ver la meta',
      priority: 'URGENTE',
      tentativeDate: '2026-11-20',
      dueDate: '2026-11-25',
    });
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entityId, full.id));
    expect(audited.map((a) => a.action)).toEqual(['review_task.created']);
  });

  it('answers 404 to an unknown report and 400 to a bad one', async () => {
    const unknown = await create(admin, task({ submissionId: UNKNOWN_ID }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: PANEL_MSG.reportNotFound });
    const bad = await create(admin, task({ submissionId: 'drop table' }));
    expect(bad.statusCode).toBe(400);
  });
});

describe('task status', () => {
  it('lets only the assignee or the creator change it', async () => {
    const created = await newTask({}, gerente);
    const otherAdmin = await buildUser(t, { role: 'ADMIN' });
    const refused = await setStatus(otherAdmin, created.id, 'CANCELADA');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MSG.forbidden });
    expect((await setStatus(author, created.id, 'CANCELADA')).statusCode).toBe(403);
    const cancelled = await setStatus(gerente, created.id, 'CANCELADA');
    expect(cancelled.json()).toMatchObject({ status: 'CANCELADA', completedAt: null });
  });

  it('moves PENDIENTE → EN_PROGRESO → COMPLETADA with completedAt from the server', async () => {
    const created = await newTask();
    const started = await setStatus(consejo, created.id, 'EN_PROGRESO');
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ status: 'EN_PROGRESO', completedAt: null });

    t.clock.advance(3_600_000);
    const done = await setStatus(consejo, created.id, 'COMPLETADA');
    expect(done.json()).toMatchObject({
      status: 'COMPLETADA',
      completedAt: t.clock.current.toISOString(),
    });
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(audited.filter((a) => a.action === 'review_task.status_changed')).toHaveLength(2);
  });

  it.each([
    ['COMPLETADA', 'EN_PROGRESO'],
    ['COMPLETADA', 'CANCELADA'],
    ['CANCELADA', 'PENDIENTE'],
    ['EN_PROGRESO', 'PENDIENTE'],
    ['PENDIENTE', 'PENDIENTE'],
  ] as const)('refuses %s → %s with 409', async (from, to) => {
    const created = await newTask();
    if (from === 'COMPLETADA' || from === 'CANCELADA' || from === 'EN_PROGRESO') {
      if (from !== 'EN_PROGRESO') await setStatus(admin, created.id, 'EN_PROGRESO');
      await setStatus(admin, created.id, from);
    }
    const res = await setStatus(admin, created.id, to);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: PANEL_MSG.taskTransition(from, to) });
  });

  it('answers 400 to a bad status or id and 404 to an unknown task', async () => {
    const created = await newTask();
    const bad = await setStatus(admin, created.id, 'HECHA' as TaskStatus);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: PANEL_MSG.taskStatus });
    expect((await setStatus(admin, 'x', 'COMPLETADA')).statusCode).toBe(400);
    const unknown = await setStatus(admin, UNKNOWN_ID, 'COMPLETADA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: PANEL_MSG.taskNotFound });
  });
});

describe('GET /api/review-tasks/assignees', () => {
  const assigneesOf = (id: string) => `/api/review-tasks/assignees?submissionId=${id}`;

  it('requires the report, with a Spanish 400 when it is missing or malformed', async () => {
    const cases: [string, string][] = [
      ['/api/review-tasks/assignees', PANEL_MSG.taskReportRequired],
      ['/api/review-tasks/assignees?submissionId=', PANEL_MSG.taskReportRequired],
      [assigneesOf('x'), PANEL_MSG.reportNotFound],
    ];
    for (const [url, message] of cases) {
      const res = await inject(admin, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message });
    }
  });

  it("lists the report's active author first, then the active ADMIN and CONSEJO users by name", async () => {
    const suspended = await buildUser(t, { role: 'CONSEJO', status: 'SUSPENDIDO' });
    const res = await inject(gerente, 'GET', assigneesOf(reportId));
    expect(res.statusCode).toBe(200);
    const [first, ...others] = res.json<{ id: string; fullName: string }[]>();
    expect(first?.id).toBe(author.id);
    const ids = others.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([admin.id, consejo.id]));
    expect(ids).not.toContain(gerente.id);
    expect(ids).not.toContain(suspended.id);
    expect(Object.keys(first ?? {}).sort()).toEqual(['fullName', 'id']);
    const names = others.map((p) => p.fullName);
    expect(names).toEqual(names.toSorted((a, b) => a.localeCompare(b)));
  });

  it('answers whoever may create tasks on the report: ADMIN, CONSEJO, the author’s manager', async () => {
    for (const reviewer of [admin, consejo, gerente]) {
      expect((await inject(reviewer, 'GET', assigneesOf(reportId))).statusCode).toBe(200);
    }
  });

  it.each(['USER', 'LIDER', 'GERENTE', 'VP'] as const)(
    'tells a %s who is not above the author that the report does not exist, and audits it',
    async (role) => {
      const stranger = await buildUser(t, { role });
      const unknown = await inject(stranger, 'GET', assigneesOf(UNKNOWN_ID));
      const res = await inject(stranger, 'GET', assigneesOf(reportId));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
      expect(unknown.json()).toEqual({ message: PANEL_MSG.reportNotFound });
      const refusals = await t.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.actorId, stranger.id),
            eq(auditLog.action, 'security.permission_refused'),
          ),
        );
      expect(refusals).toMatchObject([
        {
          entityId: reportId,
          meta: { attempted: 'report:review' },
        },
      ]);
    },
  );

  it('tells the author, and anyone about a draft, that the report does not exist', async () => {
    const draft = await buildReport(t, { user: author, weekStart: '2026-11-16' });
    for (const person of [author, admin, gerente]) {
      const res = await inject(person, 'GET', assigneesOf(draft.id));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: PANEL_MSG.reportNotFound });
    }
    expect((await inject(author, 'GET', assigneesOf(reportId))).statusCode).toBe(404);
  });

  it('offers a suspended author no more', async () => {
    const leaving = await buildUser(t, { managerId: gerente.id });
    const theirs = await buildReport(t, { user: leaving, weekStart: WEEK, status: 'ENVIADO' });
    await t.db.update(users).set({ status: 'SUSPENDIDO' }).where(eq(users.id, leaving.id));
    const res = await inject(gerente, 'GET', assigneesOf(theirs.id));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ id: string }[]>().map((p) => p.id)).not.toContain(leaving.id);
  });
});

describe('listing tasks', () => {
  it("lists a report's tasks to its readers and reviewers, and the caller's open ones", async () => {
    const board = await buildUser(t, { role: 'CONSEJO', fullName: 'Berta Consejo' });
    const open = await newTask({ assignedToId: board.id, title: 'Abierta' });
    const done = await newTask({ assignedToId: board.id, title: 'Hecha' });
    await setStatus(board, done.id, 'COMPLETADA');
    const started = await newTask({
      assignedToId: board.id,
      title: 'En curso',
      dueDate: '2026-11-19',
    });
    await setStatus(board, started.id, 'EN_PROGRESO');

    const mine = (await inject(board, 'GET', '/api/review-tasks/mine')).json() as ReviewTask[];
    expect(mine.map((m) => m.title)).toEqual(['En curso', 'Abierta']);
    expect(mine[0]?.submission).toEqual({
      id: reportId,
      authorFullName: 'Úrsula Autora',
      weekStart: WEEK,
    });
    const nobody = await buildUser(t, { role: 'USER' });
    expect((await inject(nobody, 'GET', '/api/review-tasks/mine')).json()).toEqual([]);

    for (const reader of [author, gerente, admin, board]) {
      const res = await inject(reader, 'GET', `/api/review-tasks/submission/${reportId}`);
      expect(res.statusCode).toBe(200);
      expect((res.json() as ReviewTask[]).map((r) => r.id)).toEqual(
        expect.arrayContaining([open.id, done.id, started.id]),
      );
    }
  });

  it("the panel's week counts the open tasks of each report", async () => {
    const week = (await inject(admin, 'GET', `/api/appa?weekStart=${WEEK}`)).json() as WeekResponse;
    const open = await t.db
      .select()
      .from(reviewTasks)
      .where(eq(reviewTasks.submissionId, reportId));
    expect(week.submissions.find((s) => s.id === reportId)?.openTaskCount).toBe(
      open.filter((o) => o.status === 'PENDIENTE' || o.status === 'EN_PROGRESO').length,
    );
  });
});
