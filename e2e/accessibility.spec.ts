import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { adminCredentials, demoUser, freshPassword } from './support/demo-users';
import { fillLogin, notices } from './support/forms';
import { signInReady, signInViaApi } from './support/session';
import { ROLE_PAGES } from './support/pages';

test.describe('no serious or critical accessibility violation', () => {
  test('sign-in screens, empty and with their errors', async ({ page }) => {
    const someone = demoUser('wrongPassword');

    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Acceso al Sistema' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Acceder', exact: true }).click();
    await expect(page.getByText('Usuario requerido')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.route('**/api/auth/login-username', (route) =>
      route.fulfill({ status: 401, json: { message: 'Usuario o contraseña incorrectos' } }),
    );
    await fillLogin(page, { username: 'alguien', password: 'algo' });
    await page.getByRole('button', { name: 'Acceder', exact: true }).click();
    await expect(notices(page).getByText('Error de inicio de sesión')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/admin-login');
    await expect(page.getByRole('heading', { name: 'Acceso Administrativo' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await fillLogin(page, { username: 'alguien', password: 'algo' });
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/appa/${someone.slug}`);
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/appa/nadie-con-este-enlace');
    await expect(page.getByRole('heading', { name: 'Usuario no encontrado' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('forced password change, with its validation messages', async ({ page }) => {
    await signInViaApi(page, demoUser('forcedChangeScreen'));
    await page.goto('/change-password');
    await expect(page.getByRole('heading', { name: 'Cambiar Contraseña' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
    await expect(page.getByText('Contraseña actual requerida')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('dashboards and the administrator panel', async ({ page }) => {
    await signInViaApi(page, adminCredentials());
    for (const [path, title] of ROLE_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });

  test('report page, voluntary change and access denied', async ({ page }) => {
    const user = demoUser('reportPage');
    await signInReady(page, user, freshPassword());

    await page.goto(`/appa/${user.slug}/submit`);
    await expect(page.getByText(`Reporte Semanal - ${user.fullName}`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/change-password');
    await expect(page.getByRole('link', { name: 'Cancelar' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/consejo');
    await expect(page.getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('static pages', async ({ page }) => {
    for (const [path, text] of [
      ['/test', 'Test Route Works!'],
      ['/debug/ana-perez', 'ana-perez'],
      ['/no-existe', 'Página no encontrada'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(text)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });
});
