import { expect, test } from '@playwright/test';
import { adminCredentials, demoUser, freshPassword } from './support/demo-users';
import { signInReady, signInViaApi } from './support/session';
import { ROLE_PAGES } from './support/pages';

test('the test page, the debug page and the 404 page', async ({ page }) => {
  await page.goto('/test');
  await expect(page.getByText('Test Route Works!')).toBeVisible();
  await expect(page.getByText('This page is working correctly.')).toBeVisible();

  await page.goto('/debug/ana-perez');
  await expect(page.getByText('ana-perez')).toBeVisible();

  await page.goto('/no/existe/esta/ruta');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expect(page.getByText('La página que buscas no existe.')).toBeVisible();
  await expect(page.getByText('Page Not Found')).toBeVisible();
  await page.getByRole('link', { name: 'Ir al inicio' }).click();
  await expect(page).not.toHaveURL(/no\/existe/);
});

test('an /api address opened in the browser fails as a Spanish page that leads back', async ({
  page,
}) => {
  const response = await page.goto('/api/no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expect(page.getByText('Recurso no encontrado')).toBeVisible();
  const back = page.getByRole('link', { name: 'Volver al inicio' });
  // Its style is not refused by the content security policy.
  await expect(back).toHaveCSS('background-color', 'rgb(15, 23, 42)');
  await back.click();
  await expect(page).not.toHaveURL(/\/api\//);
});

test('a start-up failure is told in Spanish, and Reintentar asks again without reloading', async ({
  page,
}) => {
  let failing = true;
  await page.route('**/api/config', (route) =>
    failing
      ? route.fulfill({ status: 500, json: { message: 'Falla simulada de configuración' } })
      : route.continue(),
  );
  await page.goto('/auth');
  const screen = page.getByRole('alert');
  await expect(
    screen.getByRole('heading', { name: 'Error al cargar la aplicación' }),
  ).toBeVisible();
  await expect(screen.getByText('Falla simulada de configuración')).toBeVisible();
  await expect(page.getByText('Error loading application')).toHaveCount(0);

  // A reload would forget this mark: Reintentar only asks for the configuration again.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  failing = false;
  await screen.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('button', { name: 'Acceder', exact: true })).toBeVisible();
  expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);
});

test('a dashboard of another role shows Acceso Denegado', async ({ page }) => {
  const user = demoUser('accessDenied');
  await signInReady(page, user, freshPassword());
  for (const path of ['/vp', '/gerente', '/consejo', '/admin']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Ir a mi página' }).click();
  await expect(page).toHaveURL('/lider');
  await expect(page.getByRole('heading', { name: 'Dashboard Líder' })).toBeVisible();
});

test('the administrator may open every dashboard', async ({ page }) => {
  await signInViaApi(page, adminCredentials());
  for (const [path, title] of ROLE_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
  await page.goto('/');
  await expect(page).toHaveURL('/admin');
});
