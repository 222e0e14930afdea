import type { PanelSubmission } from '@common/schemas/panel';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSignedInUser } from '@/lib/api/get-current-user';
import { formatDateTime } from '@/lib/format';
import { AreaWeekPage } from './area-week-page';
import { ReportDialog, type RenderDetail } from '@/components/report-dialog';
import { ListRow } from '@/components/list-row';
import { ReportStatusBadge } from '@/components/report-status-badge';

/**
 * APPAs Semanales of /gerente: the area's reports of the week, a page at a time; 'Ver' opens one in a dialog whose
 * body the app layer supplies (the administrator panel's detail, with comments and review).
 */
export function ManagerReportsList({
  weekStart,
  renderDetail,
}: {
  weekStart: string;
  renderDetail: RenderDetail;
}) {
  const user = useSignedInUser();
  const [open, setOpen] = useState<PanelSubmission | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>APPAs Semanales</CardTitle>
        <CardDescription>Los APPAs de tu área en la semana elegida</CardDescription>
      </CardHeader>
      <CardContent>
        <AreaWeekPage weekStart={weekStart}>
          {(submissions) => (
            <ul aria-label="APPAs de la semana" className="divide-y rounded-lg border">
              {submissions.map((s) => (
                <ListRow
                  key={s.id}
                  title={s.user.fullName}
                  subtitle={`${s.user.cargo ?? 'Sin cargo'}${s.submittedAt ? ` · ${formatDateTime(s.submittedAt, user.timezone)}` : ''}`}
                >
                  <ReportStatusBadge status={s.status} />
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Ver APPA de ${s.user.fullName}`}
                    onClick={() => setOpen(s)}
                  >
                    <Eye aria-hidden="true" />
                    Ver
                  </Button>
                </ListRow>
              ))}
            </ul>
          )}
        </AreaWeekPage>
      </CardContent>
      <ReportDialog submission={open} onClose={() => setOpen(null)} renderDetail={renderDetail} />
    </Card>
  );
}
