import type { ReportAbilities } from '@common/schemas/panel';
import { author, report } from '@common/testing/panel-fixtures';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReviewComments } from './review-comments';
import { ReviewStatus } from './review-status-form';
import { ReviewTasks } from './review-tasks';

// The review controls follow the abilities the server sent with the report, never the role: a
// person who may read a report but not review it sees it without the buttons the server refuses.

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>,
  );

const ana = author('Ana Torres', 'ana@example.com', 'Ventas');
const NONE: ReportAbilities = {
  review: false,
  comment: false,
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
      render(<ReviewTasks submissionId={ana.id} authorName={ana.fullName} canCreate={canCreate} />);
    expect(tasks(true)).toContain('Crear Tarea');
    expect(tasks(false)).not.toContain('Crear Tarea');
  });
});
