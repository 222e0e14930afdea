import { MSG } from '@common/messages';
import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { FormErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError } from '@/lib/api-client';
import { useLoginWithUsername } from '@/lib/api/login-username';
import { useModal } from '../hooks/use-modal';

/** A wrong password reads the same as on the sign-in pages; a wait or a suspension as the server words it. */
function failureMessage(error: Error): string {
  if (!(error instanceof ApiError)) return MSG.invalidCredentials;
  if (error.isNetworkError || error.status === 429 || error.status === 403) return error.message;
  return MSG.invalidCredentials;
}

/**
 * The session ended while the person was writing (expired, or ended elsewhere): they sign in again
 * here, as themselves, and the save that was refused is made again. Nothing on the page changes
 * meanwhile. A native modal dialog, like the send confirmation: no script of its own.
 */
export function SessionDialog({
  username,
  onSignedIn,
  onDismiss,
}: {
  username: string;
  onSignedIn: () => void;
  onDismiss: () => void;
}) {
  const dialog = useModal();
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const login = useLoginWithUsername({ again: true });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!password);
    if (!password) return;
    login.mutate({ username, password }, { onSuccess: onSignedIn });
  };

  const error = missing ? MSG.passwordRequired : login.isError ? failureMessage(login.error) : null;
  return (
    <dialog
      ref={dialog}
      aria-labelledby="session-dialog-title"
      aria-describedby="session-dialog-text"
      onCancel={onDismiss}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border bg-card p-6 text-card-foreground shadow-lg backdrop:bg-black/50"
    >
      <h2 id="session-dialog-title" className="text-lg font-semibold">
        Tu sesión terminó
      </h2>
      <p id="session-dialog-text" className="mt-2 text-sm">
        Tu texto sigue aquí y no se ha perdido. Ingresa tu contraseña para guardarlo.
      </p>
      <form noValidate onSubmit={submit} className="mt-4 grid gap-4">
        <p className="text-sm">
          Usuario: <span className="font-medium">{username}</span>
        </p>
        {/* For password managers: which account this password belongs to. */}
        <input type="hidden" name="username" autoComplete="username" value={username} />
        <div className="grid gap-2">
          <label htmlFor={passwordId} className="text-sm font-medium">
            Contraseña
          </label>
          <PasswordInput
            id={passwordId}
            name="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <FormErrorAlert message={error} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onDismiss}>
            Ahora no
          </Button>
          <Button type="submit" disabled={login.isPending || login.isSuccess}>
            {login.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            Ingresar y guardar
          </Button>
        </div>
      </form>
    </dialog>
  );
}
