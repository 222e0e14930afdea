import { ownFormPath } from '@common/roles';
import type { LeaderWeekResponse } from '@common/schemas/dashboard';
import { FilePlus2, Paperclip } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ReportFacts, ReportSections } from '@/components/report-sections';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { ShareDialog } from './share-dialog';
import { ShareList } from './share-list';

/**
 * Mi APPA of /lider: the leader's report of the chosen week with 'Compartir' once it is sent and the
 * people it is shared with, or 'Crear APPA' when there is none.
 */
export function LeaderOwnReport({ week }: { week: LeaderWeekResponse }) {
  const user = useSignedInUser();
  const own = week.own;
  const formPath = ownFormPath(user);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Mi APPA</CardTitle>
        <CardDescription>Tu reporte de la semana elegida</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        {own === null ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-sm text-muted-foreground">Aún no tienes un APPA para esta semana.</p>
            <Button asChild>
              <Link to={formPath}>
                <FilePlus2 aria-hidden="true" />
                Crear APPA
              </Link>
            </Button>
          </div>
        ) : (
          <>
            <ReportFacts
              submission={own}
              extraLabel="Archivos adjuntos"
              extra={
                <span className="inline-flex items-center gap-1 tabular-nums">
                  <Paperclip aria-hidden="true" className="size-4 text-muted-foreground" />
                  {own.fileCount}
                </span>
              }
            />
            <div className="flex flex-wrap gap-2">
              {own.status === 'ENVIADO' ? (
                own.abilities.share ? (
                  <ShareDialog submissionId={own.id} />
                ) : null
              ) : (
                <Button asChild variant="outline">
                  <Link to={formPath}>Completar APPA</Link>
                </Button>
              )}
            </div>
            <ReportSections report={own} ayudaTitle="Ayuda Necesaria" />
            {own.status === 'ENVIADO' ? <ShareList shares={week.ownShares} /> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
