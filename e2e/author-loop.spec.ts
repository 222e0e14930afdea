import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { adminCredentials } from './support/demo-users';
import { newPerson } from './support/people';
import { ORIGIN, signInViaApi } from './support/session';

const bell = (page: Page) => page.getByRole('button', { name: /^Notificaciones/ });

test('the author hears back and answers, and the manager hears in turn', async ({ browser }) => {
  // Three people in three browsers, axe three times.
  test.slow();
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInViaApi(admin, adminCredentials());
  const manager = await newPerson(browser, admin, { fullName: 'Mónica Bucle', role: 'GERENTE' });
  const author = await newPerson(browser, admin, {
    fullName: 'Álvaro Bucle',
    role: 'USER',
    managerId: manager.user.id,
  });

  // The author sends this week's report, as the form does.
  const sent = await author.page.request.post('/api/appa', {
    headers: { Origin: ORIGIN },
    data: {
      avances: 'Cerramos el piloto con el cliente.',
      planes: 'Preparar la propuesta comercial.',
      problemas: '',
      ayuda: '',
      kpiNombre: 'Clientes visitados',
      kpiMetaPct: 80,
      kpiLogroPct: 85,
      status: 'ENVIADO',
      files: [],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const submission = (await sent.json()) as { id: string };

  // Mis reportes, from the header of the form.
  await author.page.goto(`/appa/${author.user.slug}/submit`);
  await author.page.getByRole('link', { name: 'Mis reportes' }).click();
  await expect(author.page.getByRole('heading', { name: 'Mis reportes' })).toBeVisible();
  const row = author.page.getByRole('list', { name: 'Mis reportes' }).getByRole('link');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Enviado');
  await expect(row).toContainText('Sin revisar');
  await expect(row).toContainText('0 comentarios');
  await expect(bell(author.page)).toHaveAccessibleName('Notificaciones');
  await expectNoSeriousA11yViolations(author.page);

  // The manager opens the report, comments and gives the author a task.
  await manager.page.goto(`/reportes/${submission.id}`);
  await expect(manager.page.getByRole('heading', { name: 'APPA de Álvaro Bucle' })).toBeVisible();
  await manager.page.getByLabel('Nuevo comentario').fill('¿Qué faltó para cerrar la venta?');
  await manager.page.getByRole('button', { name: 'Agregar comentario' }).click();
  await expect(manager.page.getByText('¿Qué faltó para cerrar la venta?')).toBeVisible();
  await manager.page.getByRole('button', { name: 'Crear Tarea' }).click();
  const dialog = manager.page.getByRole('dialog', { name: 'Crear Tarea de Revisión' });
  await dialog.getByLabel('Título').fill('Enviar la propuesta al cliente');
  await dialog.getByLabel('Asignar a').selectOption({ label: 'Álvaro Bucle (autor del APPA)' });
  await dialog.getByRole('button', { name: 'Crear Tarea' }).click();
  await expect(dialog).toBeHidden();

  // The author's bell rings without a reload, and leads to the report.
  await expect(bell(author.page)).toHaveAccessibleName('Notificaciones: 2 sin leer');
  await bell(author.page).click();
  await expect(
    author.page.getByRole('link', { name: /Mónica Bucle te asignó la tarea/ }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(author.page);
  await author.page.getByRole('link', { name: /Mónica Bucle comentó tu APPA/ }).click();
  await expect(author.page).toHaveURL(new RegExp(`/reportes/${submission.id}$`));
  await expect(author.page.getByRole('heading', { name: 'Tu APPA' })).toBeVisible();
  await expect(bell(author.page)).toHaveAccessibleName('Notificaciones: 1 sin leer');

  // Read-only for its author: no box for a new comment, but an answer under the manager's.
  await expect(author.page.getByLabel('Nuevo comentario')).toHaveCount(0);
  await author.page.getByRole('button', { name: 'Responder' }).click();
  await author.page.getByLabel('Responder a Mónica Bucle').fill('Faltó la aprobación de compras.');
  await author.page.getByRole('button', { name: 'Responder' }).click();
  await expect(author.page.getByRole('list', { name: 'Respuestas a Mónica Bucle' })).toContainText(
    'Faltó la aprobación de compras.',
  );
  await author.page
    .getByLabel('Estado de la tarea Enviar la propuesta al cliente')
    .selectOption('COMPLETADA');
  await expect(author.page.getByText('Tarea actualizada', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(author.page);

  // The manager hears of both.
  await expect(bell(manager.page)).toHaveAccessibleName('Notificaciones: 2 sin leer');
  await bell(manager.page).click();
  await expect(
    manager.page.getByRole('link', { name: /Álvaro Bucle respondió a tu comentario/ }),
  ).toBeVisible();
  await expect(
    manager.page.getByRole('link', { name: /Álvaro Bucle completó la tarea/ }),
  ).toBeVisible();
  await manager.page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
  await expect(bell(manager.page)).toHaveAccessibleName('Notificaciones');

  // Mis reportes now tells what came back.
  await author.page.goto('/mis-reportes');
  await expect(row).toContainText('2 comentarios');
  await expect(row).not.toContainText('tarea pendiente');

  // A trip ahead: recorded, listed, removed.
  await author.page.getByLabel('Desde').fill('2027-01-04');
  await author.page.getByLabel('Hasta').fill('2027-01-10');
  await author.page.getByLabel('Motivo').selectOption('viaje');
  await author.page.getByRole('button', { name: 'Registrar ausencia' }).click();
  const absences = author.page.getByRole('list', { name: 'Ausencias registradas' });
  await expect(absences).toContainText('Viaje: del 04/01/2027 al 10/01/2027');
  await expectNoSeriousA11yViolations(author.page);
  await absences.getByRole('button', { name: /Eliminar/ }).click();
  await expect(author.page.getByText('No tienes ausencias registradas.')).toBeVisible();

  await Promise.all([manager.close(), author.close(), adminContext.close()]);
});
