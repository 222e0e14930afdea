import type { PanelAuthor, ReportSummary } from '../schemas/panel';

/** Fixtures of the panel's shapes for unit tests (no database): ids are fresh, dates fixed. */

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

export function author(fullName: string, email: string, unidad: string | null) {
  return {
    id: uuid(),
    fullName,
    email,
    cargo: 'Analista',
    unidadOrganizacional: unidad,
    role: 'USER' as const,
    slug: email.split('@')[0] ?? 'x',
  };
}

export function report(user: PanelAuthor, over: Partial<ReportSummary> = {}): ReportSummary {
  return {
    id: uuid(),
    userId: user.id,
    user,
    weekStart: '2026-11-16',
    weekEnd: '2026-11-22',
    status: 'ENVIADO',
    submittedAt: '2026-11-16T15:30:00.000Z',
    createdAt: '2026-11-16T15:00:00.000Z',
    updatedAt: '2026-11-16T15:30:00.000Z',
    avances: 'Avances',
    planes: 'Planes',
    problemas: '',
    ayuda: '',
    kpiNombre: 'Ventas',
    kpiMetaPct: 90,
    kpiLogroPct: 95.5,
    fileCount: 2,
    reviewedAt: null,
    reviewer: null,
    reviewNotes: null,
    reviewNotesHistory: [],
    commentCount: 0,
    openTaskCount: 0,
    markedSubmittedBy: null,
    abilities: {
      review: true,
      comment: true,
      reply: true,
      share: false,
      edit: false,
      download: true,
    },
    ...over,
  };
}
