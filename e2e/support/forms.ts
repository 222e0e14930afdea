import type { Page } from '@playwright/test';

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
