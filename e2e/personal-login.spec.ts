import { expect, test } from '@playwright/test';
import { demoUser, freshPassword } from './support/demo-users';
import { fillChangePassword, fillLogin } from './support/forms';

test('an unknown personal link says so', async ({ page }) => {
  await page.goto('/appa/nadie-con-este-enlace');
  await expect(page.getByRole('heading', { name: 'Usuario no encontrado' })).toBeVisible();
  await expect(
    page.getByText('No se encontró el usuario con identificador: nadie-con-este-enlace'),
  ).toBeVisible();
});

test('the personal link greets its owner, signs them in and takes them back on exit', async ({
  page,
}) => {
  const user = demoUser('personalLogin');
  await page.goto(`/appa/${user.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Acceso al Sistema' })).toBeVisible();
  await expect(page.getByText('Sistema APPA', { exact: true })).toBeVisible();
  await expect(page.getByText(user.fullName)).toBeVisible();

  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Usuario requerido')).toBeVisible();
  await expect(page.getByText('Contraseña requerida')).toBeVisible();

  await fillLogin(page, user);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL('/change-password');

  const next = freshPassword();
  await fillChangePassword(page, { current: user.password, next, confirm: next });
  await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
  await expect(page).toHaveURL(`/appa/${user.slug}/submit`);
  await expect(page.getByText(`Reporte Semanal - ${user.fullName}`)).toBeVisible();

  await page.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(`/appa/${user.slug}`);
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();

  // The session really ended: the report page sends back to the personal link.
  await page.goto(`/appa/${user.slug}/submit`);
  await expect(page).toHaveURL(`/appa/${user.slug}`);

  // And the new password works from the personal link.
  await fillLogin(page, { username: user.username, password: next });
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(`/appa/${user.slug}/submit`);
});

test('a wrong password on the personal link reads "Usuario o contraseña incorrectos"', async ({
  page,
}) => {
  const user = demoUser('wrongPassword');
  await page.goto(`/appa/${user.slug}`);
  await fillLogin(page, { username: user.username, password: 'tampoco-es-esta' });
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Usuario o contraseña incorrectos');
  await expect(page).toHaveURL(`/appa/${user.slug}`);
});

test('a network failure on the personal link reads "Error de conexión"', async ({ page }) => {
  const user = demoUser('wrongPassword');
  await page.goto(`/appa/${user.slug}`);
  await page.route('**/api/auth/login-username', (route) => route.abort('connectionrefused'));
  await fillLogin(page, user);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Error de conexión. Intenta nuevamente.');
});

test("a throttled or suspended sign-in on the personal link shows the server's reason", async ({
  page,
}) => {
  const user = demoUser('wrongPassword');
  await page.goto(`/appa/${user.slug}`);
  await fillLogin(page, user);

  await page.route('**/api/auth/login-username', (route) =>
    route.fulfill({ status: 429, json: { message: 'Demasiados intentos fallidos (simulado)' } }),
  );
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Demasiados intentos fallidos (simulado)');

  await page.unroute('**/api/auth/login-username');
  await page.route('**/api/auth/login-username', (route) =>
    route.fulfill({ status: 403, json: { message: 'Tu cuenta está suspendida (simulado)' } }),
  );
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Tu cuenta está suspendida (simulado)');
});
