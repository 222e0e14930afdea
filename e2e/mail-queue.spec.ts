import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort, waitFor } from '../scripts/lib/net.mjs';
import { startSmtpServer } from '../server/test/smtp';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectNoSidewaysScroll, expectWithinWidth } from './support/layout';

/*
 * The mail queue in the panel, against a server of its own that sends through a real SMTP server
 * which first refuses a mailbox for good: the failed message shows with its reason, and
 * "Reintentar" sends it once the mailbox is accepted.
 */

const ADMIN = { username: 'admin.correo', password: 'clave-de-correo-e2e-segura' };
const REFUSED = 'buzon.cerrado@empresa.pe';

let origin = '';
let server: ChildProcess | null = null;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | null = null;
let dataDir = '';
let refusing = true;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtpServer(0, (address) => refusing && address === REFUSED);

  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'appa-e2e-mail-'));
  server = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      APPA_DEMO: '0',
      APPA_ADMIN_USERNAME: ADMIN.username,
      APPA_ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtp.url,
      PUBLIC_URL: origin,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  await waitFor(async () => (await fetch(`${origin}/api/health`)).ok, 'the mail test server', {
    timeoutMs: 150_000,
    exited,
  });
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  const res = await page.request.post(`${origin}/api/auth/login-username`, {
    data: ADMIN,
    headers: { Origin: origin },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('a failed e-mail shows its reason, and "Reintentar" sends it', async ({ page }) => {
  await signIn(page);
  const created = await page.request.post(`${origin}/api/users`, {
    data: { email: REFUSED, fullName: 'Buzón Cerrado' },
    headers: { Origin: origin },
  });
  expect(created.status(), await created.text()).toBe(200);

  await page.goto(`${origin}/admin?tab=configuracion`);
  const queue = page.getByRole('region', { name: 'Tabla de la cola de correos' });
  const row = queue.getByRole('row').filter({ hasText: REFUSED });
  // The worker sends right after the answer; the page asks again until the refusal is there.
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('Falló')).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(row).toContainText('Mailbox unavailable');
  await expect(row).toContainText('Credenciales');
  await expectNoSeriousA11yViolations(page);

  refusing = false;
  await row.getByRole('button', { name: `Reintentar el correo a ${REFUSED}` }).click();
  await expect(
    page.getByText('El correo se volverá a enviar en unos momentos.', { exact: true }),
  ).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('Enviado')).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(row.getByRole('button', { name: /^Reintentar/ })).toHaveCount(0);
  expect((smtp?.received ?? []).filter((raw) => raw.includes(`To: ${REFUSED}`))).toHaveLength(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the queue is a list of cards', async ({ page }) => {
    await signIn(page);
    await page.goto(`${origin}/admin?tab=configuracion`);
    const table = page.getByRole('region', { name: 'Tabla de la cola de correos' });
    const card = table.locator('tbody tr').first();
    await expect(card).toBeVisible();
    await expectWithinWidth(card, 390);
    await expectNoSidewaysScroll(page, 390);
    // The head row is hidden: each card names its own cells.
    await expect(table.locator('thead th').last()).not.toBeInViewport();
  });
});
