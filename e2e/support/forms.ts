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

/** Closes the notices on screen, as a person does before reaching a button one covers. */
export async function closeNotice(page: Page) {
  const open = notices(page).getByRole('status');
  const close = notices(page).getByRole('button', { name: 'Cerrar' });
  // A notice also closes by itself when its timer runs out, possibly between finding its button and
  // clicking it: then the click has nothing to land on. Each round gives up soon and the next one
  // finds none left, instead of one click waiting for a notice that is gone.
  await expect(async () => {
    if ((await close.count()) > 0) await close.first().click({ timeout: 10_000 });
    await expect(open).toHaveCount(0, { timeout: 10_000 });
  }).toPass();
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

/**
 * Confirms the open reminder dialog, insisting on anyone reminded lately (other tests remind the
 * same demo people within the hours the server keeps them from a second reminder).
 */
export async function confirmReminder(page: Page) {
  const dialog = page.getByRole('dialog', { name: '¿Enviar recordatorios?' });
  const send = dialog.getByRole('button', { name: /^Enviar a \d+ persona/ });
  await send.waitFor();
  const insist = dialog.getByRole('checkbox', { name: /Enviar también a quienes ya recibieron/ });
  if ((await insist.count()) > 0) await insist.check();
  await send.click();
  await dialog.waitFor({ state: 'hidden' });
}
