import { expect, test } from '@playwright/test';
import { adminCredentials, demoUser, freshPassword } from './support/demo-users';
import { fillLogin, notices } from './support/forms';
import { changePasswordViaApi, signInViaApi } from './support/session';

test('the first administrator signs in at /auth and lands on the administrator panel', async ({
  page,
}) => {
  await page.goto('/auth');
  await expect(page).toHaveTitle('Sistema APPA');
  await expect(page.getByRole('heading', { level: 1, name: 'Sistema APPA' })).toBeVisible();
  await expect(page.getByText('Reportes Semanales')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acceso al Sistema' })).toBeVisible();
  await expect(page.getByText(/primer acceso .* cambiar la contraseña inicial/)).toBeVisible();
  for (const feature of [
    'Avances y planes',
    'Problemas y ayuda',
    'KPIs y métricas',
    'Gestión centralizada',
  ]) {
    await expect(page.getByRole('heading', { name: feature })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Acceder con email' })).toHaveCount(0);

  await fillLogin(page, adminCredentials());
  await page.getByRole('button', { name: 'Acceder', exact: true }).click();

  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel Administrativo' })).toBeVisible();
  // The header names who is signed in and their role.
  await expect(page.getByRole('banner')).toContainText('Administrador');
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
});

test('/auth validates the form and reports a failed sign-in in a notice', async ({ page }) => {
  const user = demoUser('wrongPassword');
  await page.goto('/auth');

  await page.getByRole('button', { name: 'Acceder', exact: true }).click();
  await expect(page.getByText('Usuario requerido')).toBeVisible();
  await expect(page.getByText('Contraseña requerida')).toBeVisible();
  await expect(page.getByLabel('Usuario', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await fillLogin(page, { username: user.username, password: 'no-es-su-clave' });
  await page.getByRole('button', { name: 'Acceder', exact: true }).click();

  const notice = notices(page);
  await expect(notice.getByText('Error de inicio de sesión', { exact: true })).toBeVisible();
  await expect(notice.getByText('Usuario o contraseña incorrectos', { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/auth');

  // Only one notice at a time: a second failure replaces the first.
  await page.route('**/api/auth/login-username', (route) =>
    route.fulfill({ status: 429, json: { message: 'Demasiados intentos (simulado)' } }),
  );
  await page.getByRole('button', { name: 'Acceder', exact: true }).click();
  await expect(notice.getByText('Demasiados intentos (simulado)')).toBeVisible();
  await expect(notice.locator('li')).toHaveCount(1);

  // F8 moves the focus to the notices.
  await page.keyboard.press('F8');
  await expect(notice.getByRole('list')).toBeFocused();
});

test('/admin-login signs the administrator in and reports failures inline', async ({ page }) => {
  await page.goto('/admin-login');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Acceso Administrativo' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Acceder con email' })).toHaveAttribute(
    'href',
    '/auth?modo=email',
  );

  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByText('Usuario requerido')).toBeVisible();

  await fillLogin(page, { username: 'admin', password: 'clave-equivocada' });
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Usuario o contraseña incorrectos');

  await fillLogin(page, adminCredentials());
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { name: 'Panel Administrativo' })).toBeVisible();
});

test('anonymous visitors are sent to the sign-in page that fits', async ({ page }) => {
  const someone = demoUser('reportPage');
  await page.goto('/');
  await expect(page).toHaveURL('/auth');
  await page.goto('/consejo');
  await expect(page).toHaveURL('/auth');
  await page.goto('/admin');
  await expect(page).toHaveURL('/auth');
  await page.goto('/change-password');
  await expect(page).toHaveURL('/admin-login');
  await page.goto(`/appa/${someone.slug}/submit`);
  await expect(page).toHaveURL(`/appa/${someone.slug}`);
});

test('a signed-in person who opens a sign-in screen is sent on', async ({ page }) => {
  const user = demoUser('signedInRedirects');
  const other = demoUser('personalLogin');
  await signInViaApi(page, user);

  // A temporary password comes first, whatever the screen.
  for (const path of ['/auth', '/admin-login', `/appa/${user.slug}`, '/lider', '/']) {
    await page.goto(path);
    await expect(page).toHaveURL('/change-password');
  }

  await changePasswordViaApi(page, user.password, freshPassword());
  await page.goto('/auth');
  await expect(page).toHaveURL(`/appa/${user.slug}/submit`);
  await page.goto('/admin-login');
  await expect(page).toHaveURL(`/appa/${user.slug}/submit`);
  await page.goto(`/appa/${other.slug}`);
  await expect(page).toHaveURL(`/appa/${user.slug}/submit`);
});
