import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { adminCredentials } from './support/demo-users';
import { notices } from './support/forms';
import { mailedLink } from './support/outbox';
import { ORIGIN } from './support/session';

/** The link of the newest sign-in e-mail written to the test server's outbox for `email`. */
function lastLinkTo(email: string): string {
  const link = mailedLink(email, '/auth/verify');
  if (!link) throw new Error(`no sign-in link was mailed to ${email}`);
  return link;
}

test('a person asks for a link by e-mail, signs in with it once, and a reused link says why', async ({
  browser,
  page,
}) => {
  // An administrator creates the person (the API the panel uses).
  const admin = await browser.newContext({ baseURL: ORIGIN });
  const login = await admin.request.post('/api/auth/login-username', {
    data: adminCredentials(),
    headers: { Origin: ORIGIN },
  });
  expect(login.status()).toBe(200);
  const email = `enlace.${Date.now().toString(36)}@empresa.pe`;
  const created = await admin.request.post('/api/users', {
    data: { email, fullName: 'Persona Enlace', role: 'LIDER' },
    headers: { Origin: ORIGIN },
  });
  expect(created.status()).toBe(200);
  await admin.close();

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Acceder con email' }).click();
  await expect(page).toHaveURL('/auth?modo=email');
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText('Ingresa tu correo electrónico')).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'te enviamos un enlace' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const link = lastLinkTo(email);
  await page.goto(link);
  // A new account still has its temporary password to replace: that is where it lands.
  await expect(page).toHaveURL('/change-password');

  // The link works once.
  const other = await browser.newContext({ baseURL: ORIGIN });
  const second = await other.newPage();
  await second.goto(link);
  await expect(second.getByRole('alert')).toHaveText(
    'El enlace no es válido o ya fue usado. Solicita uno nuevo.',
  );
  await expect(notices(second).getByText('Magic link verification failed')).toBeVisible();
  await expect(second.getByRole('link', { name: 'Solicitar un nuevo enlace' })).toHaveAttribute(
    'href',
    '/auth?modo=email',
  );
  await expectNoSeriousA11yViolations(second);
  await other.close();
});
