import { describe, expect, it } from 'vitest';
import { teamSummary } from './team-summary';

const byRole = (role: string, total: number) => ({ role, total, sent: 0, drafts: 0 });

describe('teamSummary', () => {
  it('counts managers and leaders by role, and everyone below from the hierarchy', () => {
    expect(
      teamSummary({
        analytics: { byRole: [byRole('GERENTE', 1), byRole('LIDER', 2), byRole('USER', 9)] },
        hierarchy: { allReports: 12 },
      }),
    ).toEqual({ managers: 1, leaders: 2, collaborators: 12 });
  });

  it('is all zeros for nobody', () => {
    expect(teamSummary({ analytics: { byRole: [] }, hierarchy: { allReports: 0 } })).toEqual({
      managers: 0,
      leaders: 0,
      collaborators: 0,
    });
  });
});
