import { expect, test, type Browser } from '@playwright/test';
import type { Settings } from '../common/schemas/settings';
import { expectNoSeriousA11yViolations } from './support/axe';
import { adminCredentials } from './support/demo-users';
import { fillLogin, notices } from './support/forms';
import { mailedLink } from './support/outbox';
import { ORIGIN } from './support/session';

const DOMAIN = 'registro-e2e.pe';

/** Saves settings as the administrator, through the API the panel uses. */
async function saveSettings(browser: Browser, changes: Partial<Settings>) {
  const admin = await browser.newContext({ baseURL: ORIGIN });
  const login = await admin.request.post('/api/auth/login-username', {
    data: adminCredentials(),
    headers: { Origin: ORIGIN },
  });
  expect(login.status()).toBe(200);
  const saved = await admin.request.put('/api/settings', {
    data: changes,
    headers: { Origin: ORIGIN },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await admin.close();
}

test('a person registers, confirms the e-mailed link with their password and lands on their report; the link works once', async ({
  browser,
  page,
}) => {
  await saveSettings(browser, { registrationEnabled: true, registrationDomains: [DOMAIN] });
  try {
    const stamp = Date.now().toString(36);
    const email = `persona.${stamp}@${DOMAIN}`;
    const username = `persona.${stamp}`;
    const password = `registro-${stamp}-clave`;

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Crear una cuenta' }).click();
    await expect(page).toHaveURL('/auth?modo=registro');
    await page.getByLabel('Nombre completo').fill('Persona Registrada');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Usuario', { exact: true }).fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByLabel('Confirmar contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByText('El usuario no puede ser un correo electrónico.')).toBeVisible();
    await page.getByLabel('Usuario', { exact: true }).fill(username);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Revisa tu correo' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The account and its e-mail are written after the answer.
    await expect.poll(() => mailedLink(email, '/auth/verify-email')).toBeTruthy();
    const link = mailedLink(email, '/auth/verify-email') ?? '';

    // Until the address is confirmed, the password does not open a session.
    await page.getByRole('button', { name: 'Volver al inicio de sesión' }).click();
    await fillLogin(page, { username, password });
    await page.getByRole('button', { name: 'Acceder', exact: true }).click();
    await expect(notices(page).getByText('Aún no confirmaste tu correo.')).toBeVisible();

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Confirma tu correo' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Contraseña', { exact: true }).fill('no-es-mi-clave');
    await page.getByRole('button', { name: 'Confirmar y entrar' }).click();
    await expect(
      page.getByText('La contraseña no coincide con la que elegiste al registrarte.'),
    ).toBeVisible();
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Confirmar y entrar' }).click();
    await expect(page).toHaveURL(/\/appa\/[\w-]+\/submit$/);

    // The link works once.
    const other = await browser.newContext({ baseURL: ORIGIN });
    const second = await other.newPage();
    await second.goto(link);
    await second.getByLabel('Contraseña', { exact: true }).fill(password);
    await second.getByRole('button', { name: 'Confirmar y entrar' }).click();
    await expect(second.getByRole('alert')).toHaveText(
      'El enlace no es válido o ya fue usado. Si ya confirmaste tu correo, ingresa con tu usuario y contraseña.',
    );
    await expect(second.getByRole('link', { name: 'Ir al inicio de sesión' })).toHaveAttribute(
      'href',
      '/auth',
    );
    await other.close();
  } finally {
    await saveSettings(browser, { registrationEnabled: false, registrationDomains: [] });
  }
});
