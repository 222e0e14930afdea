import {
  monthlyReportQuerySchema,
  rangeReportQuerySchema,
  REPORT_FORMATS,
  reportPath,
  weeklyReportQuerySchema,
  type ReportFormat,
  type ReportKind,
} from '@common/schemas/reports';
import { addDays, format, parseISO, subWeeks } from 'date-fns';

/** What a report card asks for; the ranged reports share from/to. */
export type ReportParams =
  | { kind: 'weekly'; weekStart: string }
  | { kind: 'monthly'; month: string }
  | { kind: Exclude<ReportKind, 'weekly' | 'monthly'>; from: string; to: string };

/**
 * The download links of a report card, one per format, or the Spanish reason the parameters are
 * refused: checked with the server's own schemas, so a link never leads to a 400.
 */
export function reportLinks(
  params: ReportParams,
): { ok: true; links: Record<ReportFormat, string> } | { ok: false; message: string } {
  const { kind, ...query } = params;
  const schema =
    kind === 'weekly'
      ? weeklyReportQuerySchema
      : kind === 'monthly'
        ? monthlyReportQuerySchema
        : rangeReportQuerySchema;
  const result = schema.safeParse(query);
  if (!result.success) return { ok: false, message: result.error.issues[0]?.message ?? '' };
  const links = Object.fromEntries(
    REPORT_FORMATS.map((f) => [f, reportPath(kind, { ...query, format: f })]),
  ) as Record<ReportFormat, string>;
  return { ok: true, links };
}

/** The default period of the ranged reports: the current week and the three before it. */
export function defaultRange(currentWeekStart: string): { from: string; to: string } {
  const monday = parseISO(currentWeekStart);
  return {
    from: format(subWeeks(monday, 3), 'yyyy-MM-dd'),
    to: format(addDays(monday, 6), 'yyyy-MM-dd'),
  };
}
