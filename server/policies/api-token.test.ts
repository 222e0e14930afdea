import { describe, expect, it } from 'vitest';
import { API_TOKEN_MSG } from '../../common/schemas/api-tokens';
import { tokenRefusal, type PersonWrite } from './api-token';

const WRITE = ['users:write'];
const HIERARCHY = ['users:write', 'people:admin'];
const user = { role: 'USER', managerId: null, status: 'ACTIVO' } as const;
const manager = { role: 'GERENTE', managerId: null, status: 'ACTIVO' } as const;

/**
 * Every write a token may make to a person, with what `users:write` alone and with `people:admin`
 * answer: null when allowed, else the refusal's message (which names the missing scope).
 */
const MATRIX: [string, PersonWrite, string | null, string | null][] = [
  ['create a Usuario', { before: null, role: 'USER', managerId: null }, null, null],
  [
    'create a Líder',
    { before: null, role: 'LIDER', managerId: null },
    API_TOKEN_MSG.roleNeedsHierarchyScope,
    null,
  ],
  [
    'create under a manager',
    { before: null, role: 'USER', managerId: 'm' },
    API_TOKEN_MSG.managerNeedsHierarchyScope,
    null,
  ],
  [
    'create an administrator',
    { before: null, role: 'ADMIN' },
    API_TOKEN_MSG.administratorsNeedSession,
    API_TOKEN_MSG.administratorsNeedSession,
  ],
  ['rename a Gerente', { before: manager, cargo: 'x' } as PersonWrite, null, null],
  ['restate a role', { before: manager, role: 'GERENTE' }, null, null],
  [
    'promote to Consejo',
    { before: user, role: 'CONSEJO' },
    API_TOKEN_MSG.roleNeedsHierarchyScope,
    null,
  ],
  [
    'demote to Usuario',
    { before: manager, role: 'USER' },
    API_TOKEN_MSG.roleNeedsHierarchyScope,
    null,
  ],
  [
    'move under someone',
    { before: user, managerId: 'm' },
    API_TOKEN_MSG.managerNeedsHierarchyScope,
    null,
  ],
  ['restate a manager', { before: { ...user, managerId: 'm' }, managerId: 'm' }, null, null],
  [
    'change an e-mail',
    { before: user, email: 'x@example.com' },
    API_TOKEN_MSG.emailNeedsSession,
    API_TOKEN_MSG.emailNeedsSession,
  ],
  ['suspend a Gerente', { before: manager, status: 'SUSPENDIDO' }, null, null],
  [
    'reactivate a Gerente',
    { before: { ...manager, status: 'SUSPENDIDO' }, status: 'ACTIVO' },
    API_TOKEN_MSG.reactivationNeedsHierarchyScope,
    null,
  ],
  [
    'accept a pending Gerente',
    { before: { ...manager, status: 'PENDIENTE' }, status: 'ACTIVO' },
    API_TOKEN_MSG.reactivationNeedsHierarchyScope,
    null,
  ],
  [
    'reactivate a Usuario',
    { before: { ...user, status: 'SUSPENDIDO' }, status: 'ACTIVO' },
    null,
    null,
  ],
  [
    'reactivate a Usuario with people under them',
    { before: { ...user, status: 'SUSPENDIDO', leadsAnyone: true }, status: 'ACTIVO' },
    API_TOKEN_MSG.reactivationNeedsHierarchyScope,
    null,
  ],
  [
    'suspend an administrator',
    { before: { ...user, role: 'ADMIN' }, status: 'SUSPENDIDO' },
    API_TOKEN_MSG.administratorsNeedSession,
    API_TOKEN_MSG.administratorsNeedSession,
  ],
];

describe('what a token may do to people', () => {
  it.each(MATRIX)('%s', (_name, write, withWrite, withHierarchy) => {
    expect(tokenRefusal(WRITE, write)).toBe(withWrite);
    expect(tokenRefusal(HIERARCHY, write)).toBe(withHierarchy);
  });

  it('every refusal that a scope would lift names that scope', () => {
    for (const [, , withWrite, withHierarchy] of MATRIX) {
      if (withWrite && !withHierarchy) expect(withWrite).toContain('people:admin');
    }
  });
});
