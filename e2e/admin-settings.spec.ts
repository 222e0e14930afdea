import { expect, test, type Page } from '@playwright/test';
import { dayMonthYear, localDateTime } from '../common/date-format';
import { AUDIT_MSG, type AuditLogResponse } from '../common/schemas/audit';
import type { Settings } from '../common/schemas/settings';
import { expectNoSeriousA11yViolations } from './support/axe';
import { adminCredentials, demoUser, freshPassword } from './support/demo-users';
import { notices } from './support/forms';
import { ORIGIN, signInReady, signInViaApi } from './support/session';

async function openConfiguration(page: Page) {
  await signInViaApi(page, adminCredentials());
  await page.goto('/admin?tab=configuracion');
  await expect(page.getByRole('tab', { name: 'Configuración' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('heading', { name: 'Configuración del Sistema' })).toBeVisible();
  await expect(page.getByLabel('Máximo de archivos')).toBeVisible();
}

async function saveSettings(page: Page, changes: Partial<Settings>) {
  const response = await page.request.put('/api/settings', {
    data: changes,
    headers: { Origin: ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('the administrator lowers the file limit and a person sees it on the report form', async ({
  page,
  browser,
}) => {
  await openConfiguration(page);
  const saved = (await (await page.request.get('/api/settings')).json()) as Settings;
  const save = page.getByRole('button', { name: 'Guardar configuración' });
  await expect(save).toBeDisabled();

  const maxFiles = page.getByLabel('Máximo de archivos');
  await maxFiles.fill('0');
  await save.click();
  await expect(
    page.getByText('La cantidad máxima de archivos debe estar entre 1 y 50'),
  ).toBeVisible();

  await maxFiles.fill('1');
  try {
    await save.click();
    await expect(notices(page).getByText('Configuración guardada')).toBeVisible();
    await expect(save).toBeDisabled();

    const context = await browser.newContext();
    try {
      const person = await context.newPage();
      const user = demoUser('settingsFileLimit');
      await signInReady(person, user, freshPassword());
      await person.goto(`/appa/${user.slug}/submit`);
      await expect(
        person.getByText('Hasta 1 archivos de 10 MB como máximo cada uno.'),
      ).toBeVisible();
    } finally {
      await context.close();
    }
  } finally {
    // report.spec.ts fills the default limit of files: put it back at once.
    await saveSettings(page, { maxFiles: saved.maxFiles });
  }

  await page.reload();
  await expect(page.getByLabel('Máximo de archivos')).toHaveValue(String(saved.maxFiles));
  const audit = page.getByRole('region', { name: 'Tabla de auditoría' });
  await page.getByLabel('Acción').selectOption({ label: 'Configuración: todas' });
  await expect(audit.getByRole('cell', { name: 'Cambió la configuración' }).first()).toBeVisible();
  await expect(audit.getByRole('row').filter({ hasText: 'maxFiles' }).first()).toBeVisible();
});

test('the administrator reads the credentials e-mail of a new person', async ({ page }) => {
  await signInViaApi(page, adminCredentials());
  const email = `correo.${Date.now().toString(36)}@empresa.pe`;
  const created = await page.request.post('/api/users', {
    data: { email, fullName: 'Rocío Ñahui Pérez' },
    headers: { Origin: ORIGIN },
  });
  expect(created.status(), await created.text()).toBe(200);

  await openConfiguration(page);
  const outbox = page.getByRole('list', { name: 'Correos enviados' });
  await outbox.getByRole('button').filter({ hasText: email }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('heading', { name: 'Tus credenciales de acceso al Sistema APPA' }),
  ).toBeVisible();
  await expect(dialog).toContainText('Hola, Rocío Ñahui Pérez:');
  await expect(dialog).toContainText(email);
  // The administrator reads that a password was sent, never the password.
  await expect(dialog).toContainText('Contraseña temporal: ••••••••');
  await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(dialog).toHaveCount(0);

  await expectNoSeriousA11yViolations(page);
});

test.describe('in a browser set to another time zone', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test("the audit log reads in Spanish words and the organisation's days", async ({ page }) => {
    await openConfiguration(page);
    const latest = (await (
      await page.request.get('/api/audit-log?action=auth.login&limit=1')
    ).json()) as AuditLogResponse;
    const signIn = latest.entries[0];
    expect(signIn).toBeDefined();
    const at = localDateTime(signIn?.createdAt ?? '', 'America/Lima');
    const audit = page.getByRole('region', { name: 'Tabla de auditoría' });
    const row = audit.getByRole('row').filter({ hasText: `${at.date} ${at.time}` });

    await page.getByLabel('Acción').selectOption({ label: 'Inició sesión' });
    await expect(row.getByRole('cell', { name: 'Inició sesión' }).first()).toBeVisible();
    await expect(audit.getByRole('cell', { name: 'Usuario' }).first()).toBeVisible();

    // The sign-in's day as Lima lives it, whatever the browser's clock says.
    const [day, month, year] = at.date.split('/');
    await page.getByLabel('Desde').fill(at.date);
    await page.getByLabel('Hasta').fill(at.date);
    await expect(row.first()).toBeVisible();
    const next = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day) + 1));
    const nextDay = dayMonthYear(next.toISOString());
    await page.getByLabel('Desde').fill(nextDay);
    await page.getByLabel('Hasta').fill(nextDay);
    await expect(page.getByText('No hay registros para estos filtros.')).toBeVisible();

    // A day that does not exist says how to write one.
    await page.getByLabel('Hasta').fill('31/02/2026');
    await page.getByLabel('Hasta').blur();
    await expect(page.getByText(AUDIT_MSG.invalidTo)).toBeVisible();
  });
});
