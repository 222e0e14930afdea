import { ROLE_LABELS } from '@common/roles';
import type { ApiScope } from '@common/schemas/api-tokens';
import type { NavigationAbilities } from '@common/schemas/auth';
import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TokensCard } from '@/features/tokens/components/tokens-card';
import { useSignedInUser } from '@/lib/api/get-current-user';

/**
 * The scopes a person's token could ever use: reading reports for everyone (each reads what they
 * may), people for administrators, reminders for those who remind. The server still checks each
 * request against the owner; this only keeps the form from offering what would always be refused.
 */
function usefulScopes(abilities: NavigationAbilities): ApiScope[] {
  return [
    'reports:read',
    ...(abilities.administer ? (['users:read', 'users:write'] as const) : []),
    ...(abilities.remind ? (['reminders:write'] as const) : []),
  ];
}

/**
 * Mi cuenta: what belongs to the person rather than to their role: who they are, their password,
 * and the personal tokens their own scripts use. Everyone reaches it from the header; an
 * administrator's service tokens stay in Configuración, with everyone else's.
 */
export function AccountPage() {
  const user = useSignedInUser();
  return (
    <>
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Mi cuenta</h1>
        <p className="mt-1 text-muted-foreground">Tus datos de acceso y tus tokens personales.</p>
      </div>
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{user.fullName}</CardTitle>
            <CardDescription>
              {ROLE_LABELS[user.role]}
              {user.email ? ` · ${user.email}` : ''}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" asChild>
              <Link to="/change-password">
                <KeyRound aria-hidden="true" />
                Cambiar contraseña
              </Link>
            </Button>
          </CardContent>
        </Card>
        <TokensCard
          canMakeService={false}
          ownerId={user.id}
          offeredScopes={usefulScopes(user.abilities)}
        />
      </div>
    </>
  );
}
