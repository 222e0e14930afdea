import { z } from 'zod';
import { mondaySchema } from './dates';

/** Spanish texts of the Reportes tab's reports and of the report downloads. */
export const REPORTS_MSG = {
  invalidFormat: 'El formato debe ser csv o txt',
  invalidWeek: 'La semana debe empezar un lunes (formato AAAA-MM-DD)',
  invalidMonth: 'El mes debe tener el formato AAAA-MM',
  invalidFrom: 'La fecha inicial debe tener el formato AAAA-MM-DD',
  invalidTo: 'La fecha final debe tener el formato AAAA-MM-DD',
  rangeOrder: 'La fecha inicial no puede ser posterior a la final',
  rangeTooLong: 'El rango de fechas no puede superar 366 días',
  idsRequired: 'Selecciona al menos un APPA para descargar',
  idsInvalid: 'Identificador de APPA no válido',
  tooManyIds: 'No se pueden descargar más de 200 APPAs a la vez',
  downloadStarted: 'Descarga iniciada',
  reportGenerated: 'Reporte generado',
  csvGenerated: 'CSV generado',
} as const;

/** Most reports one zip carries. */
export const EXPORT_MAX_IDS = 200;
/** Longest period a report covers, in days (both ends included). */
export const REPORT_RANGE_MAX_DAYS = 366;

export const REPORT_FORMATS = ['csv', 'txt'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_KINDS = [
  'weekly',
  'monthly',
  'user-activity',
  'problems-help',
  'kpi',
  'custom',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

const format = z.enum(REPORT_FORMATS, { error: REPORTS_MSG.invalidFormat }).default('txt');

const isoDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && validDay(v), message)
    .meta({ format: 'date' });

/** Refuses 2026-02-31 and the like, which Date.parse rolls over. */
function validDay(value: string): boolean {
  const [y = 0, m = 0, d = 0] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** GET /api/reports/weekly: the organisation's current week when weekStart is absent. */
export const weeklyReportQuerySchema = z.object({
  format,
  weekStart: mondaySchema(REPORTS_MSG.invalidWeek).optional(),
});

/** GET /api/reports/monthly: the weeks whose Monday falls in the month. */
export const monthlyReportQuerySchema = z.object({
  format,
  month: z
    .string({ error: REPORTS_MSG.invalidMonth })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, REPORTS_MSG.invalidMonth),
});

/** GET /api/reports/{user-activity,problems-help,kpi,custom}: weeks whose Monday is in [from, to]. */
export const rangeReportQuerySchema = z
  .object({
    format,
    from: isoDate(REPORTS_MSG.invalidFrom),
    to: isoDate(REPORTS_MSG.invalidTo),
  })
  .refine((q) => q.from <= q.to, REPORTS_MSG.rangeOrder)
  .refine((q) => daysInRange(q.from, q.to) <= REPORT_RANGE_MAX_DAYS, REPORTS_MSG.rangeTooLong);

export type WeeklyReportQuery = z.infer<typeof weeklyReportQuerySchema>;
export type MonthlyReportQuery = z.infer<typeof monthlyReportQuerySchema>;
export type RangeReportQuery = z.infer<typeof rangeReportQuerySchema>;

/** GET /api/appa/export/zip?ids=a,b,c: distinct report ids, 1 to EXPORT_MAX_IDS. */
export const zipExportQuerySchema = z.object({
  ids: z
    .string({ error: REPORTS_MSG.idsRequired })
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.uuid({ error: REPORTS_MSG.idsInvalid }))
        .min(1, REPORTS_MSG.idsRequired)
        .max(EXPORT_MAX_IDS, REPORTS_MSG.tooManyIds),
    ),
});
export type ZipExportQuery = z.infer<typeof zipExportQuerySchema>;

/** The path of a report download, for links. */
export const reportPath = (kind: ReportKind, query: Record<string, string>) =>
  `/api/reports/${kind}?${new URLSearchParams(query).toString()}`;
