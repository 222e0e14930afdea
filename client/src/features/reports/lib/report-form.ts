import type { SubmissionStatus } from '@common/roles';
import {
  saveReportSchema,
  type PreviousReport,
  type Report,
  type ReportFileInput,
  type SaveReportInput,
} from '@common/schemas/report';
import { percent } from '@common/percent';
import { dayMonthYear } from '@common/date-format';

/** The four text sections of the form, with what each asks of the author. */
export const REPORT_SECTIONS = [
  { name: 'avances', label: 'Avances', hint: 'Requerido para enviar. ¿Qué lograste esta semana?' },
  { name: 'planes', label: 'Planes', hint: 'Requerido para enviar. ¿Qué harás la próxima semana?' },
  { name: 'problemas', label: 'Problemas', hint: 'Opcional. ¿Qué obstáculos encontraste?' },
  { name: 'ayuda', label: 'Ayuda', hint: 'Opcional. ¿Qué apoyo necesitas y de quién?' },
] as const;

/** What the form holds: the texts as typed, the two percentages as the number boxes give them. */
export type ReportFormValues = {
  avances: string;
  planes: string;
  problemas: string;
  ayuda: string;
  kpiNombre: string;
  kpiMetaPct: string;
  kpiLogroPct: string;
};

export type ReportFormField = keyof ReportFormValues;

/** Every field of the form, in its order. */
export const FORM_FIELDS: readonly ReportFormField[] = [
  'avances',
  'planes',
  'problemas',
  'ayuda',
  'kpiNombre',
  'kpiMetaPct',
  'kpiLogroPct',
];

/** A percentage as the box shows it: with a decimal comma, as people here write it ("72,5"). */
const pctToInput = (value: number | null) =>
  value === null ? '' : String(value).replace('.', ',');

/**
 * An empty box means "not given"; anything else is a number written with a comma or a point
 * ("72,5" and "72.5" alike), or NaN, which the schema refuses with its message.
 */
export function inputToPct(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

/** The form's starting values: the saved draft's, or empty boxes. */
export function formValuesFrom(
  report: Report | null,
  previous: PreviousReport | null = null,
): ReportFormValues {
  return {
    avances: report?.avances ?? '',
    planes: report?.planes ?? '',
    problemas: report?.problemas ?? '',
    ayuda: report?.ayuda ?? '',
    // A new week starts from the KPI the author followed last time (its name and goal).
    kpiNombre: report ? (report.kpiNombre ?? '') : (previous?.kpiNombre ?? ''),
    kpiMetaPct: pctToInput((report ? report.kpiMetaPct : previous?.kpiMetaPct) ?? null),
    kpiLogroPct: pctToInput(report?.kpiLogroPct ?? null),
  };
}

/** What the form's fields hold: the browser's own (uncontrolled) inputs, read by name. */
export function readFormValues(form: HTMLFormElement): ReportFormValues {
  const value = (name: ReportFormField) => {
    const element = form.elements.namedItem(name);
    return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
      ? element.value
      : '';
  };
  return {
    avances: value('avances'),
    planes: value('planes'),
    problemas: value('problemas'),
    ayuda: value('ayuda'),
    kpiNombre: value('kpiNombre'),
    kpiMetaPct: value('kpiMetaPct'),
    kpiLogroPct: value('kpiLogroPct'),
  };
}

/**
 * The heading over the Planes carried over: last week's, or an older week's named by its Monday.
 * Plain arithmetic: a date library would cost the form's script budget.
 */
export function previousPlansTitle(previousWeekStart: string, weekStart: string): string {
  const lastWeek = new Date(Date.parse(`${weekStart}T00:00:00Z`) - 7 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  if (previousWeekStart === lastWeek) return 'Lo que planeaste la semana pasada';
  return `Lo que planeaste la semana del ${dayMonthYear(previousWeekStart)}`;
}

/** The body of POST /api/appa. `files` is the full list: an attachment left out is unlinked. */
export function toSaveReportInput(
  values: ReportFormValues,
  status: SubmissionStatus,
  files: readonly ReportFileInput[],
): SaveReportInput {
  return {
    avances: values.avances,
    planes: values.planes,
    problemas: values.problemas,
    ayuda: values.ayuda,
    kpiNombre: values.kpiNombre,
    kpiMetaPct: inputToPct(values.kpiMetaPct),
    kpiLogroPct: inputToPct(values.kpiLogroPct),
    status,
    files: files.map(({ objectKey, fileName, sizeBytes }) => ({ objectKey, fileName, sizeBytes })),
  };
}

export type ReportValidation =
  | { ok: true }
  | {
      ok: false;
      /** The first message of each form field, in the form's order. */
      fieldErrors: { field: ReportFormField; message: string }[];
      /** Messages about anything else (the attachments). */
      otherErrors: string[];
    };

/**
 * Checks the body with the schema the server uses: a draft only needs well-formed values, sending
 * also needs Avances and Planes (the Spanish messages come from the shared schema).
 */
export function validateReport(input: SaveReportInput): ReportValidation {
  const parsed = saveReportSchema.safeParse(input);
  if (parsed.success) return { ok: true };

  const byField = new Map<ReportFormField, string>();
  const otherErrors: string[] = [];
  for (const issue of parsed.error.issues) {
    const [head] = issue.path;
    const field = FORM_FIELDS.find((f) => f === head);
    if (field) {
      if (!byField.has(field)) byField.set(field, issue.message);
    } else if (!otherErrors.includes(issue.message)) {
      otherErrors.push(issue.message);
    }
  }
  const fieldErrors = FORM_FIELDS.flatMap((field) => {
    const message = byField.get(field);
    return message ? [{ field, message }] : [];
  });
  return { ok: false, fieldErrors, otherErrors };
}

/**
 * What the confirmation before sending says of the report: the sections left empty, how many
 * files go with it and its KPI, in the author's words for them.
 */
export function sendSummary(input: SaveReportInput): string[] {
  const empty = REPORT_SECTIONS.filter(({ name }) => !input[name]?.trim()).map(
    ({ label }) => label,
  );
  const files = input.files?.length ?? 0;
  const kpi = input.kpiNombre?.trim() ?? '';
  return [
    empty.length ? `Secciones vacías: ${empty.join(', ')}` : 'Todas las secciones tienen contenido',
    files === 0
      ? 'Sin archivos adjuntos'
      : files === 1
        ? '1 archivo adjunto'
        : `${files} archivos adjuntos`,
    kpi
      ? `KPI: ${kpi} (meta ${percent(input.kpiMetaPct ?? null)}, logro ${percent(input.kpiLogroPct ?? null)})`
      : 'Sin KPI',
  ];
}
