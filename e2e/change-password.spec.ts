import { expect, test } from '@playwright/test';
import { demoUser, freshPassword } from './support/demo-users';
import { fillChangePassword, fillLogin, notices } from './support/forms';
import { signInReady } from './support/session';

test('a temporary password must be changed before anything else', async ({ page }) => {
  const user = demoUser('forcedChange');
  await page.goto('/auth');
  await fillLogin(page, user);
  await page.getByRole('button', { name: 'Acceder', exact: true }).click();

  await expect(page).toHaveURL('/change-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Cambiar Contraseña' })).toBeVisible();
  await expect(page.getByText(/la contraseña temporal que recibiste/)).toBeVisible();
  await expect(page.getByText('Al menos 8 caracteres')).toBeVisible();
  await expect(page.getByText('Se recomienda combinar letras, números y símbolos')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Cancelar' })).toHaveCount(0);
  // A temporary password comes with no tokens to revoke.
  await expect(page.getByRole('checkbox', { name: 'Revocar también mis tokens' })).toHaveCount(0);

  // Every other page waits.
  await page.goto(`/appa/${user.slug}/submit`);
  await expect(page).toHaveURL('/change-password');

  const submit = page.getByRole('button', { name: 'Cambiar Contraseña' });
  await submit.click();
  await expect(page.getByText('Contraseña actual requerida')).toBeVisible();
  await expect(
    page.getByText('La nueva contraseña debe tener al menos 8 caracteres'),
  ).toBeVisible();
  await expect(page.getByText('Confirma la nueva contraseña')).toBeVisible();

  const next = freshPassword();
  await fillChangePassword(page, { current: user.password, next, confirm: `${next}x` });
  await submit.click();
  const confirmation = page.getByLabel('Confirmar nueva contraseña', { exact: true });
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await expect(confirmation).toHaveAttribute('aria-invalid', 'true');

  // Each box shows and hides what was typed.
  const newPassword = page.getByLabel('Nueva contraseña', { exact: true });
  await expect(newPassword).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Mostrar contraseña' }).nth(1).click();
  await expect(newPassword).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Ocultar contraseña' }).click();
  await expect(newPassword).toHaveAttribute('type', 'password');

  // The server checks the current password.
  await fillChangePassword(page, { current: 'no-es-la-temporal', next, confirm: next });
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('La contraseña actual no es correcta');

  await fillChangePassword(page, { current: user.password, next, confirm: next });
  await submit.click();
  await expect(notices(page).getByText('Contraseña actualizada correctamente')).toBeVisible();
  await expect(page).toHaveURL(`/appa/${user.slug}/submit`);
  await expect(page.getByText(`Reporte Semanal - ${user.fullName}`)).toBeVisible();
});

test('a voluntary change offers Cancelar, which goes back', async ({ page }) => {
  const user = demoUser('voluntaryChange');
  const current = freshPassword();
  await signInReady(page, user, current);

  await page.goto('/change-password');
  await expect(page.getByText(/contraseña temporal/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(`/appa/${user.slug}/submit`);

  await page.goto('/change-password');
  await expect(page.getByRole('checkbox', { name: 'Revocar también mis tokens' })).toBeChecked();
  const next = freshPassword();
  await fillChangePassword(page, { current, next, confirm: next });
  // 'Redirigiendo' shows only until the redirect a moment later: watch for it from before the
  // click, so that a slow round trip between the test and the browser cannot miss it.
  const redirecting = expect(
    page.getByRole('status').filter({ hasText: 'Redirigiendo' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
  await redirecting;
  await expect(page).toHaveURL(`/appa/${user.slug}/submit`);
});
