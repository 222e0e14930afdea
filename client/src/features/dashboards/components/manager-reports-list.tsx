import type { ReportSummary } from '@common/schemas/panel';
import { Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListRow } from '@/components/list-row';
import { ReportStatusBadge } from '@/components/report-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@common/date-format';
import { useOrganisationTimeZone } from '@/lib/api/get-config';

/** APPAs Semanales of /gerente: the card around the area's week list. */
export function ManagerReportsCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>APPAs Semanales</CardTitle>
        <CardDescription>Los APPAs de tu área en la semana elegida</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** One page of the area's reports of the week, each with 'Ver'. */
export function ManagerReportRows({
  submissions,
  onOpen,
}: {
  submissions: readonly ReportSummary[];
  onOpen: (submission: ReportSummary) => void;
}) {
  const timeZone = useOrganisationTimeZone();
  return (
    <ul aria-label="APPAs de la semana" className="divide-y rounded-lg border">
      {submissions.map((s) => (
        <ListRow
          key={s.id}
          title={s.user.fullName}
          subtitle={`${s.user.cargo ?? 'Sin cargo'}${s.submittedAt ? ` · ${formatDateTime(s.submittedAt, timeZone)}` : ''}`}
        >
          <ReportStatusBadge status={s.status} />
          <Button
            size="sm"
            variant="outline"
            aria-label={`Ver APPA de ${s.user.fullName}`}
            onClick={() => onOpen(s)}
          >
            <Eye aria-hidden="true" />
            Ver
          </Button>
        </ListRow>
      ))}
    </ul>
  );
}
