import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LeaderWeekResponse } from '../../common/schemas/dashboard';
import type {
  ReportSummary,
  ReviewComment,
  ReviewTask,
  WeekPage,
  WeekResponse,
} from '../../common/schemas/panel';
import type { UserWithCount } from '../../common/schemas/users';
import type { AppContext } from '../context';
import { appaSubmissions, reviewComments, reviewTasks, users } from '../db/schema';
import { useOrganisation } from '../test/org-fixture';
import { withReportAbilities } from './report';

/**
 * Abilities travel with every presented report, comment, task, share and user, computed by the
 * same rules authorize() applies (policies.test.ts holds the matrix of the rules themselves).
 */
const { t, org, person, as } = useOrganisation();
const reportOf = (key: string) => org().reports[key] ?? '';

const READER = {
  review: true,
  comment: true,
  reply: true,
  share: false,
  edit: false,
  download: true,
};
/** Someone else's draft: nothing to review, comment on or download until it is sent. */
const DRAFT_READER = {
  review: false,
  comment: false,
  reply: false,
  share: false,
  edit: false,
  download: false,
};
const abilitiesOf = (s: Pick<ReportSummary, 'status'>) =>
  s.status === 'BORRADOR' ? DRAFT_READER : READER;

describe('report abilities', () => {
  it('come with every report of the organisation’s week and its pages', async () => {
    const week = (await as(person('admin'), 'GET', '/api/appa')).json<WeekResponse>();
    expect(week.submissions.length).toBeGreaterThan(10);
    expect(week.submissions.some((s) => s.status === 'BORRADOR')).toBe(true);
    for (const s of week.submissions) expect(s.abilities).toEqual(abilitiesOf(s));
    const page = (await as(person('consejo'), 'GET', '/api/appa/week')).json<WeekPage>();
    for (const s of page.submissions) expect(s.abilities).toEqual(abilitiesOf(s));
  });

  it('follow the viewer: a VP reviews the area, its author only reads and downloads', async () => {
    const area = (await as(person('vp1'), 'GET', '/api/appa')).json<WeekResponse>();
    const ofU1 = area.submissions.find((s) => s.id === reportOf('u1'));
    expect(ofU1?.abilities).toEqual(READER);
    const own = (
      await as(person('u1'), 'GET', `/api/appa/${reportOf('u1')}`)
    ).json<ReportSummary>();
    // The author answers the comments on their sent report, and comments no other way.
    expect(own.abilities).toEqual({
      review: false,
      comment: false,
      reply: true,
      share: false,
      edit: false,
      download: true,
    });
    const history = await as(
      person('g1'),
      'GET',
      `/api/appa/history?userId=${person('u1').id}&from=2026-11-02&to=2026-11-16`,
    );
    // This week's and last week's reports.
    expect(history.json<ReportSummary[]>().map((s) => s.abilities)).toEqual([READER, READER]);
  });

  it('give the leader their own report to share and a shared one to comment', async () => {
    const shared = await as(person('l1'), 'POST', `/api/appa/${reportOf('l1')}/share`, {
      sharedWithId: person('l5').id,
      permission: 'comment',
    });
    expect(shared.statusCode).toBe(201);
    const mine = (await as(person('l1'), 'GET', '/api/appa')).json<LeaderWeekResponse>();
    expect(mine.own?.abilities).toEqual({
      review: false,
      comment: false,
      reply: true,
      share: true,
      edit: false,
      download: true,
    });
    expect(mine.ownShares.map((s) => s.abilities)).toEqual([{ revoke: true }]);
    const peer = (await as(person('l5'), 'GET', '/api/appa')).json<LeaderWeekResponse>();
    expect(peer.shared.map((s) => [s.id, s.abilities, s.share.abilities])).toEqual([
      [
        reportOf('l1'),
        { review: false, comment: true, reply: true, share: false, edit: false, download: true },
        { revoke: false },
      ],
    ]);
  });

  it('keep the organisation’s week one answer for its readers, but not for one who wrote', async () => {
    const etagOf = async (key: string) => (await as(person(key), 'GET', '/api/appa')).headers.etag;
    expect(await etagOf('admin')).toBe(await etagOf('consejo'));

    const saved = await as(person('consejo'), 'POST', '/api/appa', {
      avances: 'Notas del consejo',
      planes: '',
      problemas: '',
      ayuda: '',
      status: 'BORRADOR',
    });
    expect(saved.statusCode).toBe(200);
    const ofConsejo = async (key: string) =>
      (await as(person(key), 'GET', '/api/appa'))
        .json<WeekResponse>()
        .submissions.find((s) => s.userId === person('consejo').id)?.abilities;
    // Their own draft: theirs to edit and download, nobody's to review until it is sent.
    expect(await ofConsejo('consejo')).toEqual({
      ...READER,
      review: false,
      comment: false,
      reply: false,
      edit: true,
    });
    expect(await ofConsejo('admin')).toEqual(DRAFT_READER);
    expect(await etagOf('admin')).not.toBe(await etagOf('consejo'));
    const pageOf = async (key: string) =>
      (await as(person(key), 'GET', '/api/appa/week?q=consejo')).json<WeekPage>().submissions;
    expect((await pageOf('consejo')).map((s) => s.abilities.edit)).toEqual([true]);
    expect((await pageOf('admin')).map((s) => s.abilities.edit)).toEqual([false]);
    await t()
      .db.delete(appaSubmissions)
      .where(eq(appaSubmissions.userId, person('consejo').id));
    t().ctx.readCache.invalidate();
  });

  it('are computed for a list in the same statements whatever its length', async () => {
    let selects = 0;
    const counting: AppContext = {
      ...t().ctx,
      db: new Proxy(t().ctx.db, {
        get(target, property, receiver) {
          if (property === 'select') selects += 1;
          return Reflect.get(target, property, receiver);
        },
      }),
    };
    const statementsFor = async (keys: string[]) => {
      const rows = await t()
        .db.select({
          id: appaSubmissions.id,
          userId: appaSubmissions.userId,
          status: appaSubmissions.status,
        })
        .from(appaSubmissions)
        .where(inArray(appaSubmissions.id, keys.map(reportOf)));
      selects = 0;
      const viewed = await withReportAbilities(counting, person('vp1'), rows);
      expect(viewed).toHaveLength(keys.length);
      return selects;
    };
    const one = await statementsFor(['u1']);
    const many = await statementsFor(['u1', 'u2', 'u3', 'u4', 'l1', 'l2', 'g1', 'g2', 'u9', 'l5']);
    expect(one).toBeLessThanOrEqual(2);
    expect(many).toBe(one);
  });
});

describe('comment, task and user abilities', () => {
  it('let only a comment’s author edit it', async () => {
    const added = await as(person('g1'), 'POST', `/api/appa/${reportOf('u1')}/comments`, {
      comment: 'Buen avance',
    });
    expect(added.json<ReviewComment>().abilities).toEqual({ edit: true, reply: true });
    const seen = await as(person('vp1'), 'GET', `/api/appa/${reportOf('u1')}/comments`);
    expect(seen.json<ReviewComment[]>().map((c) => c.abilities)).toEqual([
      { edit: false, reply: true },
    ]);
    await t().db.delete(reviewComments);
  });

  it('let a task’s assignee and creator move it, nobody else', async () => {
    const created = await as(person('g1'), 'POST', '/api/review-tasks', {
      submissionId: reportOf('u1'),
      title: 'Completar el KPI',
      assignedToId: person('consejo').id,
    });
    expect(created.json<ReviewTask>().abilities).toEqual({ updateStatus: true });
    const mine = await as(person('consejo'), 'GET', '/api/review-tasks/mine');
    expect(mine.json<ReviewTask[]>().map((task) => task.abilities)).toEqual([
      { updateStatus: true },
    ]);
    const read = await as(person('vp1'), 'GET', `/api/review-tasks/submission/${reportOf('u1')}`);
    expect(read.json<ReviewTask[]>().map((task) => task.abilities)).toEqual([
      { updateStatus: false },
    ]);
    await t().db.delete(reviewTasks);
  });

  it('tell the administrator what they may do to each person of the users table', async () => {
    await t()
      .db.update(users)
      .set({ status: 'SUSPENDIDO' })
      .where(eq(users.id, person('u16').id));
    t().ctx.readCache.invalidate();
    const list = await as(person('admin'), 'GET', '/api/users/with-counts');
    const abilitiesOf = (key: string) =>
      list.json<UserWithCount[]>().find((u) => u.id === person(key).id)?.abilities;
    expect(abilitiesOf('admin')).toEqual({
      edit: true,
      suspend: false,
      resetPassword: true,
      remind: true,
      unblockSignIn: false,
    });
    expect(abilitiesOf('u1')).toEqual({
      edit: true,
      suspend: true,
      resetPassword: true,
      remind: true,
      unblockSignIn: false,
    });
    expect(abilitiesOf('u16')).toMatchObject({ remind: false });
    const changed = await as(person('admin'), 'PUT', `/api/users/${person('u16').id}/status`, {
      status: 'ACTIVO',
    });
    expect(changed.json()).toMatchObject({ user: { abilities: { remind: true } } });
  });
});
