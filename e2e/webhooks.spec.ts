import { expect, test, type Page } from '@playwright/test';
import { startReceiver, verifySignature } from '../server/test/webhook-receiver';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expectNoSidewaysScroll } from './support/layout';
import { startOwnServer, type OwnServer } from './support/own-server';

/*
 * Webhooks in the panel, against a server of its own that may send to this machine
 * (WEBHOOK_ALLOW_PRIVATE=1) and a real receiver that first fails: an administrator registers an
 * endpoint, copies its secret (shown once), sends a test that fails (shown with the receiver's
 * answer), then one that arrives signed with that secret, and deletes the endpoint.
 */

const ADMIN = { username: 'admin.webhooks', password: 'clave-de-webhooks-e2e-segura' };

let origin = '';
let server: OwnServer | null = null;
let receiver: Awaited<ReturnType<typeof startReceiver>> | null = null;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  receiver = await startReceiver(() => 500);
  server = await startOwnServer(ADMIN, { WEBHOOK_ALLOW_PRIVATE: '1' });
  origin = server.origin;
});

test.afterAll(async () => {
  server?.stop();
  await receiver?.close();
});

async function signIn(page: Page) {
  const res = await page.request.post(`${origin}/api/auth/login-username`, {
    data: ADMIN,
    headers: { Origin: origin },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('an administrator registers an endpoint, copies its secret once, and sees a failed test, then a signed one', async ({
  page,
}) => {
  if (!receiver) throw new Error('no receiver');
  await signIn(page);
  await page.goto(`${origin}/admin?tab=configuracion`);
  const form = page.getByRole('form', { name: 'Registrar webhook' });
  await form.getByLabel('URL').fill(receiver.url);
  await form.getByLabel('Descripción (opcional)').fill('Sistema de RR. HH.');
  await expect(form.getByRole('checkbox', { name: /APPA enviado/ })).toBeChecked();
  await form.getByRole('checkbox', { name: /Tarea completada/ }).check();
  await form.getByRole('button', { name: 'Registrar webhook' }).click();

  await expect(
    page.getByText('Copia el secreto de firma ahora: no se volverá a mostrar.', { exact: false }),
  ).toBeVisible();
  const secret = (await page.getByText(/^whsec_[A-Za-z0-9+/]{43}=$/).textContent()) ?? '';
  expect(secret).toMatch(/^whsec_/);
  const list = page.getByRole('list', { name: 'Webhooks' });
  const item = list.getByRole('listitem').filter({ hasText: receiver.url });
  await expect(item).toContainText('Activo');
  await expect(item).toContainText('APPA enviado, Tarea completada');
  await expectNoSeriousA11yViolations(page);

  await item.getByRole('button', { name: 'Enviar prueba' }).click();
  await expect(
    page.getByText('Prueba enviada; su resultado aparecerá en las entregas', { exact: true }),
  ).toBeVisible();
  const deliveries = page.getByRole('region', { name: 'Tabla de entregas de webhooks' });
  const row = deliveries.getByRole('row').filter({ hasText: 'ping' });
  // The page reads the list again while a delivery waits; the first try fails with a 500.
  await expect(row).toContainText('Pendiente (500)');
  await expect(row).toContainText('El receptor respondió 500');
  expect(receiver.received).toHaveLength(1);

  // The secret is never shown again.
  await page.reload();
  await expect(page.getByText(secret)).toHaveCount(0);

  // Waiting for the back-off takes a minute: an administrator tests again instead, and it works.
  receiver.answer(() => 204);
  await item.getByRole('button', { name: 'Enviar prueba' }).click();
  await expect(deliveries.getByText('Entregado (204)')).toBeVisible();
  const delivered = receiver.received.at(-1);
  if (!delivered) throw new Error('nothing delivered');
  expect(delivered.json.type).toBe('ping');
  expect(verifySignature(secret, delivered, new Date())).toBe(true);

  await item.getByRole('button', { name: 'Eliminar' }).click();
  await item.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Webhook eliminado', { exact: true })).toBeVisible();
  await expect(list).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the card fits the screen', async ({ page }) => {
    await signIn(page);
    await page.goto(`${origin}/admin?tab=configuracion`);
    await expect(page.getByRole('form', { name: 'Registrar webhook' })).toBeVisible();
    await expectNoSidewaysScroll(page, 390);
  });
});
