import { expect, test, type Page } from '@playwright/test';
import { startSmtpServer } from '../server/test/smtp';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectNoSidewaysScroll, expectWithinWidth } from './support/layout';
import { startOwnServer, type OwnServer } from './support/own-server';

/*
 * The mail queue in the panel, against a server of its own that sends through a real SMTP server
 * which first refuses a mailbox for good: the failed message shows with its reason, and
 * "Reintentar" sends it once the mailbox is accepted.
 */

const ADMIN = { username: 'admin.correo', password: 'clave-de-correo-e2e-segura' };
const REFUSED = 'buzon.cerrado@empresa.pe';

let origin = '';
let server: OwnServer | null = null;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | null = null;
let refusing = true;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtpServer(0, (address) => refusing && address === REFUSED);
  server = await startOwnServer(ADMIN, { SMTP_URL: smtp.url });
  origin = server.origin;
});

test.afterAll(async () => {
  server?.stop();
  await smtp?.close();
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
