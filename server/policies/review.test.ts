import { describe, expect, it } from 'vitest';
import { ROLES } from '../../common/roles';
import { canListReports } from './review';

describe('review policy', () => {
  it.each(ROLES)('%s lists every report of a week only when ADMIN or CONSEJO', (role) => {
    expect(canListReports({ role })).toBe(role === 'ADMIN' || role === 'CONSEJO');
  });
});
