import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildUser, type TestApp } from '../test/helper';
import {
  appaFiles,
  appaSubmissions,
  lateralSharing,
  reminders,
  reviewComments,
  reviewTasks,
  users,
} from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function submission(userId: string, weekStart = '2026-11-16') {
  const [row] = await t.db
    .insert(appaSubmissions)
    .values({ userId, weekStart, weekEnd: '2026-11-22' })
    .returning();
  if (!row) throw new Error('no row');
  return row;
}

describe('the data model', () => {
  it('gives the defaults of the spec', async () => {
    const author = await buildUser(t);
    const [fresh] = await t.db
      .insert(users)
      .values({ email: 'x@y.z', username: 'xyz', fullName: 'X', slug: 'x-y-z' })
      .returning();
    expect(fresh).toMatchObject({
      role: 'USER',
      status: 'ACTIVO',
      mustChangePassword: true,
      timezone: 'America/Lima',
      pinHash: null,
    });
    const s = await submission(author.id);
    expect(s).toMatchObject({ status: 'BORRADOR', submittedAt: null, reviewedAt: null });
  });

  it('keeps one report per user and week', async () => {
    const author = await buildUser(t);
    await submission(author.id, '2026-11-09');
    await expect(submission(author.id, '2026-11-09')).rejects.toThrow();
  });

  it('stores KPI percentages with two decimals, and reads them as numbers', async () => {
    const author = await buildUser(t);
    const s = await submission(author.id, '2026-11-02');
    const [row] = await t.db
      .update(appaSubmissions)
      .set({ kpiMetaPct: 99.999, kpiLogroPct: 72.5 })
      .where(eq(appaSubmissions.id, s.id))
      .returning();
    expect(row).toMatchObject({ kpiMetaPct: 100, kpiLogroPct: 72.5 });
  });

  it('sends the automatic reminder only once per person and week', async () => {
    const author = await buildUser(t);
    const auto = {
      userId: author.id,
      weekStart: '2026-11-16',
      type: 'AUTO' as const,
      emailSubject: 's',
    };
    await t.db.insert(reminders).values(auto);
    await expect(t.db.insert(reminders).values(auto)).rejects.toThrow();
    // Manual reminders may be sent as often as an administrator wants.
    await t.db.insert(reminders).values({ ...auto, type: 'MANUAL' });
    await t.db.insert(reminders).values({ ...auto, type: 'MANUAL' });
  });

  it('keeps one share per report, sharer and peer', async () => {
    const a = await buildUser(t, { role: 'LIDER' });
    const b = await buildUser(t, { role: 'LIDER' });
    const s = await submission(a.id, '2026-10-26');
    const share = { submissionId: s.id, sharedById: a.id, sharedWithId: b.id };
    const [row] = await t.db.insert(lateralSharing).values(share).returning();
    expect(row?.permission).toBe('read');
    await expect(t.db.insert(lateralSharing).values(share)).rejects.toThrow();
  });

  it('removes a report with its files, comments, tasks and shares, and a user with their reports', async () => {
    const author = await buildUser(t, { role: 'LIDER' });
    const reviewer = await buildUser(t, { role: 'CONSEJO' });
    const s = await submission(author.id, '2026-10-19');
    await t.db
      .insert(appaFiles)
      .values({ submissionId: s.id, fileName: 'a.pdf', storagePath: 'k', sizeBytes: 10 });
    await t.db
      .insert(reviewComments)
      .values({ submissionId: s.id, reviewerId: reviewer.id, comment: 'Bien' });
    const [task] = await t.db
      .insert(reviewTasks)
      .values({
        submissionId: s.id,
        assignedToId: reviewer.id,
        createdById: reviewer.id,
        title: 'Revisar',
      })
      .returning();
    expect(task).toMatchObject({ status: 'PENDIENTE', priority: 'MEDIA', completedAt: null });
    await t.db
      .insert(lateralSharing)
      .values({ submissionId: s.id, sharedById: author.id, sharedWithId: reviewer.id });

    await t.db.delete(users).where(eq(users.id, author.id));
    expect(
      await t.db.select().from(appaSubmissions).where(eq(appaSubmissions.id, s.id)),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(appaFiles).where(eq(appaFiles.submissionId, s.id)),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(reviewComments).where(eq(reviewComments.submissionId, s.id)),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(reviewTasks).where(eq(reviewTasks.submissionId, s.id)),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(lateralSharing).where(eq(lateralSharing.submissionId, s.id)),
    ).toHaveLength(0);
  });

  it("keeps a report when its reviewer or the author's manager is removed", async () => {
    const manager = await buildUser(t, { role: 'GERENTE' });
    const author = await buildUser(t, { role: 'LIDER', managerId: manager.id });
    const s = await submission(author.id, '2026-10-12');
    await t.db
      .update(appaSubmissions)
      .set({ reviewedBy: manager.id })
      .where(eq(appaSubmissions.id, s.id));
    await t.db.delete(users).where(eq(users.id, manager.id));
    const [kept] = await t.db.select().from(appaSubmissions).where(eq(appaSubmissions.id, s.id));
    expect(kept?.reviewedBy).toBeNull();
    const [a] = await t.db.select().from(users).where(eq(users.id, author.id));
    expect(a?.managerId).toBeNull();
  });
});
