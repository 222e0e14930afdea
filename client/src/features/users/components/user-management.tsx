import { paginate, searchUsers } from '@common/week-filters';
import type { User } from '@common/schemas/auth';
import { Search, Upload, UserPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { RetryAlert } from '@/components/retry-alert';
import { useUsersWithCounts } from '../api/get-users-with-counts';
import { BulkUploadDialogBody } from './bulk-upload-dialog';
import { CreateUserDialogBody } from './create-user-dialog';
import { EditUserDialogBody } from './edit-user-dialog';
import { ResetPasswordDialogBody } from './reset-password-dialog';
import { TablePager } from '@/components/table-pager';
import { UsersTable } from './users-table';

const USERS_PAGE_SIZE = 50;

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'bulk' }
  | { kind: 'edit'; user: User }
  | { kind: 'password'; user: User };

/**
 * 'Gestión de Usuarios': search, the table, and the create, edit and password dialogs.
 * `remindButton` is each active user's 'Recordar', which the screen takes from the reminders.
 */
export function UserManagement({ remindButton }: { remindButton: (user: User) => ReactNode }) {
  const users = useUsersWithCounts();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  // While a bulk import runs the dialog stays open: closing it would hide the results.
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (!busy) setDialog(null);
  };
  const [page, setPage] = useState(1);
  const people = users.data ?? [];
  const shown = searchUsers(people, search);
  // A large organisation's list is shown a page at a time; the search looks through all of it.
  const pager = paginate(shown, page, USERS_PAGE_SIZE);

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle>Gestión de Usuarios</CardTitle>
          <CardDescription>
            Crea, edita y suspende a las personas que usan el sistema.
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => setDialog({ kind: 'bulk' })}
            disabled={!users.isSuccess}
          >
            <Upload aria-hidden="true" />
            Carga Masiva
          </Button>
          <Button onClick={() => setDialog({ kind: 'create' })} disabled={!users.isSuccess}>
            <UserPlus aria-hidden="true" />
            Crear Usuario
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="relative max-w-md">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Buscar usuarios"
            placeholder="Buscar por nombre o correo..."
            className="pl-9"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
        </div>

        {users.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label="Cargando usuarios" />
          </div>
        ) : users.isError ? (
          <RetryAlert
            message={`No se pudieron cargar los usuarios. ${users.error.message}`}
            onRetry={() => void users.refetch()}
          />
        ) : shown.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">No se encontraron usuarios.</p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {shown.length === people.length
                ? `${people.length} usuarios`
                : `${shown.length} de ${people.length} usuarios`}
            </p>
            <UsersTable
              users={pager.rows}
              onEdit={(user) => setDialog({ kind: 'edit', user })}
              onResetPassword={(user) => setDialog({ kind: 'password', user })}
              remindButton={remindButton}
            />
            {pager.pageCount > 1 ? (
              <TablePager page={pager.page} pageCount={pager.pageCount} onPage={setPage} />
            ) : null}
          </>
        )}
      </CardContent>

      <Dialog open={dialog !== null} onOpenChange={(open) => (open ? undefined : close())}>
        <DialogContent className={dialog?.kind === 'password' ? undefined : 'sm:max-w-2xl'}>
          {dialog?.kind === 'create' ? <CreateUserDialogBody people={people} /> : null}
          {dialog?.kind === 'bulk' ? <BulkUploadDialogBody onBusyChange={setBusy} /> : null}
          {dialog?.kind === 'edit' ? (
            <EditUserDialogBody user={dialog.user} people={people} onDone={close} />
          ) : null}
          {dialog?.kind === 'password' ? <ResetPasswordDialogBody user={dialog.user} /> : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
