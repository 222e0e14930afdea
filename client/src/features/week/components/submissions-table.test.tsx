import type { ReportAbilities } from '@common/schemas/panel';
import { author, report } from '@common/testing/panel-fixtures';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SubmissionsTable } from './submissions-table';

const ana = author('Ana Torres', 'ana@example.com', 'Ventas');
const READER: ReportAbilities = {
  review: false,
  comment: false,
  reply: false,
  share: false,
  edit: false,
  download: false,
};

const table = (abilities: ReportAbilities) =>
  renderToStaticMarkup(
    <SubmissionsTable
      rows={[report(ana, { abilities })]}
      selected={new Set()}
      onToggle={() => undefined}
      onToggleAll={() => undefined}
      onAction={() => undefined}
      timeZone="America/Lima"
      remindButton={() => null}
    />,
  );

describe('the week table’s row actions', () => {
  it('follow the report’s abilities: Crear tarea needs review, the text download needs download', () => {
    const full = table({ ...READER, review: true, comment: true, download: true });
    expect(full).toContain('Crear tarea para el APPA de Ana Torres');
    expect(full).toContain('Descargar APPA de Ana Torres como texto');

    const readOnly = table(READER);
    expect(readOnly).not.toContain('Crear tarea');
    expect(readOnly).not.toContain('Descargar APPA');
    expect(readOnly).toContain('Ver APPA de Ana Torres');
  });
});
