import { describe, expect, it } from 'vitest';
import { teamSummary } from './team-summary';

describe('teamSummary', () => {
  it('counts managers, leaders and everyone below', () => {
    expect(
      teamSummary([{ role: 'GERENTE' }, { role: 'LIDER' }, { role: 'LIDER' }, { role: 'USER' }]),
    ).toEqual({ managers: 1, leaders: 2, collaborators: 4 });
  });

  it('is all zeros for nobody', () => {
    expect(teamSummary([])).toEqual({ managers: 0, leaders: 0, collaborators: 0 });
  });
});
