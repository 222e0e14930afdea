import { and, eq } from 'drizzle-orm';
import { csvOf, WEEKLY_LAYOUT, type WeeklyRow } from '../../../common/report-layouts';
import type { AppContext } from '../../context';
import { appaSubmissions } from '../../db/schema';
import type { Area } from '../../domain/hierarchy';
import { areaMembers, inArea, weekPeople, type WeekPerson } from '../../domain/week-people';
import { slugify } from '../../services/users';
import { organisationTimezone } from './service';

/** Where a person stands in the week: sent, away all week, a draft, or nothing yet. */
function standing(person: WeekPerson): WeeklyRow['status'] {
  if (person.report?.status === 'ENVIADO') return 'ENVIADO';
  if (person.absent) return 'AUSENTE';
  return person.report ? 'BORRADOR' : 'PENDIENTE';
}

/** The text of the week's sent reports, by author. */
async function sentReports(ctx: AppContext, weekStart: string) {
  const rows = await ctx.db
    .select({
      userId: appaSubmissions.userId,
      submittedAt: appaSubmissions.submittedAt,
      avances: appaSubmissions.avances,
      planes: appaSubmissions.planes,
      problemas: appaSubmissions.problemas,
      ayuda: appaSubmissions.ayuda,
      kpiNombre: appaSubmissions.kpiNombre,
      kpiMetaPct: appaSubmissions.kpiMetaPct,
      kpiLogroPct: appaSubmissions.kpiLogroPct,
      reviewedAt: appaSubmissions.reviewedAt,
    })
    .from(appaSubmissions)
    .where(and(eq(appaSubmissions.weekStart, weekStart), eq(appaSubmissions.status, 'ENVIADO')));
  return new Map(rows.map((r) => [r.userId, r]));
}

/**
 * The weekly CSV: everyone of `area` (the organisation when not given) expected to report in the
 * week or away all of it, and anyone of it who sent one, by name; only `team` (an
 * unidadOrganizacional) when given. A finished week shows each person's area and manager then.
 * The one file the panel, the dashboards and Reportes download for a week.
 */
export async function weekCsv(
  ctx: AppContext,
  { weekStart, area, team = '' }: { weekStart: string; area?: Area; team?: string },
): Promise<string> {
  const [everyone, members, reports, timeZone] = await Promise.all([
    weekPeople(ctx, weekStart),
    areaMembers(ctx, area, weekStart),
    sentReports(ctx, weekStart),
    organisationTimezone(ctx),
  ]);
  const nameOf = new Map(everyone.map((p) => [p.id, p.fullName]));
  const rows = inArea(everyone, members)
    .filter((p) => p.expected || p.absent || p.report?.status === 'ENVIADO')
    .filter((p) => !team || p.unidadOrganizacional === team)
    .map((p): WeeklyRow => {
      const sent = reports.get(p.id);
      return {
        fullName: p.fullName,
        area: p.unidadOrganizacional,
        managerName: p.managerId ? (nameOf.get(p.managerId) ?? null) : null,
        status: standing(p),
        report: sent
          ? {
              ...sent,
              submittedAt: sent.submittedAt?.toISOString() ?? null,
              reviewed: sent.reviewedAt !== null,
            }
          : null,
      };
    });
  return csvOf(WEEKLY_LAYOUT, rows, { timeZone });
}

/** 'appa-semana-2026-11-16.csv', or 'appa-semana-2026-11-16-ventas.csv' for one team. */
export function weekCsvFileName(weekStart: string, team: string): string {
  const slug = slugify(team);
  return `appa-semana-${weekStart}${slug ? `-${slug}` : ''}.csv`;
}
