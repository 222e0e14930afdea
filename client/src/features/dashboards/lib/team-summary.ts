export interface TeamSummary {
  managers: number;
  leaders: number;
  /** Everyone below the viewer. */
  collaborators: number;
}

/**
 * Mi Equipo's summary: managers, leaders and everyone below the viewer, from the counts (the
 * organisation's answer, as an administrator opens /vp, holds no list of members).
 */
export function teamSummary({
  analytics,
  hierarchy,
}: {
  analytics: { byRole: readonly { role: string; total: number }[] };
  hierarchy: { allReports: number };
}): TeamSummary {
  const totals = new Map(analytics.byRole.map((r) => [r.role, r.total]));
  return {
    managers: totals.get('GERENTE') ?? 0,
    leaders: totals.get('LIDER') ?? 0,
    collaborators: hierarchy.allReports,
  };
}
