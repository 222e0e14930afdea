import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  absences,
  appaFiles,
  auditLog,
  notifications,
  oneTimeTokens,
  reminders,
  settings,
  uploads,
  users as usersTable,
} from '../../db/schema';
import {
  archiveFrom,
  collect,
  entriesOf,
  manifestOf,
  rowsOf as archivedRows,
  sha256,
} from '../../test/archive';
import {
  buildComment,
  buildReport,
  buildReviewNote,
  buildShare,
  buildTask,
} from '../../test/factories';
import { authHeader, buildTestApp, buildUser, type TestApp } from '../../test/helper';
import { audit } from '../../services/audit';
import { JOBS_PAUSED_KEY, jobsPause } from '../../services/jobs-pause';
import { saveSettings } from '../../services/settings';
import { openPglite } from '../../db/client';
import { LocalStorage } from '../storage/local';
import { appliedMigration, journal, latestMigration, rowsOf } from './catalog';
import { migrateUpTo } from './migrate-to';
import { createBackup } from './create';
import { BACKUP_MSG, BackupError } from './manifest';
import { restoreArchive, restoreIntoDatabase, verifyArchive } from './restore';

const NOW = new Date('2026-11-18T15:00:00Z');

/**
 * A table no migration of today has, made in every database of this file: the archive covers
 * whatever the catalog lists (a later migration's tables and columns included), and every type
 * comes back as it was: a serial id and its sequence, a reference to a row listed after it,
 * bytea, arrays, an enum, numeric, jsonb, a generated column.
 */
async function addExtraTable(t: TestApp) {
  await t.db.execute(
    sql.raw(`create table extra_things (
      id serial primary key,
      parent_id integer references extra_things(id),
      payload bytea,
      tags text[],
      at timestamptz,
      amount numeric(14, 4),
      doc jsonb,
      role role,
      tag_count integer generated always as (coalesce(array_length(tags, 1), 0)) stored
    )`),
  );
}

let source: TestApp;
let target: TestApp;
let spare: TestApp;
let archive: Buffer;
const bigFile = randomBytes(3 * 1024 * 1024 + 17);
const smallFile = Buffer.from('Acta de la reunión — ñandú\n');

async function attach(reportId: string, ownerId: string, fileName: string, bytes: Buffer) {
  const key = `uploads/${randomUUID()}`;
  await source.ctx.storage.restore(key, Readable.from([bytes]), bytes.length);
  await source.db.insert(uploads).values({
    objectKey: key,
    ownerId,
    fileName,
    declaredBytes: bytes.length,
    sizeBytes: bytes.length,
    completedAt: NOW,
    boundKey: key,
    sha256: sha256(bytes),
  });
  const [file] = await source.db
    .insert(appaFiles)
    .values({
      submissionId: reportId,
      fileName,
      storagePath: key,
      sizeBytes: bytes.length,
      boundKey: key,
      sha256: sha256(bytes),
    })
    .returning();
  if (!file) throw new Error('no file');
  return file;
}

let author: Awaited<ReturnType<typeof buildUser>>;
let fileIds: string[] = [];

beforeAll(async () => {
  // One at a time: PostgreSQL clones a template for one connection at once.
  source = await buildTestApp();
  target = await buildTestApp();
  spare = await buildTestApp();
  for (const t of [source, target, spare]) await addExtraTable(t);

  const admin = await buildUser(source, { role: 'ADMIN', fullName: 'Ana Administradora' });
  const vp = await buildUser(source, { role: 'VP' });
  const lead = await buildUser(source, { role: 'LIDER', managerId: vp.id });
  author = await buildUser(source, { role: 'USER', managerId: lead.id, fullName: 'Íñigo Ñúñez' });
  // Managers created after the people who report to them: references to rows restored later.
  for (let i = 0; i < 6; i++) {
    const boss = await buildUser(source, { role: 'GERENTE' });
    await source.db
      .update(usersTable)
      .set({ managerId: boss.id })
      .where(sql`${usersTable.id} = ${(await buildUser(source, { role: 'USER' })).id}`);
  }
  const sent = await buildReport(source, {
    user: author,
    weekStart: '2026-11-09',
    status: 'ENVIADO',
    avances: 'Avances con "comillas", saltos\nde línea y emojis 🚀',
    kpiMetaPct: 80.25,
    kpiLogroPct: 91.5,
  });
  await buildReport(source, { user: author, weekStart: '2026-11-16' });
  const comment = await buildComment(source, { report: sent, reviewer: lead });
  await buildComment(source, { report: sent, reviewer: author, parentId: comment.id });
  await buildTask(source, { report: sent, assignedTo: author, createdBy: admin });
  await buildReviewNote(source, { report: sent, author: lead });
  await buildShare(source);
  await source.db.insert(absences).values({
    userId: author.id,
    fromDate: '2026-12-21',
    toDate: '2027-01-03',
    reason: 'vacaciones',
    createdById: lead.id,
  });
  await source.db.insert(reminders).values({
    userId: author.id,
    type: 'MANUAL',
    weekStart: '2026-11-16',
    emailSubject: 'Recordatorio',
    sentAt: NOW,
  });
  await source.db.insert(notifications).values({
    userId: author.id,
    actorId: lead.id,
    kind: 'comment',
    submissionId: sent.id,
    text: 'Comentó tu APPA',
  });
  await saveSettings(source.db, { maxFiles: 3, organisationTimezone: 'America/Bogota' }, admin.id);
  await audit(source.db, { actorId: admin.id, action: 'settings.updated', entity: 'settings' });
  fileIds = [
    (await attach(sent.id, author.id, 'informe.bin', bigFile)).id,
    (await attach(sent.id, author.id, 'acta.txt', smallFile)).id,
  ];
  // What is left out: a session (signing in) and a one-time token.
  await authHeader(source, author);
  await source.db.insert(oneTimeTokens).values({
    userId: author.id,
    tokenHash: 'hash-de-un-enlace',
    purpose: 'MAGIC_LINK',
    expiresAt: new Date('2030-01-01T00:00:00Z'),
  });
  await source.db.execute(
    sql.raw(`insert into extra_things (id, parent_id, payload, tags, at, amount, doc, role) values
      (1, 2, '\\x00ff10'::bytea, array['a', 'b,c', 'ñ'], '2026-11-18 10:11:12.345678-05', 12345.6789,
       '{"deep": {"list": [1, 2.5, null, "x"]}}', 'VP'),
      (2, null, null, '{}', null, null, 'null', null)`),
  );
  await source.db.execute(sql`select setval('extra_things_id_seq', 41)`);

  archive = await collect((await createBackup(source.ctx, NOW)).stream);
});
afterAll(async () => {
  for (const t of [source, target, spare]) await t?.close();
});

const restore = (t: TestApp, bytes: Buffer) =>
  restoreArchive({ db: t.db, storage: t.ctx.storage }, () => Readable.from([bytes]), NOW);

/** Entries whose content a restore changes on purpose: the pause it sets and its audit row. */
const CHANGED_BY_RESTORE = new Set(['tables/settings.jsonl', 'tables/audit_log.jsonl']);

describe('backup and restore', () => {
  it('round-trips the whole database and the attachments: a backup of the copy holds the same', async () => {
    const summary = await restore(target, archive);
    expect(summary.files).toBe(2);

    const again = await collect((await createBackup(target.ctx, NOW)).stream);
    const first = await entriesOf(archive);
    const second = await entriesOf(again);
    const [m1, m2] = [manifestOf(first), manifestOf(second)];

    expect(m1.tables.map((t) => t.name)).not.toEqual(
      expect.arrayContaining(['sessions', 'one_time_tokens', 'login_throttle']),
    );
    expect(m1.tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['users', 'appa_submissions', 'extra_things', 'audit_log']),
    );
    expect(m1.files).toHaveLength(2);
    expect(Object.keys(m2.entries).sort()).toEqual(Object.keys(m1.entries).sort());
    for (const [name, entry] of Object.entries(m1.entries))
      if (!CHANGED_BY_RESTORE.has(name)) expect(m2.entries[name], name).toEqual(entry);
    expect(archivedRows(second, 'settings').filter((r) => r.key !== JOBS_PAUSED_KEY)).toEqual(
      archivedRows(first, 'settings'),
    );
    expect(
      archivedRows(second, 'audit_log').filter((r) => r.action !== 'system.backup_restored'),
    ).toEqual(archivedRows(first, 'audit_log'));
    expect(m2.sequences).toEqual(m1.sequences);
    expect(m1.sequences).toContainEqual({
      name: 'extra_things_id_seq',
      lastValue: '41',
      isCalled: true,
    });

    // The rows are the rows: users and the extra table, value by value.
    expect(archivedRows(second, 'users')).toEqual(archivedRows(first, 'users'));
    expect(archivedRows(first, 'extra_things')[0]).toMatchObject({
      id: 1,
      parent_id: 2,
      payload: '\\x00ff10',
      tags: ['a', 'b,c', 'ñ'],
      at: '2026-11-18T15:11:12.345678+00:00',
      amount: 12345.6789,
      doc: { deep: { list: [1, 2.5, null, 'x'] } },
      role: 'VP',
      tag_count: 3,
    });
    const [next] = await rowsOf<{ id: number }>(
      target.db,
      sql`insert into extra_things default values returning id`,
    );
    expect(next?.id).toBe(42);
  });

  it('lets people sign in with their passwords and serves the attachments on the copy', async () => {
    const headers = await authHeader(target, author);
    const res = await target.app.inject({
      method: 'GET',
      url: `/api/files/download/${fileIds[0]}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(sha256(res.rawPayload)).toBe(sha256(bigFile));
  });

  it('starts the copy with scheduled jobs paused, and audits the restore', async () => {
    expect(await jobsPause(target.db)).toEqual({
      since: NOW.toISOString(),
      reason: 'restore',
      archiveCreatedAt: NOW.toISOString(),
    });
    const rows = await target.db.select().from(auditLog);
    expect(rows.filter((r) => r.action === 'system.backup_restored')).toHaveLength(1);
  });

  it('refuses a database that is not empty, and changes nothing', async () => {
    const before = await collect((await createBackup(target.ctx, NOW)).stream);
    await expect(restore(target, archive)).rejects.toThrow(BackupError);
    await expect(restore(target, archive)).rejects.toThrow(/no está vacía.*users/);
    const after = await collect((await createBackup(target.ctx, NOW)).stream);
    expect(manifestOf(await entriesOf(after)).entries).toEqual(
      manifestOf(await entriesOf(before)).entries,
    );
  });

  const filesIn = (t: TestApp) =>
    fs.readdirSync(path.join(t.dataDir, 'files')).filter((name) => !name.startsWith('.'));

  it('refuses a tampered archive before writing anything', async () => {
    const entries = await entriesOf(archive);
    const users = entries.get('tables/users.jsonl') ?? Buffer.alloc(0);
    entries.set('tables/users.jsonl', Buffer.from(users.toString().replace('USER', 'ADMIN')));
    await expect(restore(spare, archiveFrom(entries))).rejects.toThrow(
      BACKUP_MSG.checksum('tables/users.jsonl'),
    );
    expect(filesIn(spare)).toEqual([]);
    expect(await spare.db.select().from(usersTable)).toEqual([]);
  });

  it('refuses an archive with an entry its manifest does not list, or missing one', async () => {
    const extra = await entriesOf(archive);
    const manifest = extra.get('manifest.json') ?? Buffer.alloc(0);
    extra.delete('manifest.json');
    extra.set('files/uploads/00000000-0000-4000-8000-000000000000', Buffer.from('x'));
    extra.set('manifest.json', manifest);
    await expect(restore(spare, archiveFrom(extra))).rejects.toThrow(
      /que su manifest.json no lista/,
    );
    const missing = await entriesOf(archive);
    missing.delete('tables/reminders.jsonl');
    await expect(restore(spare, archiveFrom(missing))).rejects.toThrow(
      BACKUP_MSG.missingEntry('tables/reminders.jsonl'),
    );
    expect(filesIn(spare)).toEqual([]);
  });

  it('refuses an archive of a newer format or migration, an older migration, or other tables', async () => {
    const withManifest = async (change: (m: Record<string, unknown>) => void) => {
      const entries = await entriesOf(archive);
      const manifest = JSON.parse(entries.get('manifest.json')?.toString() ?? '{}') as Record<
        string,
        unknown
      >;
      change(manifest);
      entries.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
      return archiveFrom(entries);
    };
    await expect(restore(spare, await withManifest((m) => (m.version = 3)))).rejects.toThrow(
      BACKUP_MSG.newerFormat(3),
    );
    await expect(restore(spare, await withManifest((m) => (m.version = 1)))).rejects.toThrow(
      BACKUP_MSG.olderFormat(1),
    );
    const level = manifestOf(await entriesOf(archive)).migration;
    await expect(
      restore(
        spare,
        await withManifest((m) => (m.migration = { tag: '0099_futuro', when: level.when + 1 })),
      ),
    ).rejects.toThrow(/versión más nueva de APPA \(migración 0099_futuro/);
    await expect(
      restore(
        spare,
        await withManifest((m) => (m.migration = { tag: '0000_init', when: level.when - 1 })),
      ),
    ).rejects.toThrow(/versión anterior de APPA \(migración 0000_init/);
    await expect(
      restore(
        spare,
        await withManifest((m) => {
          const tables = m.tables as { name: string; columns: string[] }[];
          const extra = tables.find((table) => table.name === 'extra_things');
          if (extra) extra.columns = extra.columns.filter((c) => c !== 'doc');
        }),
      ),
    ).rejects.toThrow(BACKUP_MSG.otherSchema(['extra_things']));
    expect(filesIn(spare)).toEqual([]);
  });

  it('counts what a server writes for itself as no data, and replaces it with the archive', async () => {
    // As a server does on first use (its upload-signing key): an `internal.` setting.
    await spare.db.insert(settings).values({ key: 'internal.madeByThisServer', value: 'x' });
    await spare.db.insert(settings).values({ key: 'maxFiles', value: 9 });
    await expect(restore(spare, archive)).rejects.toThrow(BACKUP_MSG.notEmpty(['settings']));
    await spare.db.delete(settings).where(sql`${settings.key} = 'maxFiles'`);

    await restore(spare, archive);
    const keys = (await spare.db.select().from(settings)).map((r) => r.key).sort();
    expect(keys).toEqual(
      [
        ...archivedRows(await entriesOf(archive), 'settings').map((r) => String(r.key)),
        JOBS_PAUSED_KEY,
      ].sort(),
    );
  });

  it('refuses what is not an archive at all', async () => {
    await expect(restore(spare, Buffer.from('no soy un respaldo'))).rejects.toThrow(
      BACKUP_MSG.notAnArchive,
    );
    await expect(
      restore(spare, archiveFrom(new Map([['hola.txt', Buffer.from('hola')]]))),
    ).rejects.toThrow(BACKUP_MSG.noManifest);
  });
});

describe('an archive of an earlier version', () => {
  // Builds two embedded databases and migrates both, which takes well over the usual time on a
  // busy two-core machine.
  it(
    'restores into a new database at its level, then the later migrations run',
    { timeout: 90_000 },
    async () => {
      const older = journal().entries.at(-3);
      if (!older) throw new Error('fewer than three migrations');
      const storage = new LocalStorage(
        fs.mkdtempSync(path.join(spare.dataDir, 'files-old-')),
        randomBytes(32),
      );
      const before = await openPglite({ memory: true }, { migrate: false });
      const after = await openPglite({ memory: true }, { migrate: false });
      try {
        await migrateUpTo(before, older);
        await before.db.execute(
          sql`insert into users (email, username, full_name, slug, password, role)
            values ('ana@example.com', 'ana', 'Ana de Antes', 'ana-de-antes', 'hash', 'LIDER')`,
        );
        const old = await collect((await createBackup({ database: before, storage }, NOW)).stream);
        const open = () => Readable.from([old]);
        const manifest = await verifyArchive(open);
        expect(manifest.migration.tag).toBe(older.tag);

        await restoreIntoDatabase(after, storage, open, NOW, manifest);
        expect((await appliedMigration(after.db))?.tag).toBe(latestMigration().tag);
        expect((await after.db.select().from(usersTable)).map((u) => [u.fullName, u.role])).toEqual(
          [['Ana de Antes', 'LIDER']],
        );
        expect(await jobsPause(after.db)).toMatchObject({ reason: 'restore' });

        // Into a database already at this version's level, the same archive is refused.
        await expect(restoreIntoDatabase(after, storage, open, NOW, manifest)).rejects.toThrow(
          /versión anterior de APPA .*Restáuralo en una base de datos nueva/,
        );
      } finally {
        await before.close();
        await after.close();
      }
    },
  );
});
