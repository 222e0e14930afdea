import type { OwnReportFile, Report, ReportFile } from '../../common/schemas/report';
import type { FileRow, SubmissionRow } from '../db/schema';

export function presentFile(row: Pick<FileRow, 'id' | 'fileName' | 'sizeBytes'>): ReportFile {
  return { id: row.id, fileName: row.fileName, sizeBytes: row.sizeBytes };
}

function presentOwnFile(row: FileRow): OwnReportFile {
  return { ...presentFile(row), objectKey: row.storagePath };
}

/** The author's own report, with the object keys of its files (so the form can keep them). */
export function presentOwnReport(row: SubmissionRow, files: FileRow[]): Report {
  return {
    id: row.id,
    userId: row.userId,
    weekStart: row.weekStart,
    weekEnd: row.weekEnd,
    avances: row.avances ?? '',
    planes: row.planes ?? '',
    problemas: row.problemas ?? '',
    ayuda: row.ayuda ?? '',
    kpiNombre: row.kpiNombre ?? '',
    kpiMetaPct: row.kpiMetaPct,
    kpiLogroPct: row.kpiLogroPct,
    status: row.status,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    files: files.map(presentOwnFile),
  };
}
