import { recentWeeks, weekLabel, type Week } from '@common/week';
import { useId } from 'react';
import { ReportDownloads } from '@/features/exports/components/report-downloads';
import { CurrentWeekFigures } from '@/features/week/components/current-week-figures';
import { SELECTABLE_WEEKS } from '@/hooks/use-selected-week';
import { useSignedInUser } from '@/lib/api/get-current-user';

/** 'Reportes': the current week in numbers, then every report the server generates. */
export function ReportsTab() {
  const user = useSignedInUser();
  const weeks = recentWeeks(new Date(), user.timezone, SELECTABLE_WEEKS);
  const current = weeks[0] as Week;
  const headingId = useId();

  return (
    <div className="grid gap-6">
      <section aria-labelledby={headingId} className="grid gap-4">
        <h2 id={headingId} className="text-xl font-semibold">
          {weekLabel(current)}
        </h2>
        <CurrentWeekFigures week={current} />
      </section>
      <ReportDownloads weeks={weeks} />
    </div>
  );
}
