import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { asc, inArray } from 'drizzle-orm';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

import { weekLabel } from '../../../common/week';
import type { AppContext } from '../../context';
import { appaFiles, appaSubmissions, reviewComments, type FileRow } from '../../db/schema';
import { dateTime, percent, safeFileSegment, textFile } from '../../../common/export-format';
import { loadReportSummaries } from '../../domain/reports';
import { loadComments } from '../../domain/comments';
import { getSettings } from '../../services/settings';
import { boundObjectKey } from '../../domain/uploads';
import type { CommentData, ReportSummaryData } from '../../presenters/panel';

/** One report with everything its download shows: the panel's fields, comments and files. */
export interface ReportBundle {
  report: ReportSummaryData;
  comments: CommentData[];
  files: Pick<FileRow, 'id' | 'fileName' | 'sizeBytes' | 'storagePath' | 'boundKey'>[];
}

/**
 * The reports of `ids` that exist, with their comments and files, in three statements; drafts
 * show their content to `readerId` alone (the download routes refuse anyone else a draft).
 */
export async function loadReportBundles(
  ctx: AppContext,
  ids: string[],
  readerId: string | null,
): Promise<ReportBundle[]> {
  if (ids.length === 0) return [];
  const [reports, comments, files] = await Promise.all([
    loadReportSummaries(ctx, inArray(appaSubmissions.id, ids), readerId),
    loadComments(ctx, inArray(reviewComments.submissionId, ids)),
    ctx.db
      .select({
        id: appaFiles.id,
        submissionId: appaFiles.submissionId,
        fileName: appaFiles.fileName,
        sizeBytes: appaFiles.sizeBytes,
        storagePath: appaFiles.storagePath,
        boundKey: appaFiles.boundKey,
      })
      .from(appaFiles)
      .where(inArray(appaFiles.submissionId, ids))
      .orderBy(asc(appaFiles.createdAt), asc(appaFiles.fileName)),
  ]);
  return reports.map((report) => ({
    report,
    comments: comments.filter((c) => c.submissionId === report.id),
    files: files.filter((f) => f.submissionId === report.id),
  }));
}

const STATUS_TEXT = { ENVIADO: 'Enviado', BORRADOR: 'Borrador' } as const;

const kilobytes = (bytes: number) =>
  `${(bytes > 0 ? Math.max(bytes / 1024, 0.1) : 0).toLocaleString('es', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} KB`;

/** A text of several lines, each indented under its heading. */
const indented = (text: string) => text.split(/\r?\n/).map((line) => `  ${line}`);

function section(title: string, body: string): string[] {
  return [title, '-'.repeat(title.length), body.trim() ? body.trim() : '(Sin contenido)', ''];
}

/**
 * The report as readable Spanish text: who and when, the four sections, the KPI,
 * the review, its comments and its attachments; `missing` names the files the zip could not read.
 */
export function reportText(
  { report, comments, files }: ReportBundle,
  timeZone: string,
  missing: readonly string[] = [],
): string {
  const { user } = report;
  const lines = [
    `APPA de ${user.fullName}`,
    '='.repeat(`APPA de ${user.fullName}`.length),
    `Correo: ${user.email}`,
    `Cargo: ${user.cargo ?? '—'}`,
    `Unidad: ${user.unidadOrganizacional ?? '—'}`,
    `Semana: ${weekLabel(report)}`,
    `Estado: ${STATUS_TEXT[report.status]}`,
    `Fecha de envío: ${dateTime(report.submittedAt, timeZone)}`,
    ...(report.markedSubmittedBy
      ? [`Marcado como enviado por: ${report.markedSubmittedBy.fullName}`]
      : []),
    `Última actualización: ${dateTime(report.updatedAt, timeZone)}`,
    '',
    ...section('Avances', report.avances),
    ...section('Planes', report.planes),
    ...section('Problemas', report.problemas),
    ...section('Ayuda requerida', report.ayuda),
    'KPI',
    '---',
    `Nombre: ${report.kpiNombre.trim() || '—'}`,
    `Meta: ${percent(report.kpiMetaPct)}`,
    `Logro: ${percent(report.kpiLogroPct)}`,
    '',
    'Revisión',
    '--------',
    report.reviewedAt
      ? `Revisado el ${dateTime(report.reviewedAt, timeZone)} por ${report.reviewer?.fullName ?? '—'}`
      : 'Sin revisar',
    ...(report.reviewNotesHistory.length === 0
      ? ['Notas de revisión: —']
      : [
          'Notas de revisión:',
          ...report.reviewNotesHistory.flatMap((n) => [
            `${n.author?.fullName ?? '—'}, ${dateTime(n.createdAt, timeZone)}${n.updatedAt !== n.createdAt ? ' (editado)' : ''}:`,
            ...indented(n.notes),
          ]),
        ]),
    '',
    `Comentarios de revisión (${comments.length})`,
    '-'.repeat(`Comentarios de revisión (${comments.length})`.length),
    ...(comments.length === 0 ? ['Sin comentarios'] : []),
    ...comments.flatMap((c) => [
      `${c.reviewer.fullName}, ${dateTime(c.createdAt, timeZone)}${c.updatedAt !== c.createdAt ? ' (editado)' : ''}:`,
      ...indented(c.comment),
    ]),
    '',
    `Archivos adjuntos (${files.length})`,
    '-'.repeat(`Archivos adjuntos (${files.length})`.length),
    ...(files.length === 0 ? ['Sin archivos adjuntos'] : []),
    ...files.map((f) => `- ${f.fileName} (${kilobytes(f.sizeBytes)})`),
    ...missing.map(
      (name) => `Nota: el archivo "${name}" no se encontró en el almacenamiento y no se incluye.`,
    ),
  ];
  return textFile(lines);
}

/** `APPA-<slug>-<weekStart>.txt`. */
export function reportFileName(report: ReportSummaryData): string {
  return `APPA-${safeFileSegment(report.user.slug)}-${report.weekStart}.txt`;
}

export async function organisationTimezone(ctx: AppContext): Promise<string> {
  return (await getSettings(ctx.db)).organisationTimezone;
}

/** A typed file name as a zip entry name: no folders, no control characters, never hidden. */
function zipEntryName(name: string): string {
  const cleaned = [...name]
    .map((c) => (c.charCodeAt(0) < 0x20 || c === '\u007f' || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 150);
  return cleaned || 'archivo';
}

/** `name`, or `name (2)`, `name (3)`... so that no two entries of a folder collide. */
function uniqueIn(taken: Set<string>, name: string): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * The reports as a zip, streamed: one folder `<Nombre>-<weekStart>/` per report with its
 * attachments (read one at a time from storage) and `APPA.txt`, written last so that it can note
 * a file the storage no longer has.
 */
export function zipReports(ctx: AppContext, bundles: ReportBundle[], timeZone: string): Readable {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  const drained = async () => {
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  };

  const fill = async () => {
    const folders = new Set<string>();
    for (const bundle of bundles) {
      if (out.destroyed) return;
      const { report } = bundle;
      const folder = uniqueIn(
        folders,
        `${safeFileSegment(report.user.fullName, 'Persona')}-${report.weekStart}`,
      );
      const names = new Set<string>(['appa.txt']);
      const missing: string[] = [];
      for (const file of bundle.files) {
        const source = await ctx.storage.read(boundObjectKey(file));
        if (!source) {
          missing.push(file.fileName);
          continue;
        }
        const entry = new ZipPassThrough(
          `${folder}/${uniqueIn(names, zipEntryName(file.fileName))}`,
        );
        zip.add(entry);
        for await (const chunk of source as AsyncIterable<Buffer>) {
          entry.push(chunk);
          await drained();
          if (out.destroyed) return void source.destroy();
        }
        entry.push(new Uint8Array(0), true);
      }
      const text = new ZipDeflate(`${folder}/APPA.txt`, { level: 6 });
      zip.add(text);
      text.push(Buffer.from(reportText(bundle, timeZone, missing), 'utf8'), true);
      await drained();
    }
    zip.end();
  };
  fill().catch((error: unknown) => {
    zip.terminate();
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

/** `APPAs-<week>.zip`, or `APPAs-<first>_<last>.zip` over several weeks. */
export function zipFileName(bundles: ReportBundle[]): string {
  const weeks = bundles.map((b) => b.report.weekStart).sort();
  const first = weeks[0] ?? 'vacio';
  const last = weeks[weeks.length - 1] ?? first;
  return first === last ? `APPAs-${first}.zip` : `APPAs-${first}_${last}.zip`;
}
