import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages';
import { ABSENCE_MSG, type Absence } from '../../../common/schemas/absences';
import type { HierarchyResponse } from '../../../common/schemas/dashboard';
import type { WeekResponse } from '../../../common/schemas/panel';
import { absences, auditLog, users } from '../../db/schema';
import { countExpected } from '../../domain/expected-authors';
import { buildTestApp, buildUser, type TestApp } from '../../test/helper';
import { requestAs, UNKNOWN_ID, type Person } from '../../test/review-fixture';

let t: TestApp;
let admin: Person;
let gerente: Person;
let author: Person;
let stranger: Person;
const inject = requestAs(() => t);
const WEEK = '2026-11-16';

const record = (by: Person, payload: object) => inject(by, 'POST', '/api/absences', payload);
const expectedInArea = async (week: string) =>
  (await countExpected(t.db, [week], eq(users.unidadOrganizacional, 'Ausencias'))).get(week);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t, { role: 'ADMIN' });
  gerente = await buildUser(t, { role: 'GERENTE', fullName: 'Gina Gerente' });
  author = await buildUser(t, {
    fullName: 'Aurora Ausente',
    managerId: gerente.id,
    unidadOrganizacional: 'Ausencias',
  });
  stranger = await buildUser(t, { role: 'GERENTE' });
});
afterAll(async () => {
  await t.close();
});

describe('absences', () => {
  it('a week fully inside an absence is not expected; a week partly inside still is', async () => {
    expect(await expectedInArea(WEEK)).toBe(1);
    // Monday to Sunday of WEEK, and two days of the next one.
    const res = await record(author, {
      userId: author.id,
      from: '2026-11-16',
      to: '2026-11-24',
      reason: 'vacaciones',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      userId: author.id,
      from: '2026-11-16',
      to: '2026-11-24',
      reason: 'vacaciones',
      createdBy: { id: author.id },
    });
    expect(await expectedInArea(WEEK)).toBe(0);
    expect(await expectedInArea('2026-11-23')).toBe(1);
    expect(await expectedInArea('2026-11-09')).toBe(1);

    // Not pending in the panel's week either, and the audit log has it.
    const week = (await inject(admin, 'GET', `/api/appa?weekStart=${WEEK}`)).json() as WeekResponse;
    expect(week.pending.map((p) => p.id)).not.toContain(author.id);
    // Listed as away instead, in the panel and on the manager's team list.
    expect(week.absent.map((p) => p.id)).toEqual([author.id]);
    const previous = (
      await inject(admin, 'GET', '/api/appa?weekStart=2026-11-09')
    ).json() as WeekResponse;
    expect(previous.absent).toEqual([]);
    const team = (
      await inject(gerente, 'GET', `/api/dashboard/hierarchy?weekStart=${WEEK}`)
    ).json() as HierarchyResponse;
    expect(team.team.directReports).toMatchObject([{ id: author.id, absent: true, status: null }]);
    // Nobody in the manager's area owes this week.
    expect(team.analytics).toMatchObject({ expected: 0, pendingCount: 0 });
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'absence.created'));
    expect(row?.actorId).toBe(author.id);
  });

  it('is recorded, listed and removed by whoever reads the person’s reports, not others', async () => {
    const res = await record(gerente, {
      userId: author.id,
      from: '2026-12-01',
      to: '2026-12-03',
      reason: 'viaje',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as Absence;

    const listed = await inject(admin, 'GET', `/api/absences?userId=${author.id}&from=2026-11-30`);
    expect((listed.json() as Absence[]).map((a) => a.id)).toEqual([created.id]);

    for (const [method, url, payload] of [
      ['GET', `/api/absences?userId=${author.id}`, undefined],
      ['POST', '/api/absences', { userId: author.id, from: WEEK, to: WEEK, reason: 'otro' }],
      ['DELETE', `/api/absences/${created.id}`, undefined],
    ] as const) {
      const refused = await inject(stranger, method, url, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: MSG.forbidden });
    }
    // The author may not record one for their manager.
    const upwards = await record(author, {
      userId: gerente.id,
      from: WEEK,
      to: WEEK,
      reason: 'otro',
    });
    expect(upwards.statusCode).toBe(403);

    const removed = await inject(author, 'DELETE', `/api/absences/${created.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await t.db.select().from(absences).where(eq(absences.id, created.id))).toEqual([]);
    expect((await inject(author, 'DELETE', `/api/absences/${created.id}`)).statusCode).toBe(404);
  });

  it('leaves finished weeks to the manager and the administrator; the board only reads', async () => {
    const past = { userId: author.id, from: '2026-11-02', to: '2026-11-08', reason: 'licencia' };
    const own = await record(author, past);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: ABSENCE_MSG.pastWeeks });

    const byManager = await record(gerente, past);
    expect(byManager.statusCode, byManager.body).toBe(201);
    const created = byManager.json() as Absence;
    const removing = await inject(author, 'DELETE', `/api/absences/${created.id}`);
    expect(removing.statusCode).toBe(400);
    expect(removing.json()).toEqual({ message: ABSENCE_MSG.pastWeeks });

    const board = await buildUser(t, { role: 'CONSEJO' });
    expect((await inject(board, 'GET', `/api/absences?userId=${author.id}`)).statusCode).toBe(200);
    expect(
      (await record(board, { ...past, from: '2026-12-07', to: '2026-12-08' })).statusCode,
    ).toBe(403);
    expect((await inject(board, 'DELETE', `/api/absences/${created.id}`)).statusCode).toBe(403);
    expect((await inject(admin, 'DELETE', `/api/absences/${created.id}`)).statusCode).toBe(204);
  });

  it('refuses bad input with a Spanish message and records nothing', async () => {
    const before = await t.db.$count(absences);
    const cases: [object, string][] = [
      [
        { userId: author.id, from: '2026-12-10', to: '2026-12-01', reason: 'viaje' },
        ABSENCE_MSG.range,
      ],
      [
        { userId: author.id, from: '10/12/2026', to: '2026-12-11', reason: 'viaje' },
        ABSENCE_MSG.from,
      ],
      [
        { userId: author.id, from: '2026-12-10', to: '2026-12-11', reason: 'feriado' },
        ABSENCE_MSG.reason,
      ],
      [
        { userId: author.id, from: '2026-01-01', to: '2027-06-01', reason: 'licencia' },
        ABSENCE_MSG.tooLong,
      ],
      [{ userId: 'x', from: '2026-12-10', to: '2026-12-11', reason: 'viaje' }, ABSENCE_MSG.userId],
      // Shaped like a date, but one the database cannot hold.
      [
        { userId: author.id, from: '0000-01-01', to: '0000-01-02', reason: 'viaje' },
        MSG.unsupportedDate,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await record(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const unknown = await record(admin, {
      userId: UNKNOWN_ID,
      from: '2026-12-10',
      to: '2026-12-11',
      reason: 'viaje',
    });
    expect(unknown.statusCode).toBe(404);
    const listed = await inject(admin, 'GET', `/api/absences?userId=${author.id}&from=0000-01-01`);
    expect(listed.statusCode).toBe(400);
    expect(listed.json()).toEqual({ message: MSG.unsupportedDate });
    expect(await t.db.$count(absences)).toBe(before);
  });
});
