import type { UserWithCount } from '@common/schemas/users';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UsersTable } from './users-table';

const berta: UserWithCount = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'berta@empresa.pe',
  username: 'berta',
  fullName: 'Berta Bloqueada',
  cargo: null,
  role: 'USER',
  managerId: null,
  unidadOrganizacional: null,
  status: 'ACTIVO',
  slug: 'berta-bloqueada',
  mustChangePassword: false,
  timezone: 'America/Lima',
  lastLoginAt: null,
  createdAt: '2026-11-02T15:00:00.000Z',
  updatedAt: '2026-11-02T15:00:00.000Z',
  submissionCount: 0,
  abilities: { edit: true, suspend: true, resetPassword: true, remind: true, unblockSignIn: false },
};

const table = (user: UserWithCount) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <UsersTable
        users={[user]}
        onEdit={() => undefined}
        onResetPassword={() => undefined}
        remindButton={() => null}
      />
    </QueryClientProvider>,
  );

describe('the users table', () => {
  // Each row copies the person's full link, built from the page's address.
  beforeAll(() => vi.stubGlobal('window', { location: { origin: 'https://appa.example.com' } }));
  afterAll(() => vi.unstubAllGlobals());

  it('says who is held back by failed sign-ins beside their name, and offers to let them in', () => {
    const held = table({ ...berta, abilities: { ...berta.abilities, unblockSignIn: true } });
    expect(held).toContain('Acceso bloqueado');
    expect(held).toContain('Desbloquear acceso de Berta Bloqueada');

    const free = table(berta);
    expect(free).not.toContain('Acceso bloqueado');
    expect(free).not.toContain('Desbloquear acceso');
  });

  it('offers a status change only where the server allows it (never on one’s own row)', () => {
    const select = (html: string) =>
      /<select[^>]*aria-label="Estado de Berta Bloqueada"[^>]*>/.exec(html)?.[0] ?? '';
    expect(select(table(berta))).not.toContain(' disabled=""');
    const own = table({ ...berta, abilities: { ...berta.abilities, suspend: false } });
    expect(select(own)).toContain(' disabled=""');
  });
});
