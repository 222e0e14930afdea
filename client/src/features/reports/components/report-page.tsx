import { REDIRECT_DELAY_MS } from '@common/constants';
import type { SubmissionStatus } from '@common/roles';
import type { User } from '@common/schemas/auth';
import type { CurrentReport } from '@common/schemas/report';
import { weekLabel } from '@common/week-label';
import { CircleAlert, RotateCw } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LogoutButton } from '@/components/layouts/logout-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useProductName } from '@/lib/api/get-config';
import { useCurrentUser } from '@/lib/api/get-current-user';
import { usePublicUser } from '@/lib/api/get-public-user';
import { useLogout } from '@/lib/api/logout';
import { formatDateTime } from '@common/date-format';
import { useCurrentReport } from '../api/get-current-report';
import { ReportForm } from './report-form';
import { retryableLazy } from '@/lib/retryable-lazy';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

// Shown after sending, for a report already sent, or for a wrong link: not in the form's first
// load, to stay within the page's JavaScript budget. The route's Suspense shows the spinner meanwhile.
const SentReport = retryableLazy(() =>
  import('./sent-report').then((m) => ({ default: m.SentReport })),
);
const ThankYouCard = retryableLazy(() =>
  import('./thank-you-card').then((m) => ({ default: m.ThankYouCard })),
);
const UserNotFound = retryableLazy(() =>
  import('@/components/user-not-found').then((m) => ({ default: m.UserNotFound })),
);

/**
 * Someone signed in opened another person's report link. Nobody writes another's report: an
 * existing link goes to its sign-in page (which forwards the person to their own report).
 */
function OtherPersonsReport({ slug }: { slug: string }) {
  const owner = usePublicUser(slug);
  if (owner.isPending) return <FullPageSpinner />;
  if (owner.isError) throw owner.error;
  if (owner.data) return <Navigate to={`/appa/${slug}`} replace />;
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <UserNotFound slug={slug} />
    </main>
  );
}

function ReportLayout({
  slug,
  user,
  links,
  children,
}: {
  slug: string;
  user: User;
  /** The person's links and bell, beside 'Salir'. */
  links: ReactNode;
  children: ReactNode;
}) {
  const productName = useProductName();
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <div className="min-w-0">
            <h1 className="text-xl font-bold tracking-tight text-primary sm:text-2xl">
              {productName}
            </h1>
            <p className="break-words text-muted-foreground">Reporte Semanal - {user.fullName}</p>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            {links}
            <LogoutButton label="Salir" to={`/appa/${slug}`} />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-3 py-6 sm:px-6 sm:py-8">{children}</main>
    </div>
  );
}

function WeekCard({ current, children }: { current: CurrentReport; children: ReactNode }) {
  const timeZone = useOrganisationTimeZone();
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>Tu APPA de esta semana</CardTitle>
        <CardDescription>
          {weekLabel(current)}
          <span className="block">
            Plazo de envío: {formatDateTime(current.deadline.at, timeZone)}
            {current.deadline.passed && current.deadline.lateAllowed ? ' (vencido)' : ''}
          </span>
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">{children}</CardContent>
    </Card>
  );
}

/**
 * After a save or a send: the toast is showing; REDIRECT_DELAY_MS later the session ends and
 * the browser goes back to the personal link. `leave()` does it at once.
 */
function useLeaveAfterSave(slug: string) {
  const [outcome, setOutcome] = useState<SubmissionStatus | null>(null);
  const { mutate: logout, isPending, isSuccess } = useLogout({ to: `/appa/${slug}` });
  const left = useRef(false);

  const leave = useCallback(() => {
    if (left.current) return;
    left.current = true;
    logout(undefined, {
      onError: (error) => {
        left.current = false;
        toast({
          variant: 'destructive',
          title: 'No se pudo cerrar la sesión',
          description: error.message,
        });
        // A saved draft stays editable; a sent report keeps its thank-you card and its button.
        setOutcome((current) => (current === 'BORRADOR' ? null : current));
      },
    });
  }, [logout]);

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(leave, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [outcome, leave]);

  return { outcome, setOutcome, leave, leaving: isPending || isSuccess };
}

function OwnReport({ slug, user, links }: { slug: string; user: User; links: ReactNode }) {
  const current = useCurrentReport();
  // The form is hundreds of elements: drawn in a render React may interrupt (a deferred one), not
  // in one long task that holds the page when the answer lands. The spinner stays until then.
  const data = useDeferredValue(current.data);
  const { outcome, setOutcome, leave, leaving } = useLeaveAfterSave(slug);
  const timeZone = useOrganisationTimeZone();

  if (outcome === 'ENVIADO') return <ThankYouCard leaving={leaving} onLeave={leave} />;

  if (current.isError) {
    return (
      <ReportLayout slug={slug} user={user} links={links}>
        <Alert variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertDescription className="grid gap-3">
            <p>No se pudo cargar tu APPA. {current.error.message}</p>
            <Button
              variant="outline"
              size="sm"
              className="w-fit text-foreground"
              onClick={() => void current.refetch()}
            >
              <RotateCw aria-hidden="true" />
              Reintentar
            </Button>
          </AlertDescription>
        </Alert>
      </ReportLayout>
    );
  }

  if (!data) return <FullPageSpinner />;
  const { report } = data;
  return (
    <ReportLayout slug={slug} user={user} links={links}>
      <WeekCard current={data}>
        {report?.status === 'ENVIADO' ? (
          <SentReport report={report} timeZone={timeZone} />
        ) : (
          <div className="grid grid-cols-1 gap-6">
            {report ? (
              <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
                Borrador guardado el {formatDateTime(report.updatedAt, timeZone)}. Puedes seguir
                editándolo.
              </p>
            ) : null}
            <ReportForm current={data} user={user} locked={outcome !== null} onSaved={setOutcome} />
          </div>
        )}
      </WeekCard>
    </ReportLayout>
  );
}

/**
 * /appa/{slug}/submit: the weekly report of the person the link belongs to; `links` (Mis reportes
 * and the bell) sit in its header.
 */
export function ReportPage({ slug, links }: { slug: string; links?: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();

  if (isPending) return <FullPageSpinner />;
  if (!user) return <Navigate to={`/appa/${slug}`} replace />;
  if (user.mustChangePassword) return <Navigate to="/change-password" replace />;
  if (user.slug !== slug) return <OtherPersonsReport slug={slug} />;
  return <OwnReport slug={slug} user={user} links={links} />;
}
