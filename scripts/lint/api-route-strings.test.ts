import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const RULE = 'api-routes/no-method-path-strings';
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

/** What the project's own configuration says of `code` written in `file`, for this rule only. */
async function refusals(code: string, file: string) {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe("the lint rule against 'METHOD /api/…' strings", () => {
  // Loading the configuration and its parsers once is the slow part: it belongs to the setup.
  beforeAll(() => refusals('', 'server/plugins/example.ts'));

  it('refuses a string or a template that names a route by its method and path', async () => {
    const bad = [
      "export const scopes = { 'GET /api/users': 'users:read' };",
      "export const key = 'POST /api/appa';",
      'export const key = (id: string) => `PATCH /api/users/${id}`;',
    ];
    for (const code of bad) {
      expect(await refusals(code, 'server/plugins/example.ts'), code).toEqual([
        expect.stringContaining('declare its fact in the route'),
      ]);
    }
    expect(await refusals(bad[0] ?? '', 'client/src/lib/example.ts')).toHaveLength(1);
  });

  it('passes a path alone, prose that mentions a route, and comments', async () => {
    const good = [
      "export const url = '/api/users';",
      "export const method = 'GET';",
      "export const help = 'Streams (GET /api/events) this instance holds open.';",
      '/** GET /api/users: every user. */\nexport const n = 1;',
      "export const other = 'GET /health';",
    ];
    for (const code of good) {
      expect(await refusals(code, 'server/plugins/example.ts'), code).toEqual([]);
    }
  });

  it('lets tests and their helpers name the routes they call', async () => {
    const code = "export const key = 'GET /api/users';";
    for (const file of [
      'server/routes/users/example.test.ts',
      'client/src/features/users/example.test.tsx',
      'server/test/example.ts',
      'e2e/example.spec.ts',
    ]) {
      expect(await refusals(code, file), file).toEqual([]);
    }
  });
});
