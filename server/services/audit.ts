import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_MSG,
  type AuditBound,
  type AuditLogQuery,
  type AuditLogResponse,
} from '../../common/schemas/audit';
import { startOfLocalDay } from '../../common/week';
import { isAuditAction, type AuditAction } from '../../common/audit-actions';
import type { Db } from '../db/client';
import type { EventAuditAction } from '../events/catalogue';
import { auditLog, users } from '../db/schema';
import { badRequest } from '../lib/errors';
import { presentAuditEntry } from '../presenters/audit';

export interface AuditEntry<A extends AuditAction = AuditAction> {
  actorId?: string | null;
  /** One of the codes the log has Spanish words for. */
  action: A;
  entity: string;
  entityId?: string | null;
  /** Never a password, a token or a hash. */
  meta?: Record<string, unknown>;
}

const auditRow = (entry: AuditEntry) => ({
  actorId: entry.actorId ?? null,
  action: entry.action,
  entity: entry.entity,
  entityId: entry.entityId ?? null,
  meta: entry.meta ?? null,
});

/**
 * An action no domain event records: a sign-in, a refusal, a change not yet announced. The
 * actions of events are written by their events alone (events/audit.ts), so that a change that is
 * audited also reaches webhooks, notifications, live screens and the read cache.
 */
export type DirectAuditAction = Exclude<AuditAction, EventAuditAction>;

export async function audit(db: Db, entry: AuditEntry<DirectAuditAction>): Promise<void> {
  await db.insert(auditLog).values(auditRow(entry));
}

/** Several rows in one statement (every token a change of password ends). */
export async function auditMany(
  db: Db,
  entries: readonly AuditEntry<DirectAuditAction>[],
): Promise<void> {
  await insertRows(db, entries);
}

/**
 * The rows of events, for their subscriber (events/audit.ts) alone: several in one statement (a
 * bulk import's people).
 */
export async function auditEvents(
  db: Db,
  entries: readonly AuditEntry<EventAuditAction>[],
): Promise<void> {
  await insertRows(db, entries);
}

async function insertRows(db: Db, entries: readonly AuditEntry[]) {
  if (entries.length > 0) await db.insert(auditLog).values(entries.map(auditRow));
}

/** The calendar date after `day` (YYYY-MM-DD). */
function nextDay(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/**
 * The instants a date filter stands for: a date is the whole day as the organisation lives it,
 * from its local midnight to the next, so that 'from 01/03 to 01/03' is that day's rows; an
 * instant is exact. Refused when nothing could fall between the two.
 */
export function auditPeriod(
  range: { from?: AuditBound; to?: AuditBound },
  timeZone: string,
): { from?: Date; toExclusive?: Date } {
  const from =
    range.from &&
    ('day' in range.from ? startOfLocalDay(range.from.day, timeZone) : range.from.instant);
  const toExclusive =
    range.to &&
    ('day' in range.to
      ? startOfLocalDay(nextDay(range.to.day), timeZone)
      : new Date(range.to.instant.getTime() + 1));
  if (from && toExclusive && from.getTime() >= toExclusive.getTime()) {
    throw badRequest(AUDIT_MSG.rangeInverted);
  }
  return { from, toExclusive };
}

/**
 * One page of the audit log, newest first, with the cursor of the next page. Ordered by
 * (created_at, id) so that rows of the same instant page correctly; the created_at index serves it.
 * Dates of the filters are days of `timeZone`, the organisation's.
 */
export async function listAuditLog(
  db: Db,
  query: AuditLogQuery,
  timeZone: string,
): Promise<AuditLogResponse> {
  const conditions: SQL[] = [];
  const period = auditPeriod(query, timeZone);
  // A whole code is that action alone ('auth.login' without 'auth.login_failed'); anything else,
  // 'auth.' for one, is a prefix.
  if (query.action) {
    conditions.push(
      isAuditAction(query.action)
        ? eq(auditLog.action, query.action)
        : sql`starts_with(${auditLog.action}, ${query.action})`,
    );
  }
  if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (period.from) conditions.push(gte(auditLog.createdAt, period.from));
  if (period.toExclusive) conditions.push(lt(auditLog.createdAt, period.toExclusive));
  if (query.before) {
    // Compared in SQL from the text, to keep the microseconds a JavaScript Date would drop.
    const at = sql`${query.before.at}::timestamptz`;
    conditions.push(
      query.before.id
        ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${at}, ${query.before.id}::uuid)`
        : sql`${auditLog.createdAt} < ${at}`,
    );
  }
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      cursorAt: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      meta: auditLog.meta,
      actorId: users.id,
      actorName: users.fullName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);

  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map((r) =>
      presentAuditEntry(
        r,
        r.actorId && r.actorName ? { id: r.actorId, fullName: r.actorName } : null,
      ),
    ),
    nextBefore: rows.length > query.limit && last ? `${last.cursorAt}~${last.id}` : null,
  };
}
