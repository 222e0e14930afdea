import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_MSG } from '../../../common/schemas/jobs';
import { auditLog } from '../../db/schema';
import { pauseJobs } from '../../services/jobs-pause';
import { describeAdminOnly } from '../../test/admin-only';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ jobsEnabled: true });
});
afterAll(async () => {
  await t.close();
});

const pause = () =>
  pauseJobs(t.db, {
    since: '2026-11-18T14:00:00.000Z',
    reason: 'restore',
    archiveCreatedAt: '2026-11-17T22:00:00.000Z',
  });

describeAdminOnly('the scheduled jobs calls are for administrators only', () => t, [
  ['GET', '/api/admin/jobs', undefined],
  ['POST', '/api/admin/jobs/resume', undefined],
]);

describe('scheduled jobs paused after a restore', () => {
  it('are said paused to the administrator and to readiness, and resumed once, audited', async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    const headers = await authHeader(t, admin);
    const status = () => t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers });
    const resume = () => t.app.inject({ method: 'POST', url: '/api/admin/jobs/resume', headers });
    const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });

    expect((await status()).json()).toEqual({
      state: 'running',
      pausedSince: null,
      archiveCreatedAt: null,
    });
    expect((await ready()).json()).toEqual({ status: 'ready', jobs: 'running' });

    await pause();
    expect((await status()).json()).toEqual({
      state: 'paused',
      pausedSince: '2026-11-18T14:00:00.000Z',
      archiveCreatedAt: '2026-11-17T22:00:00.000Z',
    });
    // Still ready: the instance serves; it only holds its jobs back.
    const paused = await ready();
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toEqual({ status: 'ready', jobs: 'paused' });

    const resumed = await resume();
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ state: 'running' });
    expect((await ready()).json()).toEqual({ status: 'ready', jobs: 'running' });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(audits.filter((r) => r.action === 'admin.jobs_resumed')).toMatchObject([
      { entity: 'system', meta: { pause: { reason: 'restore' } } },
    ]);

    // Nothing paused any more: a second resume is refused and writes nothing.
    const again = await resume();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: JOBS_MSG.notPaused });
    const after = await t.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(after.filter((r) => r.action === 'admin.jobs_resumed')).toHaveLength(1);
  });

  it('says jobs are off on an instance started with APPA_JOBS=0', async () => {
    const off = await buildTestApp({ jobsEnabled: false });
    try {
      const res = await off.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.json()).toEqual({ status: 'ready', jobs: 'disabled' });
    } finally {
      await off.close();
    }
  });
});
