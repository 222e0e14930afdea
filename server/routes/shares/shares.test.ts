import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_MSG,
  type LeaderWeekResponse,
  type Share,
} from '../../../common/schemas/dashboard';
import { PANEL_MSG, type ReviewComment } from '../../../common/schemas/panel';
import { auditLog, users } from '../../db/schema';
import { buildUser } from '../../test/helper';
import { UNKNOWN_ID } from '../../test/review-fixture';
import { THIS_WEEK, useOrganisation } from '../../test/org-fixture';

const { t, org, person, as } = useOrganisation();
const reportOf = (key: string) => org().reports[key] ?? UNKNOWN_ID;
const share = (by: string, report: string, payload: object) =>
  as(person(by), 'POST', `/api/appa/${reportOf(report)}/share`, payload);
const read = (v: string, report: string) => as(person(v), 'GET', `/api/appa/${reportOf(report)}`);
const comment = (v: string, report: string) =>
  as(person(v), 'POST', `/api/appa/${reportOf(report)}/comments`, { comment: 'Buen trabajo' });
const auditActions = async (actor: string) =>
  (
    await t()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.actorId, person(actor).id))
  ).map((r) => r.action);

describe('POST /api/appa/:id/share', () => {
  it('answers 401 signed out and 404 for an unknown report', async () => {
    const res = await as(null, 'POST', `/api/appa/${reportOf('l1')}/share`, {});
    expect(res.statusCode).toBe(401);
    const unknown = await as(person('l1'), 'POST', `/api/appa/${UNKNOWN_ID}/share`, {
      sharedWithId: person('l2').id,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses someone else’s report, audited', async () => {
    const res = await share('l2', 'l1', { sharedWithId: person('l4').id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(DASHBOARD_MSG.shareOnlyOwn);
    expect(await auditActions('l2')).toContain('security.permission_refused');
  });

  it('refuses a USER sharing their own report', async () => {
    const res = await share('u1', 'u1', { sharedWithId: person('u2').id });
    expect(res.statusCode).toBe(403);
  });

  it('shares a sent report with a peer leader: 201, the share, audited', async () => {
    const res = await share('l1', 'l1', { sharedWithId: person('l3').id });
    expect(res.statusCode).toBe(201);
    const body = res.json<Share>();
    expect(body).toMatchObject({
      submissionId: reportOf('l1'),
      sharedBy: { id: person('l1').id, fullName: person('l1').fullName },
      sharedWith: { id: person('l3').id, fullName: person('l3').fullName },
      permission: 'read',
      expiresAt: null,
    });
    expect(await auditActions('l1')).toContain('share.created');
  });

  it('refuses a draft', async () => {
    const res = await share('l8', 'l8', { sharedWithId: person('l1').id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DASHBOARD_MSG.shareOnlySent);
  });

  it.each(['u1', 'g1', 'vp1'])('refuses a non-peer (%s)', async (target) => {
    const res = await share('l1', 'l1', { sharedWithId: person(target).id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DASHBOARD_MSG.shareOnlyPeers);
  });

  it('refuses a suspended leader and an unknown person', async () => {
    const suspended = await buildUser(t(), { role: 'LIDER', status: 'SUSPENDIDO' });
    for (const sharedWithId of [suspended.id, UNKNOWN_ID]) {
      const res = await share('l1', 'l1', { sharedWithId });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(DASHBOARD_MSG.shareOnlyPeers);
    }
  });

  it('refuses oneself', async () => {
    const res = await share('l1', 'l1', { sharedWithId: person('l1').id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(DASHBOARD_MSG.shareSelf);
  });

  it('refuses a second share of the same report with the same peer', async () => {
    expect((await share('l2', 'l2', { sharedWithId: person('l4').id })).statusCode).toBe(201);
    const again = await share('l2', 'l2', { sharedWithId: person('l4').id, permission: 'comment' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DASHBOARD_MSG.shareDuplicate);
  });

  it('validates the body in Spanish', async () => {
    const cases: [object, string][] = [
      [{}, DASHBOARD_MSG.peerRequired],
      [{ sharedWithId: person('l5').id, permission: 'write' }, DASHBOARD_MSG.invalidPermission],
      [{ sharedWithId: person('l5').id, expiresAt: 'mañana' }, DASHBOARD_MSG.invalidExpiry],
      [
        { sharedWithId: person('l5').id, expiresAt: '2026-11-01T00:00:00Z' },
        DASHBOARD_MSG.invalidExpiry,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await share('l1', 'l1', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('lets GERENTE share with another GERENTE (same role as the author)', async () => {
    expect((await share('g1', 'g1', { sharedWithId: person('g3').id })).statusCode).toBe(201);
    expect((await read('g3', 'g1')).statusCode).toBe(200);
  });
});

describe('what a share grants', () => {
  it('read: the peer reads the report, its files and comments, but may not comment', async () => {
    await share('l5', 'l5', { sharedWithId: person('l6').id, permission: 'read' });
    expect((await read('l6', 'l5')).statusCode).toBe(200);
    const files = await as(person('l6'), 'GET', `/api/files/submission/${reportOf('l5')}`);
    expect(files.statusCode).toBe(200);
    const comments = await as(person('l6'), 'GET', `/api/appa/${reportOf('l5')}/comments`);
    expect(comments.statusCode).toBe(200);
    expect((await comment('l6', 'l5')).statusCode).toBe(403);
    // The peer downloads it, alone or in a zip with their own, but not with one still unshared.
    const zip = (ids: string) => as(person('l6'), 'GET', `/api/appa/export/zip?ids=${ids}`);
    expect((await zip(`${reportOf('l5')},${reportOf('l6')}`)).statusCode).toBe(200);
    expect((await zip(`${reportOf('l5')},${reportOf('l7')}`)).statusCode).toBe(403);
    // Nobody else gains anything.
    expect((await read('l7', 'l5')).statusCode).toBe(403);
  });

  it('comment: the peer comments', async () => {
    await share('l6', 'l6', { sharedWithId: person('l5').id, permission: 'comment' });
    expect((await comment('l5', 'l6')).statusCode).toBe(201);
  });

  it('shows on both leaders’ week: ownShares for the author, shared for the peer', async () => {
    await share('l7', 'l7', { sharedWithId: person('l1').id, permission: 'comment' });
    const peer = await as(person('l1'), 'GET', `/api/appa?weekStart=${THIS_WEEK}`);
    const shared = peer.json<LeaderWeekResponse>().shared;
    expect(shared.map((s) => s.id)).toEqual([reportOf('l7')]);
    expect(shared[0]?.share).toMatchObject({
      permission: 'comment',
      sharedBy: { id: person('l7').id },
    });
    const author = await as(person('l7'), 'GET', `/api/appa?weekStart=${THIS_WEEK}`);
    const own = author.json<LeaderWeekResponse>().ownShares;
    expect(own.map((s) => s.sharedWith.id)).toEqual([person('l1').id]);
    // Another week shows nothing shared.
    const other = await as(person('l1'), 'GET', '/api/appa?weekStart=2026-11-02');
    expect(other.json<LeaderWeekResponse>().shared).toEqual([]);
    // view=own gives the same to the leader, and the leader's view to anyone (ADMIN on /lider).
    const explicit = await as(person('l1'), 'GET', `/api/appa?weekStart=${THIS_WEEK}&view=own`);
    expect(explicit.json()).toEqual(peer.json());
    const admin = await as(person('admin'), 'GET', `/api/appa?weekStart=${THIS_WEEK}&view=own`);
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ own: null, ownShares: [], shared: [] });
    const bad = await as(person('l1'), 'GET', `/api/appa?weekStart=${THIS_WEEK}&view=all`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: PANEL_MSG.invalidView });
  });

  it('ends when it expires', async () => {
    const expiresAt = new Date(t().clock.current.getTime() + 30 * 60_000).toISOString();
    const res = await share('l3', 'l3', { sharedWithId: person('l2').id, expiresAt });
    expect(res.statusCode).toBe(201);
    expect((await read('l2', 'l3')).statusCode).toBe(200);
    t().clock.advance(31 * 60_000);
    expect((await read('l2', 'l3')).statusCode).toBe(403);
    const week = await as(person('l2'), 'GET', `/api/appa?weekStart=${THIS_WEEK}`);
    expect(week.json<LeaderWeekResponse>().shared).toEqual([]);
    const author = await as(person('l3'), 'GET', `/api/appa?weekStart=${THIS_WEEK}`);
    expect(author.json<LeaderWeekResponse>().ownShares).toEqual([]);
  });
});

describe('listing and revoking shares', () => {
  it('lists a report’s shares to its author and ADMIN only', async () => {
    const url = `/api/appa/${reportOf('l1')}/shares`;
    const mine = await as(person('l1'), 'GET', url);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<Share[]>().map((s) => s.sharedWith.id)).toContain(person('l3').id);
    expect((await as(person('admin'), 'GET', url)).statusCode).toBe(200);
    expect((await as(person('l3'), 'GET', url)).statusCode).toBe(403);
  });

  it('revokes: only the sharer or ADMIN, then the peer no longer reads, audited', async () => {
    const created = await share('l4', 'l4', { sharedWithId: person('l8').id });
    const { id } = created.json<Share>();
    expect((await read('l8', 'l4')).statusCode).toBe(200);
    expect((await as(person('l8'), 'DELETE', `/api/appa/shares/${id}`)).statusCode).toBe(403);
    expect((await as(person('l4'), 'DELETE', `/api/appa/shares/${id}`)).statusCode).toBe(204);
    expect((await read('l8', 'l4')).statusCode).toBe(403);
    expect((await as(person('l4'), 'DELETE', `/api/appa/shares/${id}`)).statusCode).toBe(404);
    expect(await auditActions('l4')).toContain('share.revoked');
    // Revoked, it may be shared again.
    expect((await share('l4', 'l4', { sharedWithId: person('l8').id })).statusCode).toBe(201);
  });

  it('a revoked peer may no longer edit what they commented, nor is offered to', async () => {
    const created = await share('l3', 'l3', {
      sharedWithId: person('l7').id,
      permission: 'comment',
    });
    const { id } = created.json<Share>();
    const written = await comment('l7', 'l3');
    expect(written.statusCode).toBe(201);
    const edit = () =>
      as(person('l7'), 'PUT', `/api/appa/comments/${written.json<ReviewComment>().id}`, {
        comment: 'Corregido',
      });
    expect((await edit()).statusCode).toBe(200);

    expect((await as(person('l3'), 'DELETE', `/api/appa/shares/${id}`)).statusCode).toBe(204);
    expect((await edit()).statusCode).toBe(403);
    // The author still reads the thread; the peer's comment there is no longer editable by anyone.
    const thread = await as(person('l3'), 'GET', `/api/appa/${reportOf('l3')}/comments`);
    expect(thread.json<ReviewComment[]>().map((c) => c.abilities.edit)).toEqual([false]);
  });

  it('ADMIN revokes anyone’s share', async () => {
    const created = await share('l2', 'l2', { sharedWithId: person('l1').id });
    const { id } = created.json<Share>();
    expect((await as(person('admin'), 'DELETE', `/api/appa/shares/${id}`)).statusCode).toBe(204);
  });
});

describe('GET /api/users/same-role', () => {
  it('gives a leader the other active leaders by name, and refuses a USER', async () => {
    await t()
      .db.update(users)
      .set({ status: 'SUSPENDIDO' })
      .where(eq(users.id, person('l7').id));
    const res = await as(person('l1'), 'GET', '/api/users/same-role');
    expect(res.statusCode).toBe(200);
    const peers = res.json<{ id: string; fullName: string }[]>();
    expect(peers.map((p) => org().keyOf(p.id))).toEqual(['l2', 'l3', 'l4', 'l5', 'l6', 'l8']);
    expect(Object.keys(peers[0] ?? {}).sort()).toEqual(
      ['cargo', 'fullName', 'id', 'unidadOrganizacional'].sort(),
    );
    await t()
      .db.update(users)
      .set({ status: 'ACTIVO' })
      .where(eq(users.id, person('l7').id));
    expect((await as(person('u1'), 'GET', '/api/users/same-role')).statusCode).toBe(403);
    const managers = await as(person('g1'), 'GET', '/api/users/same-role');
    expect(managers.json<{ id: string }[]>().map((p) => org().keyOf(p.id))).toEqual([
      'g2',
      'g3',
      'g4',
    ]);
    expect((await as(null, 'GET', '/api/users/same-role')).statusCode).toBe(401);
  });
});
