// zod/mini: in the report form's JavaScript, which must stay within its 150 KiB gzip budget.
import * as z from 'zod/mini';
import { SUBMISSION_STATUSES } from '../roles';

/** Longest text a section takes: far beyond a weekly report, short of abuse. */
export const REPORT_TEXT_MAX = 20_000;
export const KPI_NAME_MAX = 300;
export const FILE_NAME_MAX = 255;
/** No setting may allow more files than this per report. */
export const MAX_FILES_CEILING = 50;

export const REPORT_MSG = {
  avancesTooShort: 'Avances debe tener al menos 3 caracteres',
  planesTooShort: 'Planes debe tener al menos 3 caracteres',
  textTooLong: (field: string) => `${field} no puede superar los ${REPORT_TEXT_MAX} caracteres`,
  kpiNameTooLong: `El KPI no puede superar los ${KPI_NAME_MAX} caracteres`,
  pctRange: (field: string) => `${field} debe ser un número entre 0 y 100`,
  pctDecimals: (field: string) => `${field} admite como máximo dos decimales`,
  invalidStatus: 'El estado debe ser BORRADOR o ENVIADO',
  alreadySent: 'El APPA de esta semana ya fue enviado y no se puede modificar.',
  tooManyFiles: (max: number) => `Puedes adjuntar como máximo ${max} archivos`,
  fileTooLarge: (maxBytes: number) =>
    `Cada archivo puede pesar como máximo ${Math.round(maxBytes / (1024 * 1024))} MB`,
  fileEmpty: 'El archivo está vacío',
  fileNameRequired: 'El archivo necesita un nombre',
  contentTypeInvalid: 'El tipo del archivo no es válido.',
  fileNotFound:
    'Uno de los archivos adjuntos no existe o no terminó de subirse. Vuelve a adjuntarlo.',
  fileNotYours: 'Uno de los archivos adjuntos no te pertenece.',
  fileInOtherReport: 'Uno de los archivos adjuntos pertenece a otro reporte.',
  duplicateFile: 'El mismo archivo aparece dos veces en la lista.',
  tooManyPendingUploads:
    'Tienes demasiadas subidas pendientes. Guarda tu APPA o espera un momento.',
  uploadExpired: 'El enlace de subida expiró o no es válido. Vuelve a seleccionar el archivo.',
  uploadAlreadyDone: 'Ese archivo ya fue subido.',
  fileGone: 'Archivo no encontrado',
  reportNotFound: 'APPA no encontrado',
  deadlinePassed: (when: string) =>
    `El plazo para enviar el APPA de esta semana venció el ${when} y no se aceptan envíos tardíos. Puedes guardarlo como borrador.`,
} as const;

const text = (field: string) =>
  z.pipe(
    z.nullish(
      z
        .string({ error: `${field} debe ser texto` })
        .check(z.maxLength(REPORT_TEXT_MAX, REPORT_MSG.textTooLong(field))),
    ),
    z.transform((v) => (v ?? '').trim()),
  );

/** A percentage 0–100 with at most two decimals; empty means "not given". */
const pct = (field: string) =>
  z.pipe(
    z.nullish(
      z.number({ error: REPORT_MSG.pctRange(field) }).check(
        z.gte(0, REPORT_MSG.pctRange(field)),
        z.lte(100, REPORT_MSG.pctRange(field)),
        z.refine(
          (v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
          REPORT_MSG.pctDecimals(field),
        ),
      ),
    ),
    z.transform((v) => v ?? null),
  );

const fileName = () =>
  z
    .string({ error: REPORT_MSG.fileNameRequired })
    .check(
      z.trim(),
      z.minLength(1, REPORT_MSG.fileNameRequired),
      z.maxLength(FILE_NAME_MAX, REPORT_MSG.fileNameRequired),
    );

/** One attachment as the report payload names it: the uploaded object and what to call it. */
export const reportFileInputSchema = z.object({
  objectKey: z
    .string()
    .check(z.minLength(1, REPORT_MSG.fileNotFound), z.maxLength(200, REPORT_MSG.fileNotFound)),
  fileName: fileName(),
  sizeBytes: z.int().check(z.nonnegative()),
});
export type ReportFileInput = z.infer<typeof reportFileInputSchema>;

/**
 * Body of POST /api/appa: the author's report for their current week. A draft needs nothing;
 * sending needs Avances and Planes of at least 3 characters. `files` is the full list
 * of attachments: a file left out is unlinked.
 */
export const saveReportSchema = z
  .object({
    avances: text('Avances'),
    planes: text('Planes'),
    problemas: text('Problemas'),
    ayuda: text('Ayuda'),
    kpiNombre: z.pipe(
      z.nullish(
        z
          .string({ error: REPORT_MSG.kpiNameTooLong })
          .check(z.maxLength(KPI_NAME_MAX, REPORT_MSG.kpiNameTooLong)),
      ),
      z.transform((v) => (v ?? '').trim()),
    ),
    kpiMetaPct: pct('La meta del KPI'),
    kpiLogroPct: pct('El logro del KPI'),
    status: z.enum(SUBMISSION_STATUSES, { error: REPORT_MSG.invalidStatus }),
    files: z._default(
      z
        .array(reportFileInputSchema)
        .check(z.maxLength(MAX_FILES_CEILING, REPORT_MSG.tooManyFiles(MAX_FILES_CEILING))),
      [],
    ),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.status !== 'ENVIADO') return;
      if (v.avances.length < 3)
        ctx.addIssue({ code: 'custom', path: ['avances'], message: REPORT_MSG.avancesTooShort });
      if (v.planes.length < 3)
        ctx.addIssue({ code: 'custom', path: ['planes'], message: REPORT_MSG.planesTooShort });
    }),
  );
export type SaveReportInput = z.input<typeof saveReportSchema>;
export type SaveReport = z.output<typeof saveReportSchema>;

/** An attachment as GET /api/files/submission/{id} and the report answer list it. */
export const reportFileSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  sizeBytes: z.number(),
});
export type ReportFile = z.infer<typeof reportFileSchema>;

/** The author's own view of an attachment: the object key lets the form send it back to keep it. */
export const ownReportFileSchema = z.extend(reportFileSchema, { objectKey: z.string() });
export type OwnReportFile = z.infer<typeof ownReportFileSchema>;

export const reportSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  weekStart: z.string(),
  weekEnd: z.string(),
  avances: z.string(),
  planes: z.string(),
  problemas: z.string(),
  ayuda: z.string(),
  kpiNombre: z.string(),
  kpiMetaPct: z.nullable(z.number()),
  kpiLogroPct: z.nullable(z.number()),
  status: z.enum(SUBMISSION_STATUSES),
  submittedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  files: z.array(ownReportFileSchema),
});
export type Report = z.infer<typeof reportSchema>;

export const uploadLimitsSchema = z.object({
  maxFiles: z.int(),
  maxFileBytes: z.int(),
});
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;
/** GET /api/appa/current: the author's week, its report if any, and the attachment limits. */
/**
 * The author's last sent report before this week: its Planes are shown beside this week's Avances,
 * its KPI's name and goal start a new week's report.
 */
export const previousReportSchema = z.object({
  weekStart: z.string(),
  planes: z.string(),
  kpiNombre: z.string(),
  kpiMetaPct: z.nullable(z.number()),
});
export type PreviousReport = z.infer<typeof previousReportSchema>;

export const currentReportSchema = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  report: z.nullable(reportSchema),
  previous: z.nullable(previousReportSchema),
  limits: uploadLimitsSchema,
  /** The week's deadline (settings "Hora límite", organisation's timezone) and whether it binds. */
  deadline: z.object({ at: z.string(), passed: z.boolean(), lateAllowed: z.boolean() }),
});
export type CurrentReport = z.infer<typeof currentReportSchema>;

/** Body of POST /api/objects/upload: what is about to be uploaded, checked before any byte. */
export const uploadRequestSchema = z.object({
  fileName: fileName(),
  sizeBytes: z.int({ error: REPORT_MSG.fileEmpty }).check(z.positive(REPORT_MSG.fileEmpty)),
  contentType: z.optional(
    z
      .string({ error: REPORT_MSG.contentTypeInvalid })
      .check(z.maxLength(200, REPORT_MSG.contentTypeInvalid)),
  ),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

export const uploadTicketSchema = z.object({
  /** Where the browser PUTs the bytes (this server, or a presigned S3 URL). */
  uploadURL: z.string(),
  /** Headers the PUT must carry (the signed content type on S3). */
  headers: z.record(z.string(), z.string()),
  objectKey: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/** PUT /api/objects/upload/{id} (the local storage): where the bytes were kept. */
export const uploadReceiptSchema = z.object({ objectKey: z.string() });
