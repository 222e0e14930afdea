import { ROLE_LABELS } from '../common/roles';
import { expect, test, type Page } from '@playwright/test';
import { demoUser, freshPassword, type Purpose } from './support/demo-users';
import { fillChangePassword } from './support/forms';
import { signInViaApi } from './support/session';

const DASHBOARDS = [
  { purpose: 'landingConsejo', path: '/consejo', title: 'Dashboard Consejo Directivo' },
  { purpose: 'landingVp', path: '/vp', title: 'Dashboard VP' },
  { purpose: 'landingGerente', path: '/gerente', title: 'Dashboard Gerente' },
  { purpose: 'landingLider', path: '/lider', title: 'Dashboard Líder' },
] as const satisfies readonly { purpose: Purpose; path: string; title: string }[];

/** Signs in (the sign-in forms have tests of their own) and replaces the password on its screen. */
async function signInAndReplaceTemporaryPassword(
  page: Page,
  user: { username: string; password: string },
) {
  await signInViaApi(page, user);
  await page.goto('/');
  await expect(page).toHaveURL('/change-password');
  const next = freshPassword();
  await fillChangePassword(page, { current: user.password, next, confirm: next });
  await page.getByRole('button', { name: 'Cambiar Contraseña' }).click();
}

for (const { purpose, path, title } of DASHBOARDS) {
  test(`${path}: where ${title} signs in after replacing the temporary password`, async ({
    page,
  }) => {
    const user = demoUser(purpose);
    await signInAndReplaceTemporaryPassword(page, user);

    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByText(user.fullName)).toBeVisible();
    await expect(header.getByText(ROLE_LABELS[user.role], { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
  });
}

test('an author (USER) lands on their weekly report', async ({ page }) => {
  const user = demoUser('landingUser');
  await signInAndReplaceTemporaryPassword(page, user);

  await expect(page).toHaveURL(`/appa/${user.slug}/submit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sistema APPA' })).toBeVisible();
  await expect(page.getByText(`Reporte Semanal - ${user.fullName}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tu APPA de esta semana' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salir' })).toBeVisible();
});
