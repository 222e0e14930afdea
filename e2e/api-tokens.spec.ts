import { expect, test, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { adminCredentials } from './support/demo-users';
import { notices } from './support/forms';
import { newPerson } from './support/people';
import { signInViaApi } from './support/session';

/**
 * The token just made, in another system's hands: it reads the week and not the people; revoked
 * from the list, it is refused at once.
 */
async function useThenRevoke(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string | undefined,
  name: string,
) {
  const token = (await page.getByText(/^appa_[A-Za-z0-9_-]{43}$/).textContent()) ?? '';
  expect(token).toMatch(/^appa_[A-Za-z0-9_-]{43}$/);
  const tokens = page.getByRole('list', { name: 'Tokens' });
  const script = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  try {
    expect((await script.get('/api/appa/week')).status()).toBe(200);
    expect((await script.get('/api/users')).status()).toBe(403);

    const item = tokens.getByRole('listitem').filter({ hasText: name });
    await item.getByRole('button', { name: 'Revocar' }).click();
    await item.getByRole('button', { name: 'Revocar' }).click();
    await expect(notices(page).getByText('Token revocado')).toBeVisible();
    await expect(tokens.getByText(name)).toHaveCount(0);
    expect((await script.get('/api/appa/week')).status()).toBe(401);
  } finally {
    await script.dispose();
  }
}

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
  await expect(page.getByRole('list', { name: 'Tokens' }).getByText('Tablero de BI')).toBeVisible();

  await useThenRevoke(page, playwright, baseURL, 'Tablero de BI');
});

test('a board member makes a personal token on Mi cuenta: it reads what they may and nothing more', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInViaApi(admin, adminCredentials());
  const member = await newPerson(browser, admin, { fullName: 'Berta Consejo', role: 'CONSEJO' });
  const { page } = member;
  try {
    await page.goto('/consejo');
    await page.getByRole('link', { name: 'Mi cuenta' }).click();
    await expect(page.getByRole('heading', { name: 'Mi cuenta', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cambiar contraseña' })).toBeVisible();

    const card = page.getByRole('form', { name: 'Crear token' });
    // Service tokens are the administrators' alone.
    await expect(card.getByLabel('Tipo')).toHaveCount(0);
    // Nor are scopes offered that the member's role could never use.
    await expect(card.getByRole('checkbox', { name: /Leer reportes/ })).toBeChecked();
    await expect(card.getByRole('checkbox', { name: /usuarios/ })).toHaveCount(0);
    // Without a date it lasts the organisation's default, and never more than a year.
    await expect(
      card.getByText(/Sin fecha: 90 días, hasta el \d{2}\/\d{2}\/\d{4}\. Como máximo 365 días/),
    ).toBeVisible();
    await card.getByLabel('Nombre').fill('Hoja de cálculo');
    await card.getByRole('button', { name: 'Crear token' }).click();
    const tokens = page.getByRole('list', { name: 'Tokens' });
    await expect(tokens.getByText('Hoja de cálculo')).toBeVisible();
    await expect(tokens.getByText(/Personal · Berta Consejo/)).toBeVisible();
    await expect(tokens.getByText(/Vence: \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

    // The board reads the week; the token cannot manage people, which the member cannot either.
    await useThenRevoke(page, playwright, baseURL, 'Hoja de cálculo');
  } finally {
    await member.close();
    await adminContext.close();
  }
});

test('deciding roles and managers is offered to service tokens alone, with what it amounts to', async ({
  page,
}) => {
  await signInViaApi(page, adminCredentials());
  await page.goto('/admin?tab=configuracion');
  const card = page.getByRole('form', { name: 'Crear token' });
  const hierarchy = card.getByRole('checkbox', { name: /Decidir roles y jefes/ });
  await hierarchy.check();
  // It widens what creating and editing people may set, so it brings that scope along.
  await expect(card.getByRole('checkbox', { name: /Crear y editar usuarios/ })).toBeChecked();
  await expect(hierarchy).toHaveAccessibleDescription(
    /Equivale a decidir quién lee los reportes de quién/,
  );
  await card.getByLabel('Tipo').selectOption('PERSONAL');
  await expect(hierarchy).toHaveCount(0);
  await card.getByLabel('Tipo').selectOption('SERVICE');
  await hierarchy.check();
  await card.getByLabel('Nombre').fill('Sincronización de RR. HH.');
  await card.getByRole('button', { name: 'Crear token' }).click();
  const item = page
    .getByRole('list', { name: 'Tokens' })
    .getByRole('listitem')
    .filter({ hasText: 'Sincronización de RR. HH.' });
  await expect(item.getByText('Decide quién lee los reportes de quién.')).toBeVisible();
});
