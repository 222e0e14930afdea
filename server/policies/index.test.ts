import { describe, expect, it } from 'vitest';
import { ROLES } from '../../common/roles';
import { can } from '.';

const AUTHOR = 'author-id';
const draft = { userId: AUTHOR, status: 'BORRADOR' as const };
const sent = { userId: AUTHOR, status: 'ENVIADO' as const };

describe('report policy', () => {
  it.each(ROLES)('%s reads and writes only what the rules allow', (role) => {
    const stranger = { id: 'someone-else', role };
    const author = { id: AUTHOR, role };
    expect(can(author, 'report:read', sent)).toBe(true);
    expect(can(author, 'report:write', draft)).toBe(true);
    expect(can(author, 'report:write', sent)).toBe(false);
    expect(can(stranger, 'report:read', sent)).toBe(role === 'ADMIN' || role === 'CONSEJO');
    expect(can(stranger, 'report:write', draft)).toBe(false);
  });
});
