import { expect, test } from '@playwright/test';
import { demoUser, freshPassword } from './support/demo-users';
import { signInReady } from './support/session';

test('Cerrar Sesión ends the session and leaves for the public site or /auth', async ({ page }) => {
  const user = demoUser('logout');
  await signInReady(page, user, freshPassword());
  const config = (await (await page.request.get('/api/config')).json()) as {
    publicSiteUrl: string | null;
  };

  await page.goto('/lider');
  await expect(page.getByRole('heading', { name: 'Dashboard Líder' })).toBeVisible();
  if (config.publicSiteUrl) {
    // Do not actually leave for the outside world.
    await page.route(`${config.publicSiteUrl}**`, (route) =>
      route.fulfill({ body: 'sitio público', contentType: 'text/plain' }),
    );
  }
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();

  if (config.publicSiteUrl) {
    await expect(page).toHaveURL(config.publicSiteUrl);
  } else {
    await expect(page).toHaveURL('/auth');
    await expect(page.getByRole('heading', { name: 'Acceso al Sistema' })).toBeVisible();
  }
  expect((await page.request.get('/api/user')).status()).toBe(401);

  await page.goto('/lider');
  await expect(page).toHaveURL('/auth');
});
