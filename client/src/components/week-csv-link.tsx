import type { WeekCsvQuery } from '@common/schemas/panel';
import { REPORTS_MSG } from '@common/schemas/reports';
import { FileSpreadsheet } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';

/** GET /api/appa/week/csv: the week's CSV of the viewer's people, of one team when given. */
export function weekCsvUrl({ weekStart, team }: WeekCsvQuery): string {
  const query = new URLSearchParams();
  if (weekStart) query.set('weekStart', weekStart);
  if (team) query.set('team', team);
  const search = query.toString();
  return `/api/appa/week/csv${search ? `?${search}` : ''}`;
}

/**
 * 'Exportar CSV' of a week: the one weekly file the server writes, the same from every screen
 * (the panel, the dashboards, the demo pages), of the people the viewer may read.
 */
export function WeekCsvLink({
  weekStart,
  team,
  children = 'Exportar CSV',
  ...button
}: WeekCsvQuery & Omit<ComponentProps<typeof Button>, 'asChild'>) {
  return (
    <Button variant="outline" {...button} asChild>
      <a
        href={weekCsvUrl({ weekStart, team })}
        download
        onClick={() =>
          toast({ title: REPORTS_MSG.csvGenerated, description: REPORTS_MSG.downloadStarted })
        }
      >
        <FileSpreadsheet aria-hidden="true" />
        {children}
      </a>
    </Button>
  );
}
