import { searchUsers } from '@common/week-filters';
import type { UserWithCount } from '@common/schemas/users';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';

/**
 * 'Usuarios específicos': a searchable list of the active users, each with a checkbox. The list
 * scrolls inside its own box (spec 2 §9: at most 24rem high).
 */
export function RecipientPicker({
  users,
  selected,
  onChange,
  error,
}: {
  users: readonly UserWithCount[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
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
