import {
  API_SCOPE_LABELS,
  API_SCOPE_WARNINGS,
  API_SCOPES,
  HIERARCHY_SCOPE,
  SERVICE_ONLY_SCOPES,
  type ApiScope,
  type ApiToken,
  type ApiTokenKind,
  type PersonalTokenRules,
} from '@common/schemas/api-tokens';
import { dayMonthYear, formatDateTime } from '@common/date-format';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useOrganisationTimeZone } from '@/lib/api/get-config';
import { useApiTokenChanges, useApiTokens } from '../api/tokens';

const KIND_LABELS: Record<ApiTokenKind, string> = {
  PERSONAL: 'Personal',
  SERVICE: 'De servicio',
};

/** The UTC calendar day `days` from today, as the server counts a token's last day. */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** What an empty date means, and how far a personal token's date may go. */
function expiryHint(kind: ApiTokenKind, personal: PersonalTokenRules | undefined): string {
  if (kind === 'SERVICE') return 'Último día en que funciona. Sin fecha: hasta revocarlo.';
  if (!personal) return 'Último día en que funciona.';
  return (
    `Último día en que funciona. Sin fecha: ${personal.defaultDays} días, hasta el ` +
    `${dayMonthYear(dayFromToday(personal.defaultDays))}. Como máximo ${personal.maxDays} días, ` +
    `hasta el ${dayMonthYear(dayFromToday(personal.maxDays))}.`
  );
}

/**
 * 'Tokens de API': the tokens other systems use instead of a session. A new token is shown once,
 * right after it is made, with a button to copy it; the list shows names, scopes and last use.
 */
export function TokensCard({
  canMakeService,
  ownerId,
  offeredScopes = API_SCOPES,
}: {
  canMakeService: boolean;
  /** Lists this person's tokens alone (an administrator is answered everyone's). */
  ownerId?: string;
  /** The scopes worth offering: those the owner's own role can use. */
  offeredScopes?: readonly ApiScope[];
}) {
  const tokens = useApiTokens();
  const listed = (tokens.data?.tokens ?? []).filter((t) => !ownerId || t.owner.id === ownerId);
  const { create, revoke } = useApiTokenChanges();
  const timeZone = useOrganisationTimeZone();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<ApiTokenKind>(canMakeService ? 'SERVICE' : 'PERSONAL');
  const [scopes, setScopes] = useState<ApiScope[]>(['reports:read']);
  const [expiresAt, setExpiresAt] = useState('');
  const [made, setMade] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMade(null);
    create.mutate(
      { name, kind, scopes, expiresAt: expiresAt || null },
      {
        onSuccess: (answer) => {
          setMade(answer.token);
          setName('');
        },
      },
    );
  };
  // Deciding roles and managers widens what creating and editing people may set: one comes with
  // the other, as the server requires.
  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((current) => {
      const next = on ? [...current, scope] : current.filter((s) => s !== scope);
      if (on && scope === HIERARCHY_SCOPE && !next.includes('users:write'))
        return [...next, 'users:write'];
      if (!on && scope === 'users:write') return next.filter((s) => s !== HIERARCHY_SCOPE);
      return next;
    });
  // A personal token never carries what decides who reads whom (the server refuses it too).
  const shown = offeredScopes.filter(
    (scope) => kind === 'SERVICE' || !SERVICE_ONLY_SCOPES.includes(scope),
  );
  const chooseKind = (next: ApiTokenKind) => {
    setKind(next);
    if (next === 'PERSONAL')
      setScopes((current) => current.filter((s) => !SERVICE_ONLY_SCOPES.includes(s)));
  };
  const personal = tokens.data?.personal;
  // Only single sign-on lets this person in: the server refuses them a token, and says why.
  const refusal = kind === 'PERSONAL' ? (personal?.refusal ?? null) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Tokens de API</CardTitle>
        <CardDescription>
          Para que otros sistemas lean reportes o gestionen usuarios sin una sesión. Cada token solo
          hace lo que permiten sus permisos y quien lo creó.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid items-start gap-6 lg:grid-cols-2">
        {refusal ? (
          <Alert>
            <AlertDescription>{refusal}</AlertDescription>
          </Alert>
        ) : (
          <form onSubmit={submit} className="grid gap-4" aria-label="Crear token">
            <FormField label="Nombre">
              <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
            </FormField>
            {canMakeService ? (
              <FormField label="Tipo">
                <NativeSelect
                  value={kind}
                  onChange={(e) => chooseKind(e.target.value as ApiTokenKind)}
                >
                  <option value="SERVICE">{KIND_LABELS.SERVICE}</option>
                  <option value="PERSONAL">{KIND_LABELS.PERSONAL}</option>
                </NativeSelect>
              </FormField>
            ) : null}
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Permisos</legend>
              {shown.map((scope) => (
                <div key={scope} className="grid gap-1">
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={scopes.includes(scope)}
                      onChange={(e) => toggle(scope, e.target.checked)}
                      aria-describedby={API_SCOPE_WARNINGS[scope] ? `scope-${scope}` : undefined}
                    />
                    {API_SCOPE_LABELS[scope]}{' '}
                    <code className="text-xs text-muted-foreground">{scope}</code>
                  </label>
                  {API_SCOPE_WARNINGS[scope] ? (
                    <p
                      id={`scope-${scope}`}
                      className="ml-6 rounded border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-900"
                    >
                      {API_SCOPE_WARNINGS[scope]}
                    </p>
                  ) : null}
                </div>
              ))}
            </fieldset>
            <FormField label="Vence (opcional)" hint={expiryHint(kind, personal)}>
              <Input
                type="date"
                value={expiresAt}
                min={dayFromToday(0)}
                max={kind === 'PERSONAL' && personal ? dayFromToday(personal.maxDays) : undefined}
                onChange={(e) => setExpiresAt(e.target.value)}
              />
            </FormField>
            {create.isError ? (
              <Alert variant="destructive">
                <AlertDescription>{create.error.message}</AlertDescription>
              </Alert>
            ) : null}
            <Button type="submit" disabled={create.isPending} className="justify-self-start">
              {create.isPending ? 'Creando...' : 'Crear token'}
            </Button>
          </form>
        )}

        <div className="grid min-w-0 gap-4">
          {made ? (
            <Alert>
              <AlertDescription className="grid gap-2">
                <span>Copia el token ahora: no se volverá a mostrar.</span>
                <span className="flex min-w-0 items-center gap-2">
                  <code className="min-w-0 break-all rounded bg-muted px-2 py-1 text-xs">
                    {made}
                  </code>
                  <CopyButton text={made} label="Copiar token" copiedTitle="Token copiado" />
                </span>
              </AlertDescription>
            </Alert>
          ) : null}

          {tokens.isPending ? (
            <Spinner label="Cargando tokens..." />
          ) : tokens.isError ? (
            <Alert variant="destructive">
              <AlertDescription>{tokens.error.message}</AlertDescription>
            </Alert>
          ) : listed.length === 0 ? (
            <p className="text-sm text-muted-foreground">Aún no hay tokens.</p>
          ) : (
            <ul aria-label="Tokens" className="divide-y rounded-md border">
              {listed.map((token) => (
                <TokenItem
                  key={token.id}
                  token={token}
                  timeZone={timeZone}
                  revoking={revoke.isPending && revoke.variables === token.id}
                  onRevoke={() => revoke.mutate(token.id)}
                />
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function TokenItem({
  token,
  timeZone,
  revoking,
  onRevoke,
}: {
  token: ApiToken;
  timeZone: string;
  revoking: boolean;
  onRevoke: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="grid gap-1 px-3 py-2 text-sm">
      <span className="flex min-w-0 flex-wrap items-baseline gap-x-2">
        <span className="font-medium">{token.name}</span>
        <span className="text-xs text-muted-foreground">
          {KIND_LABELS[token.kind]} · {token.owner.fullName} · <code>{token.preview}…</code>
        </span>
      </span>
      <span className="text-xs text-muted-foreground">
        {token.scopes.map((s) => API_SCOPE_LABELS[s]).join(', ')}
      </span>
      {token.scopes.some((s) => API_SCOPE_WARNINGS[s]) ? (
        <span className="text-xs font-medium text-amber-900">
          Decide quién lee los reportes de quién.
        </span>
      ) : null}
      <span className="text-xs text-muted-foreground">
        {token.lastUsedAt
          ? `Último uso: ${formatDateTime(token.lastUsedAt, timeZone)}`
          : 'Sin usar'}
        {token.expiresAt ? ` · Vence: ${dayMonthYear(token.expiresAt)}` : ''}
      </span>
      {confirming ? (
        <span className="flex flex-wrap items-center gap-2">
          <span>¿Revocar «{token.name}»? Dejará de funcionar de inmediato.</span>
          <Button size="sm" variant="destructive" onClick={onRevoke} disabled={revoking}>
            Revocar
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
            Cancelar
          </Button>
        </span>
      ) : (
        <Button
          size="sm"
          variant="outline"
          className="justify-self-start"
          onClick={() => setConfirming(true)}
        >
          Revocar
        </Button>
      )}
    </li>
  );
}
