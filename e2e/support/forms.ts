import { expect, type Page } from '@playwright/test';

export async function fillLogin(page: Page, credentials: { username: string; password: string }) {
  await page.getByLabel('Usuario', { exact: true }).fill(credentials.username);
  await page.getByLabel('Contraseña', { exact: true }).fill(credentials.password);
}

export async function fillChangePassword(
  page: Page,
  values: { current: string; next: string; confirm: string },
) {
  await page.getByLabel('Contraseña actual', { exact: true }).fill(values.current);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(values.next);
  await page.getByLabel('Confirmar nueva contraseña', { exact: true }).fill(values.confirm);
}

/** The notices region (Radix toast viewport). */
export const notices = (page: Page) => page.getByRole('region', { name: /^Notificaciones/ });

/** Closes the notice on screen, as a person does before reaching a button it covers. */
export async function closeNotice(page: Page) {
  // A slow step before this may have outlasted the notice's own timer: then there is none to close.
  const close = notices(page).getByRole('button', { name: 'Cerrar' });
  if ((await close.count()) > 0)
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => {});
  await expect(notices(page).getByRole('status')).toHaveCount(0);
}

/** Signs in on someone's personal link, as a person does, and lands on their report page. */
export async function signInOnPersonalLink(
  page: Page,
  user: { slug: string; username: string },
  password: string,
) {
  await page.goto(`/appa/${user.slug}`);
  await fillLogin(page, { username: user.username, password });
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(`/appa/${user.slug}/submit`);
}
