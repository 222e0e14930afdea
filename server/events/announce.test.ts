import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../db/schema';
import { registeredRoutes } from '../plugins/route-facts';
import { buildTestApp, buildUser, type TestApp } from '../test/helper';
import { announce, announcing } from './announce';
import { EVENTS, type DomainEvent, type ReportAbout } from './catalogue';

/**
 * Write routes whose successful write still records an audit row by calling `audit()` itself, so
 * that nothing but the row follows. Each moves to the event path by declaring its events; the list
 * only shrinks.
 */
const NOT_YET_ANNOUNCED = [
  'POST /api/auth/change-password',
  'POST /api/auth/verify-email',
  'PATCH /api/users/:id',
  'PUT /api/users/:id/password',
  'DELETE /api/users/:id/sign-in-throttle',
  'POST /api/absences',
  'DELETE /api/absences/:id',
  'PUT /api/settings',
  'POST /api/reminders/send',
  'POST /api/mail/queue/:id/retry',
  'POST /api/admin/jobs/resume',
  'POST /api/tokens',
  'DELETE /api/tokens/:id',
  'POST /api/webhooks',
  'DELETE /api/webhooks/:id',
  'POST /api/webhooks/:id/reactivate',
  'POST /api/webhooks/deliveries/:id/retry',
];

/**
 * Write routes that change no domain thing: they sign in or out (the audit rows they write are
 * records of access, not changes), change only what the person alone sees, or store a file's bytes
 * before any report links them.
 */
const NO_DOMAIN_CHANGE = [
  'POST /api/auth/login',
  'POST /api/auth/login-username',
  'POST /api/logout',
  'POST /api/auth/magic-link',
  'POST /api/auth/verify-magic-link',
  'POST /api/demo/login',
  'POST /api/me/notifications/read',
  'PUT /api/me/preferences',
  'POST /api/objects/upload',
  'PUT /api/objects/upload/:id',
  'POST /api/reminders/preview',
  'POST /api/webhooks/:id/ping',
];

const REPORT: ReportAbout = {
  id: randomUUID(),
  userId: randomUUID(),
  status: 'ENVIADO',
  weekStart: '2026-11-16',
};

let t: TestApp;
let actor: { id: string; fullName: string };

beforeAll(async () => {
  t = await buildTestApp();
  actor = await buildUser(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
});

/** A revoked share of a report nobody reads: an event with an audit row and a cache change. */
const revoked = (): DomainEvent => ({
  name: 'share.revoked',
  actor,
  report: { ...REPORT },
  share: { id: randomUUID(), sharedWithId: randomUUID() },
  at: t.ctx.clock(),
});

const auditRowsOf = (entityId: string) =>
  t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));

describe('the event path', () => {
  it('writes the audit row with the change and forgets what it changed once committed', async () => {
    const invalidate = vi.spyOn(t.ctx.readCache, 'invalidate');
    const event = revoked();
    await announcing(t.ctx, t.app.log, async (tx) => {
      await announce(tx, event);
      // Not before the write commits.
      expect(invalidate).not.toHaveBeenCalled();
    });
    expect(invalidate).toHaveBeenCalledWith(
      { reports: [{ userId: REPORT.userId, weekStart: REPORT.weekStart }] },
      actor.id,
    );
    const shareId = event.name === 'share.revoked' ? event.share.id : '';
    expect(await auditRowsOf(shareId)).toMatchObject([
      { action: 'share.revoked', actorId: actor.id, entity: 'lateral_sharing' },
    ]);
    invalidate.mockRestore();
  });

  it('announces nothing of a write rolled back: no audit row, nothing forgotten', async () => {
    const invalidate = vi.spyOn(t.ctx.readCache, 'invalidate');
    const event = revoked();
    await expect(
      announcing(t.ctx, t.app.log, async (tx) => {
        await announce(tx, event);
        throw new Error('la escritura falló');
      }),
    ).rejects.toThrow('la escritura falló');
    expect(invalidate).not.toHaveBeenCalled();
    const shareId = event.name === 'share.revoked' ? event.share.id : '';
    expect(await auditRowsOf(shareId)).toEqual([]);
    invalidate.mockRestore();
  });

  it('is refused outside a write it runs, and for rows of its own without a transaction', async () => {
    await expect(announce(t.ctx.db, revoked())).rejects.toThrow(/announcing/);
    await expect(
      announcing(t.ctx, t.app.log, (db) => announce(db, revoked()), { oneStatement: true }),
    ).rejects.toThrow(/transaction/);
  });
});

describe('every write that audits goes through the event path', () => {
  const name = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
  const writes = () =>
    registeredRoutes(t.app).filter((r) => r.method !== 'GET' && r.url.startsWith('/api/'));

  it('declares its events, or is listed as not yet moved or as changing no domain thing', () => {
    const listed = new Set([...NOT_YET_ANNOUNCED, ...NO_DOMAIN_CHANGE]);
    const unaccounted = writes().filter((r) => !r.config.announces && !listed.has(name(r)));
    expect(unaccounted.map(name)).toEqual([]);
  });

  it('declares only events of the catalogue, and is in no list once it does', () => {
    const listed = new Set([...NOT_YET_ANNOUNCED, ...NO_DOMAIN_CHANGE]);
    for (const route of writes().filter((r) => r.config.announces)) {
      expect(route.config.announces?.length, name(route)).toBeGreaterThan(0);
      for (const event of route.config.announces ?? []) {
        expect(Object.hasOwn(EVENTS, event), `${name(route)}: ${event}`).toBe(true);
      }
      expect(listed.has(name(route)), name(route)).toBe(false);
    }
  });

  it('lists only routes that exist', () => {
    const routes = new Set(registeredRoutes(t.app).map(name));
    expect([...NOT_YET_ANNOUNCED, ...NO_DOMAIN_CHANGE].filter((r) => !routes.has(r))).toEqual([]);
  });

  it('moved the writes with webhooks', () => {
    const announced = new Set(
      writes()
        .filter((r) => r.config.announces)
        .map(name),
    );
    for (const route of [
      'POST /api/appa',
      'POST /api/appa/mark-submitted',
      'POST /api/appa/:id/review',
      'POST /api/appa/:id/comments',
      'PUT /api/appa/comments/:commentId',
      'POST /api/review-tasks',
      'PATCH /api/review-tasks/:id/status',
      'POST /api/appa/:id/share',
      'DELETE /api/appa/shares/:shareId',
      'POST /api/users',
      'POST /api/users/bulk-upload',
      'PUT /api/users/:id/status',
      'POST /api/register',
    ]) {
      expect(announced, route).toContain(route);
    }
  });
});
