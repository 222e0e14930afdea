import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { MSG } from '../../../common/messages';
import { ABSENCE_MSG, type Absence, type CreateAbsence } from '../../../common/schemas/absences';
import type { AppContext } from '../../context';
import { absences, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { mayChangePastWeeks } from '../../policies/absence';
import type { Actor } from '../../policies/actor';
import { audit } from '../../services/audit';
import { keptSettings } from '../../services/settings';
import { weekOf } from '../../../common/week';

function selectAbsences(ctx: AppContext) {
  return ctx.db
    .select({
      id: absences.id,
      userId: absences.userId,
      from: absences.fromDate,
      to: absences.toDate,
      reason: absences.reason,
      createdById: users.id,
      createdByName: users.fullName,
      createdAt: absences.createdAt,
    })
    .from(absences)
    .leftJoin(users, eq(users.id, absences.createdById));
}

function present(row: Awaited<ReturnType<typeof selectAbsences>>[number]): Absence {
  return {
    id: row.id,
    userId: row.userId,
    from: row.from,
    to: row.to,
    reason: row.reason,
    createdBy:
      row.createdById && row.createdByName
        ? { id: row.createdById, fullName: row.createdByName }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One person's absences that touch [from, to] (either end open), earliest first. */
export async function listAbsences(
  ctx: AppContext,
  query: { userId: string; from?: string; to?: string },
): Promise<Absence[]> {
  const rows = await selectAbsences(ctx)
    .where(
      and(
        eq(absences.userId, query.userId),
        query.from ? gte(absences.toDate, query.from) : undefined,
        query.to ? lte(absences.fromDate, query.to) : undefined,
      ),
    )
    .orderBy(asc(absences.fromDate), asc(absences.id));
  return rows.map(present);
}

export async function createAbsence(
  ctx: AppContext,
  actor: Actor,
  input: CreateAbsence,
): Promise<Absence> {
  const [person] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!person) throw notFound(MSG.userNotFound);
  await assertMayTouchFrom(ctx, actor, input.userId, input.from);
  const [saved] = await ctx.db
    .insert(absences)
    .values({
      userId: input.userId,
      fromDate: input.from,
      toDate: input.to,
      reason: input.reason,
      createdById: actor.id,
      createdAt: ctx.clock(),
    })
    .returning({ id: absences.id });
  if (!saved) throw new Error('absence not inserted');
  await audit(ctx.db, {
    actorId: actor.id,
    action: 'absence.created',
    entity: 'absence',
    entityId: saved.id,
    meta: { userId: input.userId, from: input.from, to: input.to, reason: input.reason },
  });
  const [row] = await selectAbsences(ctx).where(eq(absences.id, saved.id));
  if (!row) throw notFound(ABSENCE_MSG.notFound);
  return present(row);
}

/** Whose absence it is, what deciding on it needs; 404 when there is none. */
export async function loadAbsenceRef(ctx: AppContext, id: string) {
  const [row] = await ctx.db
    .select({ id: absences.id, userId: absences.userId, from: absences.fromDate })
    .from(absences)
    .where(eq(absences.id, id))
    .limit(1);
  if (!row) throw notFound(ABSENCE_MSG.notFound);
  return row;
}

/** Refuses a change that reaches a finished week unless the actor may change past weeks. */
async function assertMayTouchFrom(ctx: AppContext, actor: Actor, userId: string, from: string) {
  if (mayChangePastWeeks(actor, userId)) return;
  const { organisationTimezone } = await keptSettings(ctx);
  if (from < weekOf(ctx.clock(), organisationTimezone).weekStart) {
    throw badRequest(ABSENCE_MSG.pastWeeks);
  }
}

export async function deleteAbsence(
  ctx: AppContext,
  actor: Actor,
  absence: { id: string; userId: string; from: string },
) {
  await assertMayTouchFrom(ctx, actor, absence.userId, absence.from);
  const id = absence.id;
  const [gone] = await ctx.db
    .delete(absences)
    .where(eq(absences.id, id))
    .returning({ userId: absences.userId, from: absences.fromDate, to: absences.toDate });
  if (!gone) throw notFound(ABSENCE_MSG.notFound);
  await audit(ctx.db, {
    actorId: actor.id,
    action: 'absence.deleted',
    entity: 'absence',
    entityId: id,
    meta: gone,
  });
}
