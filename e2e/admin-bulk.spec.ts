import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { adminCredentials } from './support/demo-users';
import { signInViaApi } from './support/session';

async function openBulkDialog(page: Page) {
  await signInViaApi(page, adminCredentials());
  await page.goto('/admin?tab=usuarios');
  await page.getByRole('button', { name: 'Carga Masiva' }).click();
  const dialog = page.getByRole('dialog', { name: 'Carga Masiva de Usuarios' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an administrator imports a CSV, sees what was refused, and downloads the credentials once', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const csv = [
    'Nombre Completo,Correo,Cargo,Rol,Jefe',
    // Bruno's manager is a row further down: it is created first all the same.
    `Bruno Díaz,bruno.${tag}@empresa.pe,Analista,Usuario,ana.${tag}@empresa.pe`,
    `"Núñez, Ana",ana.${tag}@empresa.pe,"Jefa de Ventas, Norte",Líder,`,
    `Sin Correo Válido,no-es-correo,,,`,
  ].join('\n');

  const dialog = await openBulkDialog(page);
  const upload = dialog.getByRole('button', { name: 'Cargar Usuarios' });
  await expect(upload).toBeDisabled();
  const text = dialog.getByRole('textbox', { name: 'Usuarios en CSV o JSON' });
  await text.fill(csv);
  await expect(dialog).toContainText('Se importarán 2 usuarios · 1 fila tiene errores');
  await expectNoSeriousA11yViolations(page);
  await upload.click();

  await expect(dialog).toContainText('2 usuarios creados, 0 omitidos por existir, 1 rechazado');
  await expect(
    page.getByRole('status').filter({ hasText: 'Carga masiva completada' }),
  ).toBeVisible();
  await expect(dialog.getByRole('row', { name: /no-es-correo/ })).toContainText(
    'Rechazado: Correo electrónico no válido',
  );
  const bruno = dialog.getByRole('row', { name: new RegExp(`bruno\\.${tag}`) });
  await expect(bruno).toContainText(`ana.${tag}@empresa.pe`);
  await expect(bruno).toContainText('Creado');

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Descargar credenciales (CSV)' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('credenciales-usuarios.csv');
  const content = await readFile(await file.path(), 'utf8');
  expect(content.startsWith('\uFEFF')).toBe(true);
  expect(content).toContain('Nombre completo,Correo,Usuario,Contraseña temporal,URL personal');
  expect(content).toContain(`"Núñez, Ana",ana.${tag}@empresa.pe`);
  expect(content).toMatch(/\/appa\/nunez-ana/);
  await expect(dialog).toContainText('Credenciales descargadas');
  await expect(dialog.getByRole('button', { name: 'Descargar credenciales (CSV)' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cerrar' }).first().click();

  // The new people are in the table; a second import of the same text skips them.
  await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill(tag);
  await expect(page.getByRole('rowheader')).toHaveCount(2);
  const again = await openBulkDialog(page);
  await again.getByRole('textbox', { name: 'Usuarios en CSV o JSON' }).fill(csv);
  await again.getByRole('button', { name: 'Cargar Usuarios' }).click();
  await expect(again).toContainText('0 usuarios creados, 2 omitidos por existir, 1 rechazado');
});

test('text in another format gets the spec message and imports nothing', async ({ page }) => {
  const dialog = await openBulkDialog(page);
  await dialog.getByRole('textbox', { name: 'Usuarios en CSV o JSON' }).fill('{"fullName": "Ana",');
  await dialog.getByRole('button', { name: 'Cargar Usuarios' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'El formato del texto no es válido. Use CSV o JSON.',
  );
});
