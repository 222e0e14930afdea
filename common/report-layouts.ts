import { completionRate } from './completion';
import { toCsv, type CsvCell } from './csv';
import { dateTime, percent, yesNo } from './export-format';
import type { ReportSummary, ReviewNote } from './schemas/panel';

/** A report's fields, whatever the viewer may do with it: the layouts write no abilities. */
type ReportFields = Omit<ReportSummary, 'abilities'>;

/**
 * The CSV layout of each report kind: its columns, their Spanish headers and how each cell is
 * written. The server's downloads write through these, so a kind's CSV reads the same whichever
 * button made it.
 */

/** What a cell needs besides its row: the timezone dates are written in (the organisation's). */
export interface LayoutOptions {
  timeZone: string;
}

/** One column: its header and what a row writes in it. */
export interface CsvColumn<Row> {
  header: string;
  cell: (row: Row, options: LayoutOptions) => CsvCell;
}

export type CsvLayout<Row> = readonly CsvColumn<Row>[];

export const headersOf = <Row>(layout: CsvLayout<Row>): string[] => layout.map((c) => c.header);

/** The CSV file of `rows` in `layout` (BOM, CRLF, formulas escaped: common/csv.ts). */
export function csvOf<Row>(
  layout: CsvLayout<Row>,
  rows: readonly Row[],
  options: LayoutOptions,
): string {
  return toCsv(
    headersOf(layout),
    rows.map((row) => layout.map((column) => column.cell(row, options))),
  );
}

export const STATUS_TEXT = {
  ENVIADO: 'Enviado',
  BORRADOR: 'Borrador',
  PENDIENTE: 'Pendiente',
} as const;

/** Whether the KPI reached its goal; null when either value is missing. */
export function kpiAchieved(meta: number | null, logro: number | null): boolean | null {
  return meta === null || logro === null ? null : logro >= meta;
}
export const achievedText = (value: boolean | null) => (value === null ? '—' : yesNo(value));

const instant = (value: string | Date | null, { timeZone }: LayoutOptions) =>
  value ? dateTime(value, timeZone) : null;

/** Every reviewer's notes in one cell or line, oldest first ("Nombre: notas"); null for none. */
export function reviewNotesText(notes: readonly ReviewNote[], separator = '\n'): string | null {
  if (notes.length === 0) return null;
  return notes.map((n) => `${n.author?.fullName ?? '—'}: ${n.notes}`).join(separator);
}

// ---------------------------------------------------------------------------------------------
// Semanal: one row per person of the week, the one weekly CSV every screen downloads
// (server/routes/exports/week-csv.ts builds its rows).

/** Where a person of the week stands: away all week (AUSENTE) is neither sent nor pending. */
export type WeekPersonStatus = keyof typeof STATUS_TEXT | 'AUSENTE';

/** The Spanish word of a person's standing in a week, the one place that names it. */
export function weekStatusText(status: WeekPersonStatus): string {
  return status === 'AUSENTE' ? 'Ausente' : STATUS_TEXT[status];
}

export interface WeeklyRow {
  fullName: string;
  /** Their unidadOrganizacional. */
  area: string | null;
  managerName: string | null;
  status: WeekPersonStatus;
  /** Only what a sent report says: a draft's text is its author's alone. */
  report: {
    submittedAt: string | null;
    avances: string | null;
    planes: string | null;
    problemas: string | null;
    ayuda: string | null;
    kpiNombre: string | null;
    kpiMetaPct: number | null;
    kpiLogroPct: number | null;
    reviewed: boolean;
  } | null;
}

const text = (value: string | null | undefined) => value?.trim() || null;

export const WEEKLY_LAYOUT: CsvLayout<WeeklyRow> = [
  { header: 'Nombre', cell: (r) => r.fullName },
  { header: 'Área', cell: (r) => r.area },
  { header: 'Jefe', cell: (r) => r.managerName },
  { header: 'Estado', cell: (r) => weekStatusText(r.status) },
  { header: 'Fecha de envío', cell: (r, o) => instant(r.report?.submittedAt ?? null, o) },
  { header: 'Avances', cell: (r) => text(r.report?.avances) },
  { header: 'Planes', cell: (r) => text(r.report?.planes) },
  { header: 'Problemas', cell: (r) => text(r.report?.problemas) },
  { header: 'Ayuda', cell: (r) => text(r.report?.ayuda) },
  { header: 'KPI', cell: (r) => text(r.report?.kpiNombre) },
  { header: 'Meta', cell: (r) => (r.report ? percent(r.report.kpiMetaPct) : null) },
  { header: 'Logrado', cell: (r) => (r.report ? percent(r.report.kpiLogroPct) : null) },
  { header: 'Revisado', cell: (r) => (r.report ? yesNo(r.report.reviewed) : null) },
];

// ---------------------------------------------------------------------------------------------
// Per person over a period (monthly, user activity).

export interface PersonPeriodRow {
  fullName: string;
  email: string;
  cargo: string | null;
  unidadOrganizacional: string | null;
  /** Weeks of the period the person was expected to report in: their compliance's denominator. */
  expectedWeeks: number;
  sent: number;
  drafts: number;
  lastSentAt: Date | string | null;
  averageLogro: number | null;
}

const personColumns: CsvLayout<PersonPeriodRow> = [
  { header: 'Nombre', cell: (p) => p.fullName },
  { header: 'Correo', cell: (p) => p.email },
  { header: 'Cargo', cell: (p) => p.cargo },
  { header: 'Unidad', cell: (p) => p.unidadOrganizacional },
];
const compliance: CsvColumn<PersonPeriodRow> = {
  header: 'Cumplimiento (%)',
  cell: (p) => completionRate(p.sent, p.expectedWeeks),
};

/** Monthly: `monthWeeks` is how many weeks (Mondays) the month has. */
export const MONTHLY_LAYOUT: CsvLayout<PersonPeriodRow & { monthWeeks: number }> = [
  ...personColumns,
  { header: 'Semanas del mes', cell: (p) => p.monthWeeks },
  { header: 'Semanas enviadas', cell: (p) => p.sent },
  { header: 'Borradores', cell: (p) => p.drafts },
  compliance,
];

export const USER_ACTIVITY_LAYOUT: CsvLayout<PersonPeriodRow> = [
  ...personColumns,
  { header: 'Enviados', cell: (p) => p.sent },
  { header: 'Borradores', cell: (p) => p.drafts },
  { header: 'Último envío', cell: (p, o) => instant(p.lastSentAt, o) },
  { header: 'Logro KPI promedio (%)', cell: (p) => p.averageLogro },
  compliance,
];

// ---------------------------------------------------------------------------------------------
// Reports over a period.

/** Sent reports with a problem or a request for help. */
export const PROBLEMS_HELP_LAYOUT: CsvLayout<ReportFields> = [
  { header: 'Nombre', cell: (r) => r.user.fullName },
  { header: 'Correo', cell: (r) => r.user.email },
  { header: 'Semana', cell: (r) => r.weekStart },
  { header: 'Fecha de envío', cell: (r, o) => dateTime(r.submittedAt, o.timeZone) },
  { header: 'Problemas', cell: (r) => r.problemas.trim() || null },
  { header: 'Ayuda', cell: (r) => r.ayuda.trim() || null },
];

export interface KpiRow {
  fullName: string;
  email: string;
  weekStart: string;
  kpiNombre: string | null;
  meta: number | null;
  logro: number | null;
}

export const KPI_LAYOUT: CsvLayout<KpiRow> = [
  { header: 'Nombre', cell: (k) => k.fullName },
  { header: 'Correo', cell: (k) => k.email },
  { header: 'Semana', cell: (k) => k.weekStart },
  { header: 'KPI', cell: (k) => k.kpiNombre?.trim() || null },
  { header: 'Meta (%)', cell: (k) => k.meta },
  { header: 'Logro (%)', cell: (k) => k.logro },
  { header: 'Logrado', cell: (k) => achievedText(kpiAchieved(k.meta, k.logro)) },
];

/** Every report of the period with every field. */
export const CUSTOM_LAYOUT: CsvLayout<ReportFields> = [
  { header: 'Nombre', cell: (r) => r.user.fullName },
  { header: 'Correo', cell: (r) => r.user.email },
  { header: 'Cargo', cell: (r) => r.user.cargo },
  { header: 'Unidad', cell: (r) => r.user.unidadOrganizacional },
  { header: 'Semana inicio', cell: (r) => r.weekStart },
  { header: 'Semana fin', cell: (r) => r.weekEnd },
  { header: 'Estado', cell: (r) => STATUS_TEXT[r.status] },
  { header: 'Fecha de envío', cell: (r, o) => instant(r.submittedAt, o) },
  { header: 'Avances', cell: (r) => r.avances },
  { header: 'Planes', cell: (r) => r.planes },
  { header: 'Problemas', cell: (r) => r.problemas },
  { header: 'Ayuda', cell: (r) => r.ayuda },
  { header: 'KPI', cell: (r) => r.kpiNombre || null },
  { header: 'Meta (%)', cell: (r) => r.kpiMetaPct },
  { header: 'Logro (%)', cell: (r) => r.kpiLogroPct },
  { header: 'Archivos', cell: (r) => r.fileCount },
  { header: 'Revisado', cell: (r, o) => instant(r.reviewedAt, o) },
  { header: 'Revisor', cell: (r) => r.reviewer?.fullName ?? null },
  { header: 'Notas de revisión', cell: (r) => reviewNotesText(r.reviewNotesHistory) },
  { header: 'Comentarios', cell: (r) => r.commentCount },
];
