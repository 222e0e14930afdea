import { landingPathFor } from '@common/roles';
import type { User } from '@common/schemas/auth';
import { Navigate } from 'react-router';
import { AccessDenied } from '@/components/access-denied';
import { UserNotFound } from '@/components/user-not-found';
import { LogoutButton } from '@/components/layouts/logout-button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/api/get-current-user';
import { usePublicUser } from '@/lib/api/get-public-user';
import { useProductName } from '@/lib/api/get-config';

/** Someone opened another person's report link while signed in: nobody writes another's report. */
function NotYourReport({ slug, user }: { slug: string; user: User }) {
  const owner = usePublicUser(slug);
  if (owner.isPending) return <FullPageSpinner />;
  if (owner.isError) throw owner.error;
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      {owner.data ? <AccessDenied homePath={landingPathFor(user)} /> : <UserNotFound slug={slug} />}
    </main>
  );
}

function ReportLayout({ slug, user }: { slug: string; user: User }) {
  const productName = useProductName();
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <div className="min-w-0">
            <h1 className="text-xl font-bold tracking-tight text-primary sm:text-2xl">
              {productName}
            </h1>
            <p className="text-muted-foreground">Reporte Semanal - {user.fullName}</p>
          </div>
          <LogoutButton label="Salir" to={`/appa/${slug}`} />
        </div>
      </header>
      <main className="mx-auto max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
        <Card>
          <CardHeader>
            <CardTitle>Tu APPA de esta semana</CardTitle>
            <CardDescription>El formulario estará disponible pronto.</CardDescription>
          </CardHeader>
        </Card>
      </main>
    </div>
  );
}

/** /appa/{slug}/submit: the weekly report of the person the link belongs to. */
export function ReportPage({ slug }: { slug: string }) {
  const { data: user, isPending } = useCurrentUser();

  if (isPending) return <FullPageSpinner />;
  if (!user) return <Navigate to={`/appa/${slug}`} replace />;
  if (user.mustChangePassword) return <Navigate to="/change-password" replace />;
  if (user.slug !== slug) return <NotYourReport slug={slug} user={user} />;
  return <ReportLayout slug={slug} user={user} />;
}
