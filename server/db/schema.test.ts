import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildComment,
  buildReport,
  buildReviewNote,
  buildShare,
  buildTask,
} from '../test/factories';
import { buildTestApp, buildUser, type TestApp } from '../test/helper';
import {
  appaFiles,
  appaSubmissions,
  lateralSharing,
  reminders,
  reviewComments,
  reviewNotes,
  reviewTasks,
  users,
} from './schema';
import { migrationsFolder } from './client';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

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
    const s = await buildReport(t, { user: author });
    expect(s).toMatchObject({ status: 'BORRADOR', submittedAt: null, reviewedAt: null });
  });

  it('keeps one report per user and week', async () => {
    const author = await buildUser(t);
    await buildReport(t, { user: author, weekStart: '2026-11-09' });
    await expect(buildReport(t, { user: author, weekStart: '2026-11-09' })).rejects.toThrow();
  });

  it('stores KPI percentages with two decimals, and reads them as numbers', async () => {
    const author = await buildUser(t);
    const s = await buildReport(t, { user: author, weekStart: '2026-11-02' });
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
    const s = await buildReport(t, { user: a, weekStart: '2026-10-26' });
    const row = await buildShare(t, { report: s, sharedWith: b });
    expect(row.permission).toBe('read');
    await expect(buildShare(t, { report: s, sharedWith: b })).rejects.toThrow();
  });

  it('removes a report with its files, comments, tasks and shares, and a user with their reports', async () => {
    const author = await buildUser(t, { role: 'LIDER' });
    const reviewer = await buildUser(t, { role: 'CONSEJO' });
    const s = await buildReport(t, { user: author, weekStart: '2026-10-19' });
    await t.db
      .insert(appaFiles)
      .values({ submissionId: s.id, fileName: 'a.pdf', storagePath: 'k', sizeBytes: 10 });
    await buildComment(t, { report: s, reviewer, comment: 'Bien' });
    const task = await buildTask(t, { report: s, assignedTo: reviewer, createdBy: reviewer });
    expect(task).toMatchObject({ status: 'PENDIENTE', priority: 'MEDIA', completedAt: null });
    await buildShare(t, { report: s, sharedWith: reviewer });

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
    const s = await buildReport(t, { user: author, weekStart: '2026-10-12' });
    await t.db
      .update(appaSubmissions)
      .set({ reviewedBy: manager.id })
      .where(eq(appaSubmissions.id, s.id));
    await buildReviewNote(t, { report: s, author: manager, notes: 'Sigue así' });
    await t.db.delete(users).where(eq(users.id, manager.id));
    const [kept] = await t.db.select().from(appaSubmissions).where(eq(appaSubmissions.id, s.id));
    expect(kept?.reviewedBy).toBeNull();
    const notes = await t.db.select().from(reviewNotes).where(eq(reviewNotes.submissionId, s.id));
    expect(notes).toMatchObject([{ authorId: null, notes: 'Sigue así' }]);
    const [a] = await t.db.select().from(users).where(eq(users.id, author.id));
    expect(a?.managerId).toBeNull();
  });
});

describe('the migration to notes per reviewer', () => {
  // The data part of the migration that created review_notes, run again over reports written as
  // they were before it: the one notes text of a report became its first reviewer's note.
  const backfill = () => {
    const file = fs
      .readdirSync(migrationsFolder)
      .filter((name) => name.endsWith('.sql'))
      .map((name) => fs.readFileSync(path.join(migrationsFolder, name), 'utf8'))
      .find((text) => text.includes('CREATE TABLE "review_notes"'));
    const block = file?.split('--> statement-breakpoint').find((b) => b.includes('INSERT INTO'));
    if (!block) throw new Error('no backfill of review_notes in the migrations');
    return sql.raw(block);
  };

  it("carries each report's legacy notes to its reviewer, losing none", async () => {
    const reviewer = await buildUser(t, { role: 'GERENTE', fullName: 'Gema Gerente' });
    const author = await buildUser(t, { managerId: reviewer.id });
    const reviewedAt = new Date('2026-09-08T16:00:00Z');
    const legacy = await buildReport(t, {
      user: author,
      weekStart: '2026-09-07',
      status: 'ENVIADO',
      reviewedAt,
      reviewedBy: reviewer.id,
      legacyReviewNotes: 'Nota de antes',
      updatedAt: new Date('2026-09-09T10:00:00Z'),
    });
    const orphan = await buildReport(t, {
      user: author,
      weekStart: '2026-08-31',
      status: 'ENVIADO',
      reviewedAt,
      reviewedBy: null,
      legacyReviewNotes: 'Su revisor ya no existe',
    });
    const silent = await buildReport(t, {
      user: author,
      weekStart: '2026-08-24',
      status: 'ENVIADO',
      reviewedAt,
      reviewedBy: reviewer.id,
    });

    await t.db.execute(backfill());
    const notesOf = (id: string) =>
      t.db.select().from(reviewNotes).where(eq(reviewNotes.submissionId, id));
    expect(await notesOf(legacy.id)).toMatchObject([
      {
        authorId: reviewer.id,
        notes: 'Nota de antes',
        createdAt: reviewedAt,
        updatedAt: new Date('2026-09-09T10:00:00Z'),
      },
    ]);
    expect(await notesOf(orphan.id)).toMatchObject([
      { authorId: null, notes: 'Su revisor ya no existe' },
    ]);
    expect(await notesOf(silent.id)).toEqual([]);
    // The old column keeps its text.
    const [kept] = await t.db
      .select()
      .from(appaSubmissions)
      .where(eq(appaSubmissions.id, legacy.id));
    expect(kept?.legacyReviewNotes).toBe('Nota de antes');
  });
});
