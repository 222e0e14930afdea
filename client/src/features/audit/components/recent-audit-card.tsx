import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { ScrollList } from '@/components/scroll-list';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@common/date-format';
import { useRecentAudit } from '../api/get-audit-log';
import { useOrganisationTimeZone } from '@/lib/api/get-config';
import { actionLabel } from '../lib/audit-labels';

/** The latest entries of the audit log, compact, with a link to the whole log in the panel. */
export function RecentAuditCard() {
  const audit = useRecentAudit();
  const timeZone = useOrganisationTimeZone();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardList aria-hidden="true" className="size-5" />
          Registro de auditoría
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {!audit.data ? (
          <Spinner />
        ) : (
          <ScrollList label="Auditoría reciente">
            {audit.data.entries.map((entry) => (
              <li key={entry.id} className="py-2">
                <p className="break-words" title={entry.action}>
                  {actionLabel(entry.action)}
                </p>
                <p className="text-muted-foreground">
                  {formatDateTime(entry.createdAt, timeZone)} · {entry.actor?.fullName ?? 'Sistema'}
                </p>
              </li>
            ))}
          </ScrollList>
        )}
        <Button variant="link" className="px-0" asChild>
          <Link to="/admin?tab=configuracion">Ver más</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
