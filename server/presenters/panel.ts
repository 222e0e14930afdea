import type {
  PanelAuthor,
  ReportSummary,
  PersonRef,
  ReviewComment,
  ReviewNote,
  ReviewTask,
} from '../../common/schemas/panel';
import type { ReviewNoteRow, reviewTasks, SubmissionRow, UserRow } from '../db/schema';
import { readsContent } from '../policies/report';

/**
 * A report as the panel lists it, before the viewer's abilities are added (policies/report.ts):
 * what the exports and the digest read, whoever they are for.
 */
export type ReportSummaryData = Omit<ReportSummary, 'abilities'>;
/** A review comment before the viewer's abilities are added (policies/comment.ts). */
export type CommentData = Omit<ReviewComment, 'abilities'>;
/** A review task before the viewer's abilities are added (policies/task.ts). */
export type TaskData = Omit<ReviewTask, 'abilities'>;

type AuthorColumns = Pick<
  UserRow,
  'id' | 'fullName' | 'email' | 'cargo' | 'unidadOrganizacional' | 'role' | 'slug'
>;

export function presentAuthor(row: AuthorColumns): PanelAuthor {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    cargo: row.cargo,
    unidadOrganizacional: row.unidadOrganizacional,
    role: row.role,
    slug: row.slug,
  };
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

export interface ReportSummaryRow {
  report: SubmissionRow;
  author: AuthorColumns;
  /** Left-joined: null when nobody reviewed or marked it. */
  reviewer: PersonRef | null;
  marker: PersonRef | null;
  fileCount: number;
  commentCount: number;
  openTaskCount: number;
  /** Every reviewer's notes, oldest first. */
  notes: ReviewNote[];
}

/** The notes written or changed last: what the report's single `reviewNotes` shows. */
function latestNotes(notes: readonly ReviewNote[]): string | null {
  let latest: ReviewNote | undefined;
  for (const note of notes) if (!latest || note.updatedAt >= latest.updatedAt) latest = note;
  return latest?.notes ?? null;
}

/**
 * A report as the panel lists it: no storage keys, only counts of what hangs from it. A draft is
 * its author's alone until it is sent: to anyone but `readerId` it shows that it exists, when it
 * was last saved and by whom, never its text, KPI or attachments.
 */
export function presentReportSummary(
  row: ReportSummaryRow,
  readerId: string | null,
): ReportSummaryData {
  const { report } = row;
  const summary = {
    id: report.id,
    userId: report.userId,
    user: presentAuthor(row.author),
    weekStart: report.weekStart,
    weekEnd: report.weekEnd,
    status: report.status,
    submittedAt: iso(report.submittedAt),
    createdAt: report.createdAt.toISOString(),
    updatedAt: report.updatedAt.toISOString(),
    avances: report.avances ?? '',
    planes: report.planes ?? '',
    problemas: report.problemas ?? '',
    ayuda: report.ayuda ?? '',
    kpiNombre: report.kpiNombre ?? '',
    kpiMetaPct: report.kpiMetaPct,
    kpiLogroPct: report.kpiLogroPct,
    fileCount: row.fileCount,
    reviewedAt: iso(report.reviewedAt),
    reviewer: row.reviewer,
    reviewNotes: latestNotes(row.notes),
    reviewNotesHistory: row.notes,
    commentCount: row.commentCount,
    openTaskCount: row.openTaskCount,
    markedSubmittedBy: row.marker,
  };
  if (readsContent(readerId, report)) return summary;
  return { ...summary, ...PRIVATE_DRAFT };
}

/** What a draft shows to anyone but its author. */
const PRIVATE_DRAFT = {
  avances: '',
  planes: '',
  problemas: '',
  ayuda: '',
  kpiNombre: '',
  kpiMetaPct: null,
  kpiLogroPct: null,
  fileCount: 0,
} satisfies Partial<ReportSummaryData>;

/** One reviewer's notes; `author` is null when their account is gone. */
export function presentReviewNote(row: {
  note: Pick<ReviewNoteRow, 'id' | 'notes' | 'createdAt' | 'updatedAt'>;
  author: PersonRef | null;
}): ReviewNote {
  return {
    id: row.note.id,
    author: row.author,
    notes: row.note.notes,
    createdAt: row.note.createdAt.toISOString(),
    updatedAt: row.note.updatedAt.toISOString(),
  };
}

export function presentComment(row: {
  id: string;
  submissionId: string;
  comment: string;
  reviewerId: string;
  reviewerName: string;
  parentId: string | null;
  createdAt: Date;
  updatedAt: Date;
}): CommentData {
  return {
    id: row.id,
    submissionId: row.submissionId,
    comment: row.comment,
    reviewerId: row.reviewerId,
    reviewer: { id: row.reviewerId, fullName: row.reviewerName },
    parentId: row.parentId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface TaskRow {
  task: typeof reviewTasks.$inferSelect;
  assigneeName: string;
  creatorName: string;
  authorName: string;
  weekStart: string;
}

export function presentTask(row: TaskRow): TaskData {
  const { task } = row;
  return {
    id: task.id,
    submissionId: task.submissionId,
    title: task.title,
    description: task.description,
    assignedToId: task.assignedToId,
    assignedTo: { id: task.assignedToId, fullName: row.assigneeName },
    createdBy: { id: task.createdById, fullName: row.creatorName },
    priority: task.priority,
    status: task.status,
    tentativeDate: task.tentativeDate,
    dueDate: task.dueDate,
    completedAt: iso(task.completedAt),
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
    submission: { id: task.submissionId, authorFullName: row.authorName, weekStart: row.weekStart },
  };
}
