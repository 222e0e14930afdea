import type { CurrentUser } from '@common/schemas/auth';
import type { ReportAbilities, ReviewNote } from '@common/schemas/panel';
import { author, report } from '@common/testing/panel-fixtures';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '@/lib/api/get-current-user';
import { ReviewCard } from './review-card';
import { ReviewComments } from './review-comments';
import { OwnNotesForm, ReviewStatus } from './review-status-form';
import { ReviewTasks } from './review-tasks';

// The review controls follow the abilities the server sent with the report, never the role: a
// person who may read a report but not review it sees it without the buttons the server refuses.

const render = (node: ReactNode, queryClient = new QueryClient()) =>
  renderToStaticMarkup(<QueryClientProvider client={queryClient}>{node}</QueryClientProvider>);

const ana = author('Ana Torres', 'ana@example.com', 'Ventas');
const NONE: ReportAbilities = {
  review: false,
  comment: false,
  reply: false,
  share: false,
  edit: false,
  download: true,
};
const REVIEWER: ReportAbilities = { ...NONE, review: true, comment: true };

describe('review controls', () => {
  it('offers Marcar Revisado only with the review ability', () => {
    const sent = report(ana, { abilities: REVIEWER });
    expect(render(<ReviewStatus submission={sent} />)).toContain('Marcar Revisado');

    const readOnly = render(<ReviewStatus submission={{ ...sent, abilities: NONE }} />);
    expect(readOnly).not.toContain('Marcar Revisado');
    expect(readOnly).toContain('Sin revisar.');
  });

  it('offers Actualizar revisión on a reviewed report only with the review ability', () => {
    const reviewed = report(ana, { reviewedAt: '2026-11-17T10:00:00Z', abilities: REVIEWER });
    expect(render(<ReviewStatus submission={reviewed} />)).toContain('Actualizar revisión');
    const readOnly = render(<ReviewStatus submission={{ ...reviewed, abilities: NONE }} />);
    expect(readOnly).toContain('Revisado');
    expect(readOnly).not.toContain('Actualizar revisión');
  });

  it('shows the comment box only with the comment ability', () => {
    expect(render(<ReviewComments submissionId={ana.id} canComment />)).toContain(
      'Agregar comentario',
    );
    expect(render(<ReviewComments submissionId={ana.id} canComment={false} />)).not.toContain(
      'Agregar comentario',
    );
  });

  it('offers Crear Tarea only with the review ability', () => {
    const tasks = (canCreate: boolean) =>
      render(<ReviewTasks submissionId={ana.id} author={ana} canCreate={canCreate} />);
    expect(tasks(true)).toContain('Crear Tarea');
    expect(tasks(false)).not.toContain('Crear Tarea');
  });
});

describe('review notes', () => {
  const gema = { id: '00000000-0000-4000-8000-00000000a001', fullName: 'Gema Gerente' };
  const luis = { id: '00000000-0000-4000-8000-00000000a002', fullName: 'Luis Líder' };
  const notes: ReviewNote[] = [
    {
      id: '00000000-0000-4000-8000-00000000b001',
      author: gema,
      notes: 'Nota de Gema',
      createdAt: '2026-11-17T10:00:00.000Z',
      updatedAt: '2026-11-17T10:00:00.000Z',
    },
    {
      id: '00000000-0000-4000-8000-00000000b002',
      author: luis,
      notes: 'Nota de Luis',
      createdAt: '2026-11-18T10:00:00.000Z',
      updatedAt: '2026-11-18T12:00:00.000Z',
    },
  ];
  const reviewed = report(ana, {
    reviewedAt: '2026-11-17T10:00:00.000Z',
    reviewer: gema,
    reviewNotes: 'Nota de Luis',
    reviewNotesHistory: notes,
    abilities: REVIEWER,
  });

  it("shows every reviewer's notes with its author and date, in the banner and on the card", () => {
    for (const html of [
      render(<ReviewStatus submission={reviewed} />),
      render(<ReviewCard submission={reviewed} timeZone="America/Lima" onOpen={() => {}} />),
    ]) {
      expect(html).toContain('Nota de Gema');
      expect(html).toContain('Nota de Luis');
      expect(html).toContain('Gema Gerente');
      expect(html).toContain('Luis Líder');
      expect(html).toContain('17/11/2026');
      expect(html.match(/editado/g)).toHaveLength(1);
    }
  });

  it("opens 'Actualizar revisión' on the signed-in reviewer's own notes only", () => {
    const signedIn = (id: string) => {
      const queryClient = new QueryClient();
      const me: Pick<CurrentUser, 'id'> = { id };
      queryClient.setQueryData(currentUserQueryKey, me);
      return queryClient;
    };
    const form = (id: string) =>
      render(<OwnNotesForm submission={reviewed} onDone={() => {}} />, signedIn(id));
    expect(form(luis.id)).toContain('>Nota de Luis</textarea>');
    expect(form(gema.id)).toContain('>Nota de Gema</textarea>');
    expect(form(ana.id)).not.toContain('Nota de');
  });
});
