import { searchUsers } from '@common/week-filters';
import type { User } from '@common/schemas/auth';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';

export type Recipient = Pick<User, 'id' | 'fullName' | 'email' | 'status'>;

/** The people chosen for 'Usuarios específicos', held by the reminder form. */
export type RecipientSelection = {
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string;
};

/**
 * 'Usuarios específicos': the users as the screen loads them (a query's data and error), then a
 * searchable list of the active ones, each with a checkbox.
 */
export function RecipientPicker({
  users,
  ...selection
}: {
  users: { data: readonly Recipient[] | undefined; error: Error | null };
} & RecipientSelection) {
  if (users.error) {
    return (
      <p role="alert" className="text-sm text-destructive">
        No se pudieron cargar los usuarios. {users.error.message}
      </p>
    );
  }
  if (!users.data) return <p className="text-sm text-muted-foreground">Cargando usuarios…</p>;
  return <RecipientList users={users.data} {...selection} />;
}

/** The list scrolls inside its own box, at most 24rem high. */
function RecipientList({
  users,
  selected,
  onChange,
  error,
}: { users: readonly Recipient[] } & RecipientSelection) {
  const [search, setSearch] = useState('');
  const errorId = useId();
  const active = users.filter((u) => u.status === 'ACTIVO');
  const shown = searchUsers(active, search);
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...selected, id] : selected.filter((s) => s !== id));

  return (
    <fieldset
      className="grid gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-2 text-sm font-medium">
        Destinatarios ({selected.length} seleccionados)
      </legend>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Buscar destinatarios"
          placeholder="Buscar por nombre o correo"
          className="pl-9"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <ul className="max-h-96 overflow-y-auto rounded-md border">
        {shown.length === 0 ? (
          <li className="p-3 text-sm text-muted-foreground">Ningún usuario coincide.</li>
        ) : (
          shown.map((user) => (
            <li key={user.id} className="border-b last:border-b-0">
              <label className="flex cursor-pointer items-start gap-3 p-3 hover:bg-muted/50">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  checked={selected.includes(user.id)}
                  onChange={(e) => toggle(user.id, e.target.checked)}
                />
                <span className="grid gap-0.5 text-sm">
                  <span className="font-medium">{user.fullName}</span>
                  <span className="text-muted-foreground [overflow-wrap:anywhere]">
                    {user.email}
                  </span>
                </span>
              </label>
            </li>
          ))
        )}
      </ul>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
