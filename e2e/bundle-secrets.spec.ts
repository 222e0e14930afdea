import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// No credential is ever written in client code, the demo and quick-login pages included:
// the built bundle that the browser tests run against carries neither the administrator's password,
// nor any demo account's password, nor a password literal.

const assetsDir = path.resolve('dist/client/assets');

function bundle(): { file: string; text: string }[] {
  return readdirSync(assetsDir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ file: name, text: readFileSync(path.join(assetsDir, name), 'utf8') }));
}

/** The demo organisation's temporary passwords, written by the server at its first start. */
function demoPasswords(): string[] {
  const file = path.join(process.env.E2E_DATA_DIR ?? '', 'demo-credentials.json');
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { password: string }[]).map((a) => a.password);
}

test('the built client carries no credential', () => {
  const files = bundle();
  expect(files.length).toBeGreaterThan(0);
  const secrets = [
    process.env.E2E_ADMIN_PASSWORD,
    // The test server's fallback when E2E_ADMIN_PASSWORD is unset.
    'admin-e2e-clave-segura',
    ...demoPasswords(),
  ].filter((s): s is string => Boolean(s));
  expect(secrets.length).toBeGreaterThan(2);
  for (const { file, text } of files) {
    for (const secret of secrets)
      expect(text.includes(secret), `${file} contains a password`).toBe(false);
    // A password property with a fixed, non-empty value: `password: "…"`.
    expect(text, file).not.toMatch(/password["']?\s*:\s*["'`][^"'`\s]+["'`]/i);
    expect(text, file).not.toContain('APPA_ADMIN_PASSWORD');
  }
});
