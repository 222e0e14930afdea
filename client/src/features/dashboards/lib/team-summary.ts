import type { TeamMember } from '@common/schemas/dashboard';

export interface TeamSummary {
  managers: number;
  leaders: number;
  /** Everyone below the viewer. */
  collaborators: number;
}

/** Mi Equipo's summary: managers, leaders and everyone below the viewer. */
export function teamSummary(members: readonly Pick<TeamMember, 'role'>[]): TeamSummary {
  return {
    managers: members.filter((m) => m.role === 'GERENTE').length,
    leaders: members.filter((m) => m.role === 'LIDER').length,
    collaborators: members.length,
  };
}
