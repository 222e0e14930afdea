import { z } from 'zod';
import { ROLES, SUBMISSION_STATUSES, TASK_PRIORITIES, TASK_STATUSES } from '../roles';
import { mondaySchema } from './dates';
import { REVIEW_FILTERS, STATUS_FILTERS } from '../week-filters';

type TaskStatusValue = (typeof TASK_STATUSES)[number];

export const TASK_STATUS_LABELS: Record<TaskStatusValue, string> = {
  PENDIENTE: 'Pendiente',
  EN_PROGRESO: 'En progreso',
  COMPLETADA: 'Completada',
  CANCELADA: 'Cancelada',
};

/** Spanish texts of the weekly summary, the review, its comments and its tasks. */
export const PANEL_MSG = {
  invalidView: 'La vista solicitada no existe',
  invalidWeek: 'La semana debe empezar un lunes (formato AAAA-MM-DD)',
  invalidUserId: 'Identificador de usuario no válido',
  markedSubmitted: 'Usuario marcado como enviado',
  alreadySent: 'Este usuario ya envió su APPA de esta semana',
  notExpectedAuthor: 'Este usuario no envía APPA',
  reportNotFound: 'APPA no encontrado',
  alreadyReviewed: 'Este APPA ya fue revisado',
  notReviewedYet: 'Este APPA aún no fue revisado',
  reviewNotesTooLong: 'Las notas de revisión no pueden tener más de 2000 caracteres',
  reviewed: 'APPA revisado',
  reviewUpdated: 'Revisión actualizada',
  commentRequired: 'El comentario no puede estar vacío',
  commentTooLong: 'El comentario no puede tener más de 5000 caracteres',
  commentNotFound: 'Comentario no encontrado',
  taskTitleRequired: 'El título de la tarea es requerido',
  taskTitleTooLong: 'El título de la tarea no puede tener más de 200 caracteres',
  taskDescriptionTooLong: 'La descripción no puede tener más de 5000 caracteres',
  taskAssigneeRequired: 'Debes asignar la tarea a un usuario',
  taskAssigneeRole:
    'Solo se pueden asignar tareas al autor del APPA o a usuarios activos con rol Administrador o Consejo',
  taskPriority: 'La prioridad debe ser BAJA, MEDIA, ALTA o URGENTE',
  taskDate: 'La fecha debe tener el formato AAAA-MM-DD',
  taskStatus: 'Estado de tarea no válido',
  taskNotFound: 'Tarea no encontrada',
  taskReportRequired: 'Indica el APPA sobre el que se crea la tarea',
  taskTransition: (from: TaskStatusValue, to: TaskStatusValue) =>
    `No se puede cambiar una tarea de ${TASK_STATUS_LABELS[from]} a ${TASK_STATUS_LABELS[to]}`,
  taskNotYours: 'Solo quien creó la tarea o su responsable puede cambiar su estado',
  isUpdateBoolean: 'isUpdate debe ser verdadero o falso',
  invalidStatusFilter: 'El filtro de estado debe ser todos, enviados, borradores o pendientes',
  invalidReviewFilter: 'El filtro de revisión debe ser todos, sin-revisar o revisados',
  searchTooLong: 'La búsqueda no puede tener más de 200 caracteres',
  teamTooLong: 'El equipo no puede tener más de 200 caracteres',
  invalidPage: 'La página debe ser un número entero desde 1',
  invalidPageSize: 'El tamaño de página debe ser un número entero entre 1 y 100',
} as const;

export const TASK_PRIORITY_LABELS: Record<(typeof TASK_PRIORITIES)[number], string> = {
  BAJA: 'Baja',
  MEDIA: 'Media',
  ALTA: 'Alta',
  URGENTE: 'Urgente',
};

/** The moves a task's status may make; COMPLETADA and CANCELADA are final. */
export const TASK_TRANSITIONS: Record<TaskStatusValue, readonly TaskStatusValue[]> = {
  PENDIENTE: ['EN_PROGRESO', 'COMPLETADA', 'CANCELADA'],
  EN_PROGRESO: ['COMPLETADA', 'CANCELADA'],
  COMPLETADA: [],
  CANCELADA: [],
};

/** Statuses a task is still open in ('Mis tareas'). */
export const OPEN_TASK_STATUSES = ['PENDIENTE', 'EN_PROGRESO'] as const;

export const REVIEW_NOTES_MAX = 2000;
export const COMMENT_MAX = 5000;
export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 5000;

const weekStart = mondaySchema(PANEL_MSG.invalidWeek);

/** Trimmed text that may not be blank. */
const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** A person named beside something they did (reviewer, comment author, task creator). */
export const personRefSchema = z.object({ id: z.uuid(), fullName: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;

/** The author as the panel shows them. */
export const panelAuthorSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  cargo: z.string().nullable(),
  unidadOrganizacional: z.string().nullable(),
  role: z.enum(ROLES),
  slug: z.string(),
});
export type PanelAuthor = z.infer<typeof panelAuthorSchema>;

/**
 * What the viewer may do with a report, decided by the server's policies for whoever asked: the
 * interface shows a control only when its ability is true (and the server still refuses).
 */
export const reportAbilitiesSchema = z.object({
  /** Mark it reviewed and create review tasks about it. */
  review: z.boolean(),
  /** Add a review comment. */
  comment: z.boolean(),
  /** Answer its comments: whoever comments, and its author once it is sent. */
  reply: z.boolean(),
  /** Share it with peers: its author, in a role that shares. */
  share: z.boolean(),
  /** Change it: its author, while it is a draft. */
  edit: z.boolean(),
  /** Download it as text, or in a zip with its files. */
  download: z.boolean(),
});
export type ReportAbilities = z.infer<typeof reportAbilitiesSchema>;

/**
 * One reviewer's notes on a report. Each reviewer has at most one, which only they change; 'editado'
 * when updatedAt differs from createdAt.
 */
export const reviewNoteSchema = z.object({
  id: z.uuid(),
  /** Null when the reviewer's account no longer exists. */
  author: personRefSchema.nullable(),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReviewNote = z.infer<typeof reviewNoteSchema>;

/**
 * A report as every list shows it (the panel's week, the dashboards, the exports): its text, its
 * author, counts of what hangs from it (files, comments, open tasks), and what the viewer may do
 * with it. The full report with its files is `Report`.
 */
export const reportSummarySchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  user: panelAuthorSchema,
  weekStart: z.string(),
  weekEnd: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  avances: z.string(),
  planes: z.string(),
  problemas: z.string(),
  ayuda: z.string(),
  kpiNombre: z.string(),
  kpiMetaPct: z.number().nullable(),
  kpiLogroPct: z.number().nullable(),
  fileCount: z.number().int(),
  reviewedAt: z.string().nullable(),
  /** The first reviewer; `reviewedAt` is when they reviewed it. */
  reviewer: personRefSchema.nullable(),
  /** The notes written or changed last, whoever wrote them; every reviewer's are below. */
  reviewNotes: z.string().nullable(),
  /** Every reviewer's notes, in the order they were first written. */
  reviewNotesHistory: z.array(reviewNoteSchema),
  commentCount: z.number().int(),
  /** Tasks still PENDIENTE or EN_PROGRESO. */
  openTaskCount: z.number().int(),
  /** The administrator who marked the week as sent on the author's behalf. */
  markedSubmittedBy: personRefSchema.nullable(),
  abilities: reportAbilitiesSchema,
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** An expected author without an ENVIADO report for the week. */
export const pendingAuthorSchema = panelAuthorSchema.extend({
  /** True when they have a BORRADOR for the week. */
  draft: z.boolean(),
});
export type PendingAuthor = z.infer<typeof pendingAuthorSchema>;

/** GET /api/appa?weekStart=: the week's reports, who is pending, and the tiles. */
export const weekResponseSchema = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  /**
   * The organisation's timezone: exports write dates in it, so that the CSV the browser makes of
   * this week reads as the server's.
   */
  timeZone: z.string(),
  /** Every report of the week, ENVIADO and BORRADOR, by author name. */
  submissions: z.array(reportSummarySchema),
  pending: z.array(pendingAuthorSchema),
  /** People who would be expected but are away for the whole week, by name: "Ausente". */
  absent: z.array(panelAuthorSchema),
  /** Distinct unidadOrganizacional of the expected authors, sorted (the team filter). */
  teams: z.array(z.string()),
  counts: z.object({
    /** People expected to report this week (server/domain/expected-authors.ts). */
    expected: z.number().int(),
    sent: z.number().int(),
    drafts: z.number().int(),
    /** Expected authors without an ENVIADO report (drafts included). */
    pending: z.number().int(),
    /** Attachments of the week's reports. */
    files: z.number().int(),
  }),
});
export type WeekResponse = z.infer<typeof weekResponseSchema>;

/**
 * Query of GET /api/appa: the organisation's current week when absent. `view=own` asks for the
 * leader's view (own report, its shares, reports shared with the viewer) whatever the role, as
 * /lider does when an administrator opens it.
 */
export const weekQuerySchema = z.object({
  weekStart: weekStart.optional(),
  view: z.enum(['own'], { error: PANEL_MSG.invalidView }).optional(),
});
export type WeekQuery = z.infer<typeof weekQuerySchema>;

/** Most rows one page of the week may hold. */
export const WEEK_PAGE_SIZE_MAX = 100;
/** How many pending people 'Usuarios sin APPA' names before 'Ver todos'. */
export const PENDING_PREVIEW = 5;
/** Longest search and team filter of the week's pages. */
export const WEEK_SEARCH_MAX = 200;
const statusFilterValues = STATUS_FILTERS.map((f) => f.value);
const reviewFilterValues = REVIEW_FILTERS.map((f) => f.value);

/**
 * Query of GET /api/appa/week: one page of the week's reports (or of its pending people) as the
 * filters of Resumen Semanal and Revisión de APPAs choose them (common/week-filters.ts).
 */
export const weekPageQuerySchema = z.object({
  weekStart: weekStart.optional(),
  status: z.enum(statusFilterValues, { error: PANEL_MSG.invalidStatusFilter }).default('todos'),
  review: z.enum(reviewFilterValues, { error: PANEL_MSG.invalidReviewFilter }).default('todos'),
  q: z
    .string({ error: PANEL_MSG.searchTooLong })
    .max(WEEK_SEARCH_MAX, PANEL_MSG.searchTooLong)
    .default(''),
  /** An unidadOrganizacional; empty for every team. */
  team: z
    .string({ error: PANEL_MSG.teamTooLong })
    .max(WEEK_SEARCH_MAX, PANEL_MSG.teamTooLong)
    .default(''),
  page: z.coerce
    .number({ error: PANEL_MSG.invalidPage })
    .int(PANEL_MSG.invalidPage)
    .min(1, PANEL_MSG.invalidPage)
    .default(1),
  pageSize: z.coerce
    .number({ error: PANEL_MSG.invalidPageSize })
    .int(PANEL_MSG.invalidPageSize)
    .min(1, PANEL_MSG.invalidPageSize)
    .max(WEEK_PAGE_SIZE_MAX, PANEL_MSG.invalidPageSize)
    .default(20),
});
export type WeekPageQuery = z.input<typeof weekPageQuerySchema>;

/**
 * GET /api/appa/week/csv: the weekly CSV of the caller's people, the organisation's current week
 * when weekStart is absent, one team (unidadOrganizacional) when `team` is set.
 */
export const weekCsvQuerySchema = weekPageQuerySchema.pick({ weekStart: true, team: true });
export type WeekCsvQuery = z.input<typeof weekCsvQuerySchema>;
export type WeekPageParams = z.output<typeof weekPageQuerySchema>;

/** GET /api/appa/week: the week's tiles and one page of the rows its filters choose. */
export const weekPageSchema = weekResponseSchema.extend({
  /** The filtered page: reports, or nobody when the status filter is 'pendientes'. */
  submissions: z.array(reportSummarySchema),
  /** The filtered page of pending people when the status filter is 'pendientes', else empty. */
  pending: z.array(pendingAuthorSchema),
  /** The first PENDING_PREVIEW pending people, whatever the filters ('Usuarios sin APPA'). */
  pendingPreview: z.array(pendingAuthorSchema),
  /** The week's sent reports, reviewed or not, whatever the filters (Revisión de APPAs). */
  review: z.object({
    total: z.number().int(),
    unreviewed: z.number().int(),
    reviewed: z.number().int(),
  }),
  /** Rows matching the filters, on every page. */
  total: z.number().int(),
  /** The page sent (a page past the end gives the last one). */
  page: z.number().int(),
  pageCount: z.number().int(),
  pageSize: z.number().int(),
});
export type WeekPage = z.infer<typeof weekPageSchema>;

/** POST /api/appa/mark-submitted (ADMIN). */
export const markSubmittedSchema = z.object({
  userId: z.uuid({ error: PANEL_MSG.invalidUserId }),
  weekStart,
});
export type MarkSubmittedInput = z.infer<typeof markSubmittedSchema>;

/** The answer of mark-submitted and review: the toast text and the report as it is now. */
export const submissionMessageSchema = z.object({
  message: z.string(),
  submission: reportSummarySchema,
});
export type SubmissionMessage = z.infer<typeof submissionMessageSchema>;

/** POST /api/appa/{id}/review. */
export const reviewSchema = z.object({
  notes: z
    .string({ error: PANEL_MSG.reviewNotesTooLong })
    .trim()
    .max(REVIEW_NOTES_MAX, PANEL_MSG.reviewNotesTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
  /**
   * Changes the notes of a report already reviewed: the caller's own notes, added if they have
   * none, removed when empty; without it a second review is a 409.
   */
  isUpdate: z.boolean({ error: PANEL_MSG.isUpdateBoolean }).optional().default(false),
});
export type ReviewInput = z.input<typeof reviewSchema>;

/** POST /api/appa/{id}/comments and PUT /api/appa/comments/{commentId}. */
export const commentSchema = z.object({
  comment: requiredText(PANEL_MSG.commentRequired, COMMENT_MAX, PANEL_MSG.commentTooLong),
});
export type CommentInput = z.infer<typeof commentSchema>;

/** POST /api/appa/{id}/comments: a comment, or with `parentId` an answer to one of the report's. */
export const newCommentSchema = commentSchema.extend({
  parentId: z.uuid({ error: PANEL_MSG.commentNotFound }).nullish(),
});
export type NewComment = z.infer<typeof newCommentSchema>;

/** A review comment; 'editado' when updatedAt differs from createdAt. */
export const reviewCommentSchema = z.object({
  id: z.uuid(),
  submissionId: z.uuid(),
  comment: z.string(),
  reviewerId: z.uuid(),
  reviewer: personRefSchema,
  /** The comment it answers, for a reply; replies hang from a top-level comment. */
  parentId: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the viewer may do with it: its author edits it; a top-level comment may be answered. */
  abilities: z.object({ edit: z.boolean(), reply: z.boolean() }),
});
export type ReviewComment = z.infer<typeof reviewCommentSchema>;

/** Empty text means "not given": null. */
const optionalDate = z
  .union([z.literal(''), z.iso.date({ error: PANEL_MSG.taskDate })], { error: PANEL_MSG.taskDate })
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /api/review-tasks: a follow-up task about a report, assigned to a reviewer. */
export const createTaskSchema = z.object({
  submissionId: z.uuid({ error: PANEL_MSG.reportNotFound }),
  title: requiredText(PANEL_MSG.taskTitleRequired, TASK_TITLE_MAX, PANEL_MSG.taskTitleTooLong),
  description: z
    .string({ error: PANEL_MSG.taskDescriptionTooLong })
    .trim()
    .max(TASK_DESCRIPTION_MAX, PANEL_MSG.taskDescriptionTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** Only an active ADMIN or CONSEJO user (checked by the server). */
  assignedToId: z
    .string({ error: PANEL_MSG.taskAssigneeRequired })
    .trim()
    .min(1, PANEL_MSG.taskAssigneeRequired)
    .pipe(z.uuid({ error: PANEL_MSG.taskAssigneeRequired })),
  priority: z.enum(TASK_PRIORITIES, { error: PANEL_MSG.taskPriority }).optional().default('MEDIA'),
  tentativeDate: optionalDate,
  dueDate: optionalDate,
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;

/** GET /api/review-tasks/assignees: the people a task about this report may be given to. */
export const taskAssigneesQuerySchema = z.object({
  submissionId: z.uuid({
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? PANEL_MSG.taskReportRequired
        : PANEL_MSG.reportNotFound,
  }),
});
export type CreateTask = z.output<typeof createTaskSchema>;

/** PATCH /api/review-tasks/{id}/status. */
export const taskStatusSchema = z.object({
  status: z.enum(TASK_STATUSES, { error: PANEL_MSG.taskStatus }),
});
export type TaskStatusInput = z.infer<typeof taskStatusSchema>;

/** A review task, with what 'Mis tareas' shows of its report. */
export const reviewTaskSchema = z.object({
  id: z.uuid(),
  submissionId: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  assignedToId: z.uuid(),
  assignedTo: personRefSchema,
  createdBy: personRefSchema,
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  tentativeDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The report the task is about. */
  submission: z.object({
    id: z.uuid(),
    authorFullName: z.string(),
    weekStart: z.string(),
  }),
  /** What the viewer may do with it: its assignee and its creator move its status. */
  abilities: z.object({ updateStatus: z.boolean() }),
});
export type ReviewTask = z.infer<typeof reviewTaskSchema>;
