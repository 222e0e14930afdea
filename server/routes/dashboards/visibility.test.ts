import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HierarchyResponse, LeaderWeekResponse } from '../../../common/schemas/dashboard';
import type { WeekResponse } from '../../../common/schemas/panel';
import { appaFiles, auditLog } from '../../db/schema';
import { sorted, THIS_WEEK, useOrganisation } from '../../test/org-fixture';

const { t, org, person, as } = useOrganisation();
const reportKeys = () => Object.keys(org().reports);

/** The reports `viewer` reads by the visibility rules, computed from the fixture's shape. */
function readable(viewer: string): string[] {
  if (viewer === 'consejo' || viewer === 'admin') return sorted(reportKeys());
  const area = new Set([viewer, ...org().below(viewer)]);
  return sorted(reportKeys().filter((k) => area.has(k)));
}

/** The reports whose content (text, files) `viewer` reads: a draft is its author's alone. */
const contentReadable = (viewer: string) =>
  readable(viewer).filter((k) => k === viewer || !org().drafts.has(k));

const VIEWERS = ['consejo', 'admin', 'vp1', 'vp2', 'g1', 'g4', 'l1', 'l8', 'u1', 'u16'] as const;

describe('the visibility matrix', () => {
  it('spells out a few areas literally', () => {
    expect(readable('g1')).toEqual(sorted(['g1', 'l1', 'l2', 'u1', 'u2', 'u3', 'u4']));
    expect(readable('l8')).toEqual(sorted(['l8', 'u15']));
    expect(readable('u1')).toEqual(['u1']);
    expect(readable('vp2')).toHaveLength(14);
  });

  it.each(VIEWERS)('GET /api/appa/:id answers %s exactly for the reports they read', async (v) => {
    const allowed = new Set(readable(v));
    const seen: string[] = [];
    for (const key of reportKeys()) {
      const res = await as(person(v), 'GET', `/api/appa/${org().reports[key]}`);
      expect([200, 403]).toContain(res.statusCode);
      if (res.statusCode === 200) seen.push(key);
    }
    expect(sorted(seen)).toEqual(sorted(allowed));
  });

  it.each(VIEWERS)('the files of a report follow its visibility for %s', async (v) => {
    const allowed = new Set(contentReadable(v));
    for (const key of ['vp1', 'g1', 'g3', 'l1', 'l8', 'u1', 'u14']) {
      const id = org().reports[key];
      if (!id) continue;
      const list = await as(person(v), 'GET', `/api/files/submission/${id}`);
      expect(list.statusCode, `${v} → files of ${key}`).toBe(allowed.has(key) ? 200 : 403);
      // l8's draft has no file; every sent report has one.
      if (allowed.has(key)) expect(list.json()).toHaveLength(key === 'l8' ? 0 : 1);
      const [file] = await t().db.select().from(appaFiles).where(eq(appaFiles.submissionId, id));
      if (!file || allowed.has(key)) continue;
      const download = await as(person(v), 'GET', `/api/files/download/${file.id}`);
      expect(download.statusCode).toBe(403);
    }
  });

  it.each(VIEWERS)('comments, tasks and the text download follow it for %s', async (v) => {
    const allowed = new Set(readable(v));
    for (const key of ['g2', 'l3', 'u5']) {
      const id = org().reports[key];
      const expected = allowed.has(key) ? 200 : 403;
      expect((await as(person(v), 'GET', `/api/appa/${id}/comments`)).statusCode).toBe(expected);
      expect((await as(person(v), 'GET', `/api/review-tasks/submission/${id}`)).statusCode).toBe(
        expected,
      );
      expect((await as(person(v), 'GET', `/api/appa/${id}/download`)).statusCode).toBe(expected);
    }
  });

  it('the zip export is all or nothing for a manager', async () => {
    // Last week's reports carry no files.
    const mine = `ids=${org().lastWeek.l1},${org().lastWeek.u1}`;
    const mixed = `ids=${org().lastWeek.l1},${org().lastWeek.l3}`;
    expect((await as(person('g1'), 'GET', `/api/appa/export/zip?${mine}`)).statusCode).toBe(200);
    expect((await as(person('g1'), 'GET', `/api/appa/export/zip?${mixed}`)).statusCode).toBe(403);
  });

  it.each(VIEWERS)('a zip of every report %s reads is given, one more is refused', async (v) => {
    const allowed = contentReadable(v);
    const ids = (keys: readonly string[]) => `ids=${keys.map((k) => org().reports[k]).join(',')}`;
    // u16 has no report of its own this week: nothing to zip alone.
    if (allowed.length > 0) {
      const zip = await as(person(v), 'GET', `/api/appa/export/zip?${ids(allowed)}`);
      expect(zip.statusCode).toBe(200);
    }
    const outside = reportKeys().find((k) => !allowed.includes(k));
    if (!outside) return;
    const mixed = await as(person(v), 'GET', `/api/appa/export/zip?${ids([...allowed, outside])}`);
    expect(mixed.statusCode).toBe(403);
  });

  it('a draft shows that it exists, never its content, to anyone but its author', async () => {
    // g4's draft this week: vp2 is above g4, the board reads everything.
    const id = org().reports.g4 ?? '';
    const secret = 'Avances de g4';
    const blank = {
      status: 'BORRADOR',
      avances: '',
      planes: '',
      kpiNombre: '',
      kpiMetaPct: null,
      kpiLogroPct: null,
      fileCount: 0,
    };
    for (const v of ['vp2', 'consejo', 'admin']) {
      const one = await as(person(v), 'GET', `/api/appa/${id}`);
      expect(one.statusCode, v).toBe(200);
      expect(one.json(), v).toMatchObject(blank);
      for (const url of [
        `/api/appa?weekStart=${THIS_WEEK}`,
        `/api/appa/week?weekStart=${THIS_WEEK}&status=borradores`,
        `/api/appa/history?userId=${person('g4').id}&from=2026-11-02&to=2026-11-16`,
      ]) {
        const res = await as(person(v), 'GET', url);
        expect(res.statusCode, `${v} ${url}`).toBe(200);
        expect(res.body, `${v} ${url}`).toContain(id);
        expect(res.body, `${v} ${url}`).not.toContain(secret);
      }
      // Its content and files are refused; its (empty) comments and tasks are not.
      for (const url of [`/api/appa/${id}/download`, `/api/files/submission/${id}`]) {
        expect((await as(person(v), 'GET', url)).statusCode, `${v} ${url}`).toBe(403);
      }
      const zip = await as(person(v), 'GET', `/api/appa/export/zip?ids=${id}`);
      expect(zip.statusCode, v).toBe(403);
      expect((await as(person(v), 'GET', `/api/appa/${id}/comments`)).statusCode).toBe(200);
      const comment = await as(person(v), 'POST', `/api/appa/${id}/comments`, { comment: 'Ojo' });
      expect(comment.statusCode, v).toBe(403);
      const review = await as(person(v), 'POST', `/api/appa/${id}/review`, { notes: 'Bien' });
      expect(review.statusCode, v).toBe(403);
    }
    for (const url of [
      `/api/reports/weekly?weekStart=${THIS_WEEK}&format=csv`,
      `/api/reports/weekly?weekStart=${THIS_WEEK}&format=txt`,
      `/api/reports/custom?from=${THIS_WEEK}&to=${THIS_WEEK}&format=csv`,
      `/api/reports/kpi?from=${THIS_WEEK}&to=${THIS_WEEK}&format=csv`,
    ]) {
      const res = await as(person('admin'), 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(secret);
      expect(res.body, url).not.toContain('KPI g4');
    }
    // Its author reads it whole, as the leader's own week shows it.
    const own = await as(person('g4'), 'GET', `/api/appa/${id}`);
    expect(own.json()).toMatchObject({ status: 'BORRADOR', avances: secret, kpiNombre: 'KPI g4' });
    expect((await as(person('g4'), 'GET', `/api/appa/${id}/download`)).statusCode).toBe(200);
  });

  it('audits a refused read', async () => {
    const res = await as(person('l1'), 'GET', `/api/appa/${org().reports.l3}`);
    expect(res.statusCode).toBe(403);
    const rows = await t()
      .db.select()
      .from(auditLog)
      .where(
        and(eq(auditLog.actorId, person('l1').id), eq(auditLog.entityId, org().reports.l3 ?? '')),
      );
    expect(rows.map((r) => r.action)).toContain('security.permission_refused');
  });

  it('a manager above the author may comment; a leader on a peer may not', async () => {
    const comment = { comment: 'Buen avance' };
    expect(
      (await as(person('g1'), 'POST', `/api/appa/${org().reports.u1}/comments`, comment))
        .statusCode,
    ).toBe(201);
    expect(
      (await as(person('l2'), 'POST', `/api/appa/${org().reports.u1}/comments`, comment))
        .statusCode,
    ).toBe(403);
  });
});

describe('GET /api/appa by role', () => {
  const week = (v: string) => as(person(v), 'GET', `/api/appa?weekStart=${THIS_WEEK}`);

  it('a USER gets 403', async () => {
    expect((await week('u1')).statusCode).toBe(403);
  });

  it.each(['consejo', 'admin', 'vp1', 'vp2', 'g1', 'g4'])(
    '%s gets the week of exactly the reports of their area',
    async (v) => {
      const res = await week(v);
      expect(res.statusCode).toBe(200);
      const body = res.json<WeekResponse>();
      const area =
        v === 'consejo' || v === 'admin' ? readable(v) : readable(v).filter((k) => k !== v);
      expect(sorted(body.submissions.map((s) => org().keyOf(s.userId)))).toEqual(area);
      const expectedPending = (
        v === 'consejo' || v === 'admin' ? Object.keys(org().people) : org().below(v)
      )
        .filter((k) => !['consejo', 'admin'].includes(k))
        .filter((k) => !org().reports[k] || ['u15', 'l8', 'g4'].includes(k));
      expect(sorted(body.pending.map((p) => org().keyOf(p.id)))).toEqual(sorted(expectedPending));
      expect(body.counts.sent + body.counts.pending).toBe(body.counts.expected);
    },
  );

  it.each(['l1', 'l8'])('%s gets their own report and nothing shared', async (v) => {
    const res = await week(v);
    expect(res.statusCode).toBe(200);
    const body = res.json<LeaderWeekResponse>();
    expect(body.own?.id).toBe(org().reports[v]);
    expect(body.own?.status).toBe(v === 'l8' ? 'BORRADOR' : 'ENVIADO');
    expect(body.shared).toEqual([]);
    expect(body.ownShares).toEqual([]);
  });
});

describe('GET /api/dashboard/hierarchy by role', () => {
  const hierarchy = (v: string) =>
    as(person(v), 'GET', `/api/dashboard/hierarchy?weekStart=${THIS_WEEK}`);

  it('answers 401 signed out and 403 to a USER, audited', async () => {
    expect((await as(null, 'GET', '/api/dashboard/hierarchy')).statusCode).toBe(401);
    expect((await hierarchy('u2')).statusCode).toBe(403);
    const rows = await t()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.actorId, person('u2').id));
    expect(rows.map((r) => r.action)).toContain('security.permission_refused');
  });

  it('gives a VP their direct reports and the counts of their whole area', async () => {
    const body = (await hierarchy('vp2')).json<HierarchyResponse>();
    expect(body.weekStart).toBe(THIS_WEEK);
    expect(sorted(body.team.directReports.map((m) => org().keyOf(m.id)))).toEqual(['g3', 'g4']);
    expect(body.hierarchy).toEqual({ allReports: org().below('vp2').length, directReports: 2 });
    // Not everyone below, level by level: nothing shows it, and at 50,000 people it was most of
    // the answer. The area's people are in the week's pages.
    expect(body.team).not.toHaveProperty('members');
    // 14 expected: u16 pending; u15, l8, g4 drafts.
    expect(body.analytics).toMatchObject({
      totalSubmissions: 13,
      submittedCount: 10,
      draftCount: 3,
      expected: 14,
      pendingCount: 4,
      completionRate: 71,
    });
    expect(body.analytics.byRole).toEqual([
      { role: 'GERENTE', total: 2, sent: 1, drafts: 1 },
      { role: 'LIDER', total: 4, sent: 3, drafts: 1 },
      { role: 'USER', total: 8, sent: 6, drafts: 1 },
    ]);
    expect(body.team.managerChain).toEqual([]);
  });

  it('gives a GERENTE their leaders and below, with the chain above', async () => {
    const body = (await hierarchy('g1')).json<HierarchyResponse>();
    expect(sorted(body.team.directReports.map((m) => org().keyOf(m.id)))).toEqual(['l1', 'l2']);
    expect(body.hierarchy).toEqual({ allReports: 6, directReports: 2 });
    expect(body.analytics).toMatchObject({ expected: 6, submittedCount: 6, completionRate: 100 });
    expect(body.team.managerChain.map((m) => org().keyOf(m.id))).toEqual(['vp1']);
    const l1 = body.team.directReports.find((m) => m.id === person('l1').id);
    expect(l1).toMatchObject({ status: 'ENVIADO', submissionId: org().reports.l1 });
    expect(l1?.submittedAt).toBe(`${THIS_WEEK}T15:00:00.000Z`);
  });

  it('counts a LIDER’s own report with their team, and shows their chain of command', async () => {
    const body = (await hierarchy('l8')).json<HierarchyResponse>();
    expect(sorted(body.team.directReports.map((m) => org().keyOf(m.id)))).toEqual(['u15', 'u16']);
    expect(body.analytics).toMatchObject({
      expected: 3,
      submittedCount: 0,
      draftCount: 2,
      pendingCount: 3,
      completionRate: 0,
    });
    expect(body.team.managerChain.map((m) => org().keyOf(m.id))).toEqual(['g4', 'vp2']);
  });

  it.each(['consejo', 'admin'])('gives %s the whole organisation', async (v) => {
    const body = (await hierarchy(v)).json<HierarchyResponse>();
    expect(body.hierarchy.allReports).toBe(Object.keys(org().people).length - 1);
    // Not the organisation's list of people: the board searches GET /api/dashboard/people.
    expect(body.team).not.toHaveProperty('members');
    // Nobody reports to the board here: the top of the organisation are its direct reports.
    const top = ['consejo', 'admin', 'vp1', 'vp2'].filter((k) => k !== v);
    expect(sorted(body.team.directReports.map((m) => org().keyOf(m.id)))).toEqual(sorted(top));
    expect(body.analytics).toMatchObject({
      expected: 30,
      totalSubmissions: 29,
      submittedCount: 26,
      draftCount: 3,
      pendingCount: 4,
      completionRate: 87,
    });
  });
});
