import type { FastifyBaseLogger } from 'fastify';
import { and, asc, between, desc, eq, inArray, isNull, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { ReportSummary } from '../../../common/schemas/panel';
import {
  REPORT_MSG,
  type CurrentReport,
  type PreviousReport,
  type Report,
  type SaveReport,
} from '../../../common/schemas/report';
import { localDateTime } from '../../../common/date-format';
import type { Settings } from '../../../common/schemas/settings';
import { weekDeadline, weekOf } from '../../../common/week';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { appaFiles, appaSubmissions, type UserRow } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import type { Actor } from '../../policies/actor';
import { withReportAbilities } from '../../policies/report';
import { presentOwnReport } from '../../presenters/report';
import { keptSettings } from '../../services/settings';
import { announce, announcing } from '../../events/announce';
import { bindOwnUploads, cleanFileName } from '../../domain/uploads';
import { loadReportSummaries } from '../../domain/reports';

/** The author's week is computed in their own timezone: Monday is Monday where they live. */
export function currentWeekOf(ctx: AppContext, user: Pick<UserRow, 'timezone'>) {
  return weekOf(ctx.clock(), user.timezone);
}

async function loadOwnReport(ctx: AppContext, userId: string, weekStart: string) {
  const [row] = await ctx.db
    .select()
    .from(appaSubmissions)
    .where(and(eq(appaSubmissions.userId, userId), eq(appaSubmissions.weekStart, weekStart)))
    .limit(1);
  if (!row) return null;
  const files = await ctx.db
    .select()
    .from(appaFiles)
    .where(eq(appaFiles.submissionId, row.id))
    .orderBy(asc(appaFiles.createdAt), asc(appaFiles.fileName));
  return presentOwnReport(row, files);
}

/** The author's newest sent report of a week before `weekStart`, as the form carries it over. */
async function loadPreviousReport(
  ctx: AppContext,
  userId: string,
  weekStart: string,
): Promise<PreviousReport | null> {
  const [row] = await ctx.db
    .select({
      weekStart: appaSubmissions.weekStart,
      planes: appaSubmissions.planes,
      kpiNombre: appaSubmissions.kpiNombre,
      kpiMetaPct: appaSubmissions.kpiMetaPct,
    })
    .from(appaSubmissions)
    .where(
      and(
        eq(appaSubmissions.userId, userId),
        eq(appaSubmissions.status, 'ENVIADO'),
        lt(appaSubmissions.weekStart, weekStart),
      ),
    )
    .orderBy(desc(appaSubmissions.weekStart))
    .limit(1);
  if (!row) return null;
  return { ...row, planes: row.planes ?? '', kpiNombre: row.kpiNombre ?? '' };
}

export async function getCurrentReport(ctx: AppContext, user: UserRow): Promise<CurrentReport> {
  const week = currentWeekOf(ctx, user);
  // Independent reads: asked together, not one round trip after the other.
  const [settings, report, previous] = await Promise.all([
    keptSettings(ctx),
    loadOwnReport(ctx, user.id, week.weekStart),
    loadPreviousReport(ctx, user.id, week.weekStart),
  ]);
  const deadline = deadlineOf(week.weekStart, settings);
  return {
    ...week,
    report,
    previous,
    limits: { maxFiles: settings.maxFiles, maxFileBytes: settings.maxFileBytes },
    deadline: {
      at: deadline.toISOString(),
      passed: ctx.clock() > deadline,
      lateAllowed: settings.allowLateSubmissions,
    },
  };
}

function deadlineOf(
  weekStart: string,
  settings: Pick<Settings, 'deadlineTime' | 'organisationTimezone'>,
) {
  return weekDeadline(weekStart, settings.deadlineTime, settings.organisationTimezone);
}

/** 'dd/mm/yyyy a las HH:mm' in the organisation's timezone, for the refusal message. */
function deadlineText(deadline: Date, timeZone: string) {
  const { date, time } = localDateTime(deadline, timeZone);
  return `${date} a las ${time}`;
}

/**
 * Creates or updates the author's report for their current week, and makes its attachments
 * exactly the listed ones, each bound to the bytes stored when it was first linked. A sent report
 * is final: writing it again is a 409.
 */
export async function saveReport(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: UserRow,
  input: SaveReport,
): Promise<Report> {
  const week = currentWeekOf(ctx, user);
  // Kept by the read cache, which every settings write empties on every instance: a save reads
  // the deadline and the limits without a round trip of its own.
  const settings = await keptSettings(ctx);
  const { maxFiles, maxFileBytes } = settings;
  if (input.status === 'ENVIADO' && !settings.allowLateSubmissions) {
    const deadline = deadlineOf(week.weekStart, settings);
    if (ctx.clock() > deadline) {
      throw conflict(
        REPORT_MSG.deadlinePassed(deadlineText(deadline, settings.organisationTimezone)),
      );
    }
  }
  const keys = input.files.map((f) => f.objectKey);
  if (keys.length > maxFiles) throw badRequest(REPORT_MSG.tooManyFiles(maxFiles));
  if (new Set(keys).size !== keys.length) throw badRequest(REPORT_MSG.duplicateFile);

  const now = ctx.clock();
  const sending = input.status === 'ENVIADO';
  const fields = {
    avances: input.avances,
    planes: input.planes,
    problemas: input.problemas,
    ayuda: input.ayuda,
    kpiNombre: input.kpiNombre,
    kpiMetaPct: input.kpiMetaPct,
    kpiLogroPct: input.kpiLogroPct,
    status: input.status,
    submittedAt: sending ? now : null,
    updatedAt: now,
  };

  // Only a draft is overwritten; two racing sends leave one winner and one 409.
  const upsert = (db: Db) =>
    db
      .insert(appaSubmissions)
      .values({ userId: user.id, ...week, ...fields, createdAt: now })
      .onConflictDoUpdate({
        target: [appaSubmissions.userId, appaSubmissions.weekStart],
        set: fields,
        setWhere: sql`${appaSubmissions.status} = 'BORRADOR'`,
      });

  /** A draft saved, or the report sent: announced with the report's write. */
  const announceSave = (db: Db, reportId: string) => {
    const report = { id: reportId, userId: user.id, status: input.status, ...week };
    return announce(
      db,
      sending
        ? { name: 'report.sent', actor: user, report, marked: false, at: now }
        : { name: 'report.saved', actor: user, report, at: now },
    );
  };

  if (keys.length === 0) {
    // Most saves are text alone: the report, the removal of its files and the saved row read back
    // in one statement, atomic without a transaction; a sent report is left as it is (no row: a
    // 409). A transaction would hold the embedded database, which answers one statement at a time,
    // across a round trip per statement; on a Monday morning the saves queued behind each other's.
    // Only sending, once a week per person, takes one, to queue its event with it.
    const saveText = async (db: Db) => {
      const saved = db.$with('saved').as(upsert(db).returning());
      const removed = db
        .$with('removed')
        .as(
          db
            .delete(appaFiles)
            .where(inArray(appaFiles.submissionId, db.select({ id: saved.id }).from(saved))),
        );
      const [row] = await db.with(saved, removed).select().from(saved);
      if (!row) throw conflict(REPORT_MSG.alreadySent);
      await announceSave(db, row.id);
      return row;
    };
    const row = await announcing(ctx, log, saveText, { oneStatement: !sending });
    return presentOwnReport(row, []);
  }

  const [existing] = await ctx.db
    .select({ id: appaSubmissions.id, status: appaSubmissions.status })
    .from(appaSubmissions)
    .where(and(eq(appaSubmissions.userId, user.id), eq(appaSubmissions.weekStart, week.weekStart)))
    .limit(1);
  if (existing?.status === 'ENVIADO') throw conflict(REPORT_MSG.alreadySent);
  // Before binding, which moves an upload's bytes: another report may still read them where they
  // are. The transaction below checks again against a save at the same moment.
  await refuseFilesOfOtherReports(ctx.db, keys, existing?.id);

  const boundByKey = await bindOwnUploads(ctx, user.id, keys, maxFileBytes);
  const boundOf = (key: string) => {
    const bound = boundByKey.get(key);
    if (!bound) throw new Error(`upload not bound: ${key}`);
    return bound;
  };
  await announcing(ctx, log, async (tx) => {
    const [saved] = await upsert(tx).returning({ id: appaSubmissions.id });
    if (!saved) throw conflict(REPORT_MSG.alreadySent);

    await refuseFilesOfOtherReports(tx, keys, saved.id);
    await tx
      .delete(appaFiles)
      .where(and(eq(appaFiles.submissionId, saved.id), notInArray(appaFiles.storagePath, keys)));
    const kept = await tx
      .select({ key: appaFiles.storagePath, sha256: appaFiles.sha256 })
      .from(appaFiles)
      .where(eq(appaFiles.submissionId, saved.id));
    // A file linked before links were bound is bound now, while its report is still a draft.
    for (const file of kept.filter((f) => f.sha256 === null)) {
      await tx
        .update(appaFiles)
        .set(boundOf(file.key))
        .where(and(eq(appaFiles.storagePath, file.key), isNull(appaFiles.sha256)));
    }
    const keptKeys = new Set(kept.map((f) => f.key));
    const added = input.files.filter((f) => !keptKeys.has(f.objectKey));
    if (added.length > 0) {
      await tx.insert(appaFiles).values(
        added.map((f) => ({
          submissionId: saved.id,
          fileName: cleanFileName(f.fileName),
          storagePath: f.objectKey,
          // What the server stored and measured, never what the browser claims.
          ...boundOf(f.objectKey),
          createdAt: now,
        })),
      );
    }
    await announceSave(tx, saved.id);
  });

  const report = await loadOwnReport(ctx, user.id, week.weekStart);
  if (!report) throw new Error('saved report not found');
  return report;
}

/** A 400 when any of these uploads is linked to a report other than `reportId`. */
async function refuseFilesOfOtherReports(db: Db, keys: string[], reportId: string | undefined) {
  if (keys.length === 0) return;
  const [elsewhere] = await db
    .select({ id: appaFiles.id })
    .from(appaFiles)
    .where(
      and(
        inArray(appaFiles.storagePath, keys),
        reportId ? ne(appaFiles.submissionId, reportId) : undefined,
      ),
    )
    .limit(1);
  if (elsewhere) throw badRequest(REPORT_MSG.fileInOtherReport);
}

/**
 * GET /api/appa/history: a person's reports whose week starts within the range, newest first, with
 * what `viewer` may do with each.
 */
export async function history(
  ctx: AppContext,
  viewer: Actor,
  input: { userId: string; from: string; to: string },
): Promise<ReportSummary[]> {
  const rows = await loadReportSummaries(
    ctx,
    and(
      eq(appaSubmissions.userId, input.userId),
      between(appaSubmissions.weekStart, input.from, input.to),
    ),
    viewer.id,
  );
  const viewed = await withReportAbilities(ctx, viewer, rows);
  return viewed.sort((a, b) => b.weekStart.localeCompare(a.weekStart));
}
