import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { adminCredentials, demoUser } from './support/demo-users';
import { closeNotice, notices } from './support/forms';
import { expectNoSidewaysScroll, expectWithinWidth } from './support/layout';
import { ORIGIN, signInViaApi } from './support/session';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function openUsersTab(page: Page) {
  await signInViaApi(page, adminCredentials());
  await page.goto('/admin?tab=usuarios');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel Administrativo' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Gestión de Usuarios' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('region', { name: 'Tabla de usuarios' })).toBeVisible();
}

/** The table row of one person, found by their name. */
const rowOf = (page: Page, fullName: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: fullName }) });

const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test('the panel has five tabs and keeps the open one in the address', async ({ page }) => {
  await openUsersTab(page);
  const tabs = page.getByRole('tablist', { name: 'Secciones del panel' }).getByRole('tab');
  await expect(tabs).toHaveText([
    'Resumen Semanal',
    'Gestión de Usuarios',
    'Revisión de APPAs',
    'Reportes',
    'Configuración',
  ]);

  await page.getByRole('tab', { name: 'Reportes' }).click();
  await expect(page).toHaveURL('/admin?tab=reportes');
  await expect(page.getByRole('heading', { name: 'Reporte semanal' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Reportes' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.getByRole('tab', { name: 'Gestión de Usuarios' }).click();
  await expect(page).toHaveURL('/admin?tab=usuarios');
  await expect(page.getByRole('button', { name: 'Carga Masiva' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
});

test('the search finds people by name or e-mail', async ({ page }) => {
  await openUsersTab(page);
  const someone = demoUser('adminStatus');
  const search = page.getByRole('searchbox', { name: 'Buscar usuarios' });

  await search.fill(someone.fullName.toUpperCase());
  await expect(rowOf(page, someone.fullName)).toBeVisible();
  await expect(page.getByRole('rowheader')).toHaveCount(1);

  await search.fill('nadie-se-llama-asi');
  await expect(page.getByText('No se encontraron usuarios.')).toBeVisible();
});

test('an administrator creates a user and copies their personal link', async ({ page }) => {
  await openUsersTab(page);
  const stamp = Date.now().toString(36);
  const fullName = `Prueba Creación ${stamp}`;
  const email = `creacion-${stamp}@example.com`;

  await page.getByRole('button', { name: 'Crear Usuario' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear Nuevo Usuario' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Rol')).toHaveValue('USER');
  await expect(dialog.getByLabel('Zona horaria')).toHaveValue('America/Lima');
  await expectNoSeriousA11yViolations(page);

  const create = dialog.getByRole('button', { name: 'Crear Usuario' });
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Correo electrónico').fill('no-es-un-correo');
  await dialog.getByLabel('Nombre completo').fill(fullName);
  await create.click();
  await expect(dialog.getByText('Correo electrónico no válido')).toBeVisible();

  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByLabel('Cargo').fill('Analista');
  await dialog.getByLabel('Zona horaria').selectOption('America/Bogota');
  await dialog.getByLabel('Unidad organizacional (opcional)').fill('Finanzas');
  await create.click();

  await expect(notices(page).getByText('Usuario creado')).toBeVisible();
  await expect(
    notices(page).getByText('El usuario recibirá un correo con sus credenciales'),
  ).toBeVisible();
  const result = page.getByRole('dialog', { name: 'Usuario creado' });
  const temporary = result.getByRole('textbox', { name: 'Contraseña temporal' });
  await expect(temporary).not.toHaveValue('');
  await expect(result.getByRole('textbox', { name: 'URL personal' })).toHaveValue(
    /\/appa\/[\w-]+$/,
  );
  await expectNoSeriousA11yViolations(page);
  await result.getByRole('button', { name: 'Cerrar' }).first().click();
  await closeNotice(page);

  // The list is refetched: the new person is in the table, with their link ready to copy.
  const row = rowOf(page, fullName);
  await expect(row).toContainText(email);
  await expect(row).toContainText('Analista');
  await expect(row).toContainText('Usuario');
  await expect(row).toContainText('Nunca');
  const path = await row.locator('code').textContent();
  expect(path).toMatch(/^\/appa\/[\w-]+$/);
  await row.getByRole('button', { name: `Copiar URL de ${fullName}` }).click();
  await expect(notices(page).getByText('URL copiado')).toBeVisible();
  await expect.poll(() => clipboardText(page)).toBe(new URL(path ?? '', page.url()).href);

  // The same e-mail again is refused by the server, with its message.
  await closeNotice(page);
  await page.getByRole('button', { name: 'Crear Usuario' }).click();
  const again = page.getByRole('dialog', { name: 'Crear Nuevo Usuario' });
  await again.getByLabel('Correo electrónico').fill(email);
  await again.getByLabel('Nombre completo').fill(`${fullName} bis`);
  await again.getByRole('button', { name: 'Crear Usuario' }).click();
  await expect(notices(page).getByText('Error al crear usuario')).toBeVisible();
  await expect(
    notices(page).getByText('Ya existe un usuario con ese correo electrónico'),
  ).toBeVisible();
  await expect(again).toBeVisible();
});

test('an administrator suspends and reactivates a user, each time after confirming', async ({
  page,
}) => {
  await openUsersTab(page);
  const someone = demoUser('adminStatus');
  const status = page.getByRole('combobox', { name: `Estado de ${someone.fullName}` });
  await expect(status).toHaveValue('ACTIVO');

  // Picking (or a keyboard arrow) only asks; 'Cancelar' changes nothing.
  await status.selectOption('SUSPENDIDO');
  const ask = page.getByRole('dialog', { name: `¿Suspender a ${someone.fullName}?` });
  await expect(ask).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await ask.getByRole('button', { name: 'Cancelar' }).click();
  await expect(ask).toBeHidden();
  await expect(status).toHaveValue('ACTIVO');
  await page.reload();
  await expect(status).toHaveValue('ACTIVO');

  await status.selectOption('SUSPENDIDO');
  await ask.getByRole('button', { name: 'Suspender' }).click();
  await expect(notices(page).getByText('Estado actualizado')).toBeVisible();
  await expect(notices(page).getByText('Usuario suspendido')).toBeVisible();
  await expect(status).toHaveValue('SUSPENDIDO');
  await page.reload();
  await expect(status).toHaveValue('SUSPENDIDO');

  await status.selectOption('ACTIVO');
  await page
    .getByRole('dialog', { name: `¿Reactivar a ${someone.fullName}?` })
    .getByRole('button', { name: 'Reactivar' })
    .click();
  await expect(notices(page).getByText('Usuario activado')).toBeVisible();
  await expect(status).toHaveValue('ACTIVO');
});

test('an administrator resets a password and sees the temporary one once', async ({ page }) => {
  await openUsersTab(page);
  const someone = demoUser('adminPasswordReset');
  await rowOf(page, someone.fullName)
    .getByRole('button', { name: `Cambiar contraseña de ${someone.fullName}` })
    .click();

  const dialog = page.getByRole('dialog', { name: 'Cambiar Contraseña' });
  await expect(dialog).toContainText(someone.fullName);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Generar contraseña temporal' }).click();

  await expect(notices(page).getByText('Contraseña actualizada')).toBeVisible();
  const temporary = dialog.getByRole('textbox', { name: 'Contraseña temporal' });
  await expect(temporary).not.toHaveValue('');
  const value = await temporary.inputValue();
  expect(value).not.toBe(someone.password);
  await dialog.getByRole('button', { name: 'Copiar contraseña temporal' }).click();
  // Writing to the clipboard finishes after the click.
  await expect.poll(() => clipboardText(page)).toBe(value);

  // Closed, it is gone: opening the dialog again asks first.
  await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
  await rowOf(page, someone.fullName)
    .getByRole('button', { name: `Cambiar contraseña de ${someone.fullName}` })
    .click();
  await expect(
    page
      .getByRole('dialog', { name: 'Cambiar Contraseña' })
      .getByRole('textbox', { name: 'Contraseña temporal' }),
  ).toHaveCount(0);

  // The new temporary password works and must be changed first.
  const login = await page.request.post('/api/auth/login-username', {
    data: { username: someone.username, password: value },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(login.status(), await login.text()).toBe(200);
  expect((await login.json()) as { mustChangePassword: boolean }).toMatchObject({
    mustChangePassword: true,
  });
});

test('an administrator edits a user', async ({ page }) => {
  await openUsersTab(page);
  const stamp = Date.now().toString(36);
  const fullName = `Prueba Edición ${stamp}`;
  await page.getByRole('button', { name: 'Crear Usuario' }).click();
  const create = page.getByRole('dialog', { name: 'Crear Nuevo Usuario' });
  await create.getByLabel('Correo electrónico').fill(`edicion-${stamp}@example.com`);
  await create.getByLabel('Nombre completo').fill(fullName);
  await create.getByRole('button', { name: 'Crear Usuario' }).click();
  await page
    .getByRole('dialog', { name: 'Usuario creado' })
    .getByRole('button', { name: 'Cerrar' })
    .first()
    .click();

  await rowOf(page, fullName)
    .getByRole('button', { name: `Editar a ${fullName}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Editar Usuario' });
  await expect(edit.getByLabel('Nombre completo')).toHaveValue(fullName);
  await expectNoSeriousA11yViolations(page);
  await edit.getByLabel('Cargo').fill('Coordinadora');
  await edit.getByLabel('Rol').selectOption('LIDER');
  const manager = demoUser('adminStatus');
  await edit.getByLabel('Responsable (opcional)').selectOption({ label: manager.fullName });
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();

  await expect(notices(page).getByText('Usuario actualizado')).toBeVisible();
  await expect(edit).toBeHidden();
  const row = rowOf(page, fullName);
  await expect(row).toContainText('Coordinadora');
  await expect(row).toContainText('Líder');
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the panel and the create dialog do not scroll sideways', async ({ page }) => {
    await openUsersTab(page);
    await expectNoSidewaysScroll(page, 360);
    await expect(page.getByRole('tab', { name: 'Gestión de Usuarios' })).toBeInViewport();

    await page.getByRole('button', { name: 'Crear Usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear Nuevo Usuario' });
    await expect(dialog).toBeVisible();
    await expectWithinWidth(dialog, 360);
    await expectNoSidewaysScroll(page, 360);
    await expectNoSeriousA11yViolations(page);
  });

  test('a link to a tab far to the right opens with that tab in view', async ({ page }) => {
    await signInViaApi(page, adminCredentials());
    await page.goto('/admin?tab=configuracion');
    await expect(page.getByRole('tab', { name: 'Configuración' })).toBeInViewport({ ratio: 1 });
  });
});

test('people are listed in Spanish alphabetical order, in the table and the Responsable list', async ({
  page,
}) => {
  await openUsersTab(page);
  const tag = `Orden${Date.now().toString(36)}`;
  for (const [i, name] of ['Zoe', 'óscar', 'Ñusta', 'Nora', 'Ana', 'Álvaro'].entries()) {
    const created = await page.request.post('/api/users', {
      data: { email: `orden.${i}.${tag.toLowerCase()}@empresa.pe`, fullName: `${name} ${tag}` },
      headers: { Origin: ORIGIN },
    });
    expect(created.status(), await created.text()).toBe(200);
  }
  const expected = ['Álvaro', 'Ana', 'Nora', 'Ñusta', 'óscar', 'Zoe'].map((n) => `${n} ${tag}`);

  await page.reload();
  await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill(tag);
  await expect(page.getByRole('rowheader')).toHaveCount(expected.length);
  const rows = page.getByRole('rowheader');
  await expect(rows).toHaveText(expected.map((name) => new RegExp(`^${name}`)));

  await page.getByRole('button', { name: 'Crear Usuario' }).click();
  const managers = page.getByRole('dialog').getByLabel('Responsable (opcional)');
  const options = await managers.locator('option').allTextContents();
  expect(options.filter((o) => o.endsWith(tag))).toEqual(expected);
});
