import { ROLE_LABELS } from '@common/roles';
import type { User } from '@common/schemas/auth';
import type { UserWithCount } from '@common/schemas/users';
import { KeyRound, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { TableRegion } from '@/components/table-region';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { formatDateTime } from '@common/date-format';
import { personalPath, personalUrl } from '../lib/personal-url';
import { UserStatusSelect } from './user-status-select';
import { UnblockSignInButton } from './unblock-sign-in-button';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

const COLUMNS = {
  user: 'Usuario',
  cargo: 'Cargo',
  role: 'Rol',
  status: 'Estado',
  sent: 'APPAs enviados',
  url: 'URL personal',
  lastLogin: 'Último acceso',
  actions: 'Acciones',
} as const;
const HEADERS = Object.values(COLUMNS);

/** The users of the panel: a table, or a list of cards on a phone. */
export function UsersTable({
  users,
  onEdit,
  onResetPassword,
  remindButton,
}: {
  users: readonly UserWithCount[];
  onEdit: (user: User) => void;
  onResetPassword: (user: User) => void;
  /** 'Recordar' for an active user; the screen supplies it from the reminders. */
  remindButton: (user: User) => ReactNode;
}) {
  const timeZone = useOrganisationTimeZone();
  return (
    <TableRegion label="Tabla de usuarios">
      <table className="w-full min-w-[56rem] border-collapse text-sm">
        <thead className="bg-muted/60 text-left text-xs text-muted-foreground uppercase">
          <tr>
            {HEADERS.map((header) => (
              <th key={header} scope="col" className="px-2 py-2.5 font-medium">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className="border-t align-middle">
              <th scope="row" className="min-w-44 px-2 py-2.5 text-left font-normal">
                <span className="block font-medium break-words">{user.fullName}</span>
                <span className="block text-muted-foreground [overflow-wrap:anywhere]">
                  {user.email}
                </span>
                {/* The unblock button sits at the end of a row that scrolls sideways: the name
                    says it too. */}
                {user.abilities.unblockSignIn ? (
                  <span className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                    Acceso bloqueado
                  </span>
                ) : null}
              </th>
              <td data-label={COLUMNS.cargo} className="min-w-28 px-2 py-2.5 break-words">
                {user.cargo ?? '—'}
              </td>
              <td data-label={COLUMNS.role} className="px-2 py-2.5 whitespace-nowrap">
                {ROLE_LABELS[user.role]}
              </td>
              <td data-label={COLUMNS.status} className="px-2 py-2.5">
                <UserStatusSelect user={user} />
              </td>
              <td data-label={COLUMNS.sent} className="px-2 py-2.5 text-center tabular-nums">
                {user.submissionCount}
              </td>
              <td data-label={COLUMNS.url} className="px-2 py-2.5">
                <div className="flex items-center gap-1">
                  <code className="block max-w-32 truncate text-xs" title={personalPath(user.slug)}>
                    {personalPath(user.slug)}
                  </code>
                  <CopyButton
                    text={personalUrl(user.slug)}
                    label={`Copiar URL de ${user.fullName}`}
                    copiedTitle="URL copiado"
                    variant="ghost"
                    size="sm"
                    className="size-9 px-0"
                  />
                </div>
              </td>
              <td
                data-label={COLUMNS.lastLogin}
                className="px-2 py-2.5 whitespace-nowrap tabular-nums"
              >
                {user.lastLoginAt ? formatDateTime(user.lastLoginAt, timeZone) : 'Nunca'}
              </td>
              <td data-label={COLUMNS.actions} className="px-2 py-2.5">
                <div className="flex flex-wrap gap-1 sm:flex-nowrap">
                  <Button
                    variant="ghost"
                    size="sm"
                    className="size-9 px-0"
                    aria-label={`Cambiar contraseña de ${user.fullName}`}
                    title="Cambiar contraseña"
                    onClick={() => onResetPassword(user)}
                  >
                    <KeyRound aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="size-9 px-0"
                    aria-label={`Editar a ${user.fullName}`}
                    title="Editar"
                    onClick={() => onEdit(user)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  {user.abilities.remind ? remindButton(user) : null}
                  {user.abilities.unblockSignIn ? <UnblockSignInButton user={user} /> : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
