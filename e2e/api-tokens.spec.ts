import { expect, test } from '@playwright/test';
import { adminCredentials } from './support/demo-users';
import { notices } from './support/forms';
import { signInViaApi } from './support/session';

test('an administrator makes a service token, a script reads the week with it, and revoking it stops it', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signInViaApi(page, adminCredentials());
  await page.goto('/admin?tab=configuracion');
  const card = page.getByRole('form', { name: 'Crear token' });
  await card.getByLabel('Nombre').fill('Tablero de BI');
  await expect(card.getByLabel('Tipo')).toHaveValue('SERVICE');
  await expect(card.getByRole('checkbox', { name: /Leer reportes/ })).toBeChecked();
  await card.getByRole('button', { name: 'Crear token' }).click();

  await expect(page.getByText('Copia el token ahora: no se volverá a mostrar.')).toBeVisible();
  const token = (await page.getByText(/^appa_[A-Za-z0-9_-]{43}$/).textContent()) ?? '';
  expect(token).toMatch(/^appa_[A-Za-z0-9_-]{43}$/);
  const tokens = page.getByRole('list', { name: 'Tokens' });
  await expect(tokens.getByText('Tablero de BI')).toBeVisible();

  // Another system, with the token alone.
  const script = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  try {
    expect((await script.get('/api/appa/week')).status()).toBe(200);
    expect((await script.get('/api/users')).status()).toBe(403);

    const item = tokens.getByRole('listitem').filter({ hasText: 'Tablero de BI' });
    await item.getByRole('button', { name: 'Revocar' }).click();
    await item.getByRole('button', { name: 'Revocar' }).click();
    await expect(notices(page).getByText('Token revocado')).toBeVisible();
    await expect(tokens.getByText('Tablero de BI')).toHaveCount(0);
    expect((await script.get('/api/appa/week')).status()).toBe(401);
  } finally {
    await script.dispose();
  }
});
