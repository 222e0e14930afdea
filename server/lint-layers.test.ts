import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The messages of the server's layer and cycle rules on `code`, as if it were the file `file`. */
async function serverRuleMessages(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith('server-layers/'))
    .map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('server-layers/layers', () => {
  it('refuses a route folder importing another route folder', async () => {
    expect(
      await serverRuleMessages(
        'server/routes/comments/service.ts',
        "export { loadWeek } from '../week/service';",
      ),
    ).toEqual([
      {
        rule: 'server-layers/layers',
        message:
          'routes/comments may not import routes/week: move what both need to server/domain/.',
      },
    ]);
  });

  it('lets a route import its own folder and the domain', async () => {
    expect(
      await serverRuleMessages(
        'server/routes/week/index.ts',
        "export { listWeek } from './service';\nexport { loadWeek } from '../../domain/week';",
      ),
    ).toEqual([]);
  });

  it.each([
    ['server/jobs/digest.ts', '../routes/week/service'],
    ['server/events/catalogue.ts', '../routes/comments/service'],
    ['server/domain/reports.ts', '../routes/week/service'],
    ['server/domain/reports.ts', '../jobs/digest'],
    ['server/services/settings.ts', '../plugins/auth'],
    ['server/policies/report.ts', '../domain/week'],
    ['server/db/client.ts', '../services/settings'],
    ['server/adapters/mail-transport.ts', '../services/settings'],
  ])('refuses %s importing %s, above it', async (file, specifier) => {
    // Some of these would close a cycle as well: only the layer rule's answer is asserted here.
    const messages = (await serverRuleMessages(file, `export * from '${specifier}';`)).filter(
      (m) => m.rule === 'server-layers/layers',
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]?.message).toMatch(/may not import/);
  });

  it.each([
    ['server/jobs/digest.ts', '../domain/reports'],
    ['server/domain/week.ts', '../services/settings'],
    ['server/services/auth.ts', '../policies'],
    ['server/adapters/mail-transport.ts', '../lib/errors'],
    ['server/services/mail.ts', '../adapters/mail-transport'],
    ['server/lib/clock.ts', '../context'],
  ])('lets %s import %s, below it', async (file, specifier) => {
    expect(await serverRuleMessages(file, `export * from '${specifier}';`)).toEqual([]);
  });

  it('leaves tests alone: they drive the whole app', async () => {
    expect(
      await serverRuleMessages(
        'server/routes/reports/reports.test.ts',
        "export * from '../uploads/service';",
      ),
    ).toEqual([]);
  });
});

describe('server-layers/no-cycle', () => {
  it('refuses an import that leads back to the importing file', async () => {
    // domain/week.ts imports domain/reports.ts.
    expect(
      await serverRuleMessages('server/domain/reports.ts', "export { loadWeek } from './week';"),
    ).toEqual([
      {
        rule: 'server-layers/no-cycle',
        message:
          'Import cycle: server/domain/reports.ts → server/domain/week.ts → server/domain/reports.ts.',
      },
    ]);
  });

  it('follows longer chains and the common folder', async () => {
    // common/schemas/panel.ts imports common/week-filters.ts.
    const messages = await serverRuleMessages(
      'common/week-filters.ts',
      "import { PANEL_MSG } from './schemas/panel';\nexport const shown = PANEL_MSG;",
    );
    expect(messages.map((m) => m.rule)).toEqual(['server-layers/no-cycle']);
  });

  it('lets a type-only import back through: it is gone once compiled', async () => {
    expect(
      await serverRuleMessages(
        'server/domain/reports.ts',
        "export type { WeekData } from './week';",
      ),
    ).toEqual([]);
  });

  it('passes an import that does not lead back', async () => {
    expect(await serverRuleMessages('server/domain/week.ts', "export * from './reports';")).toEqual(
      [],
    );
  });
});
