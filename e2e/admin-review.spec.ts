import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ReviewTask, WeekResponse } from '../common/schemas/panel';
import { expectNoSeriousA11yViolations } from './support/axe';
import { adminCredentials, demoUser, freshPassword } from './support/demo-users';
import { closeNotice, notices } from './support/forms';
import { ORIGIN, signInReady, signInViaApi, signOutViaApi } from './support/session';

/** The author sends this week's report through the API, as the report page does. */
async function sendReport(page: Page, author: { username: string; password: string }) {
  await signInReady(page, author, freshPassword());
  const sent = await page.request.post('/api/appa', {
    headers: { Origin: ORIGIN },
    data: {
      avances: 'Terminamos la conciliación bancaria de octubre.',
      planes: 'Automatizar el cierre mensual.',
      problemas: 'El banco cambió el formato del extracto.',
      ayuda: '',
      kpiNombre: 'Cuentas conciliadas',
      kpiMetaPct: 90,
      kpiLogroPct: 70,
      status: 'ENVIADO',
      files: [],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await signOutViaApi(page);
}

async function expectNotice(page: Page, title: string) {
  await expect(notices(page).getByText(title, { exact: true })).toBeVisible();
  await closeNotice(page);
}

const cardOf = (page: Page, fullName: string) =>
  page
    .getByRole('list', { name: 'APPAs enviados' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: fullName }) });

async function screenshotBoth(page: Page, dialog: Locator, name: string) {
  await page.screenshot({ path: `/tmp/${name}-1280.png` });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(dialog).toBeVisible();
  // The layout follows the new width a moment after it changes.
  await expect
    .poll(() =>
      dialog.evaluate((el) => ({
        sideways: el.scrollWidth > el.clientWidth + 1,
        page: document.documentElement.scrollWidth > window.innerWidth + 1,
      })),
    )
    .toEqual({ sideways: false, page: false });
  await page.screenshot({ path: `/tmp/${name}-360.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the administrator reviews a sent report, comments, and assigns a task to the board', async ({
  page,
  browser,
}) => {
  // Two people in two browsers, axe three times and screenshots at two widths.
  test.slow();
  const author = demoUser('reviewAuthor');
  const assignee = demoUser('reviewAssignee');
  await sendReport(page, author);

  await signInViaApi(page, adminCredentials());
  const me = (await (await page.request.get('/api/user')).json()) as { fullName: string };
  await page.goto('/admin?tab=revision');
  await expect(page.getByRole('heading', { name: 'Mis tareas' })).toBeVisible();

  // Unreviewed: amber dot, no reviewer; 'Revisados' hides it.
  await page.getByLabel('Revisión', { exact: true }).selectOption('sin-revisar');
  const card = cardOf(page, author.fullName);
  await expect(card.getByRole('img', { name: 'Sin revisar' })).toBeVisible();
  await expect(card.getByRole('button', { name: /^Marcar Revisado/ })).toBeVisible();
  await page.getByLabel('Revisión', { exact: true }).selectOption('revisados');
  await expect(card).toHaveCount(0);
  await page.getByLabel('Revisión', { exact: true }).selectOption('todos');
  await page.screenshot({ path: '/tmp/admin-review-tab-1280.png', fullPage: true });

  await card.getByRole('button', { name: `Ver APPA de ${author.fullName}` }).click();
  const dialog = page.getByRole('dialog', { name: `APPA de ${author.fullName}` });
  await expect(dialog.getByText('Terminamos la conciliación bancaria de octubre.')).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Meta no alcanzada' })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Ayuda Requerida' })).toContainText(
    'Sin contenido',
  );
  await expect(dialog.getByRole('link', { name: 'Descargar' })).toHaveAttribute(
    'href',
    /^\/api\/appa\/[0-9a-f-]+\/download$/,
  );
  await expectNoSeriousA11yViolations(page);

  // Marcar Revisado with notes: the banner names the reviewer.
  await dialog.getByLabel('Notas de revisión (opcional)').fill('Buen cierre; revisar el extracto.');
  await dialog.getByRole('button', { name: 'Marcar Revisado' }).click();
  await expectNotice(page, 'Revisado');
  const review = dialog.getByRole('region', { name: 'Revisión', exact: true });
  await expect(review).toContainText(`por ${me.fullName}`);
  await expect(review).toContainText('Buen cierre; revisar el extracto.');
  await expect(review.getByRole('button', { name: 'Actualizar revisión' })).toBeVisible();

  // A comment, then its edit: 'editado'.
  const comments = dialog.getByRole('region', { name: 'Comentarios de revisión' });
  const add = comments.getByRole('button', { name: 'Agregar comentario' });
  await expect(add).toBeDisabled();
  await comments.getByLabel('Nuevo comentario').fill('   ');
  await expect(add).toBeDisabled();
  await comments.getByLabel('Nuevo comentario').fill('Adjunta el extracto nuevo, por favor.');
  await add.click();
  await expectNotice(page, 'Comentario agregado');
  const thread = comments.getByRole('list', { name: 'Comentarios de revisión' });
  await expect(thread.getByRole('listitem')).toHaveCount(1);
  await expect(thread).not.toContainText('editado');
  await thread.getByRole('button', { name: 'Editar' }).click();
  await thread.getByLabel('Editar comentario').fill('Adjunta el extracto de noviembre.');
  await thread.getByRole('button', { name: 'Guardar' }).click();
  await expectNotice(page, 'Comentario actualizado');
  await expect(thread).toContainText('Adjunta el extracto de noviembre.');
  await expect(thread).toContainText('editado');

  // Crear Tarea: the spec's messages first, then the task, assigned to a board member.
  await dialog.getByRole('button', { name: 'Crear Tarea' }).click();
  const taskDialog = page.getByRole('dialog', { name: 'Crear Tarea de Revisión' });
  await expect(taskDialog.getByLabel('Prioridad')).toHaveValue('MEDIA');
  await taskDialog.getByRole('button', { name: 'Crear Tarea' }).click();
  await expect(taskDialog.getByText('El título de la tarea es requerido')).toBeVisible();
  await expect(taskDialog.getByText('Debes asignar la tarea a un usuario')).toBeVisible();
  const title = `Validar extracto ${Date.now().toString(36)}`;
  await taskDialog.getByLabel('Título').fill(title);
  await taskDialog.getByLabel('Asignar a').selectOption({ label: assignee.fullName });
  await taskDialog.getByLabel('Prioridad').selectOption('ALTA');
  await taskDialog.getByLabel('Fecha límite (opcional)').fill('2030-01-31');
  await taskDialog.getByRole('button', { name: 'Crear Tarea' }).click();
  await expectNotice(page, 'Tarea creada');
  await expect(taskDialog).toHaveCount(0);
  const tasks = dialog.getByRole('list', { name: 'Tareas de revisión' });
  const task = tasks.getByRole('listitem').filter({ hasText: title });
  await expect(task).toContainText(`Asignada a ${assignee.fullName} · Prioridad Alta`);
  await expect(task).toContainText('Límite: 31/01/2030');
  // Its creator may move it.
  await task.getByLabel(`Estado de la tarea ${title}`).selectOption('EN_PROGRESO');
  await expectNotice(page, 'Tarea actualizada');
  await expect(task.getByLabel(`Estado de la tarea ${title}`)).toHaveValue('EN_PROGRESO');

  await expectNoSeriousA11yViolations(page);
  await screenshotBoth(page, dialog, 'admin-review-dialog');
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(dialog).toHaveCount(0);

  // The card is reviewed now.
  await expect(card.getByRole('img', { name: 'Revisado' })).toBeVisible();
  await expect(card).toContainText(`por ${me.fullName}`);
  await expect(card.getByRole('button', { name: /^Marcar Revisado/ })).toHaveCount(0);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: '/tmp/admin-review-tab-360.png', fullPage: true });

  // The board member sees it among their open tasks.
  const board = await browser.newContext({ baseURL: `${ORIGIN}` });
  const boardPage = await board.newPage();
  await signInReady(boardPage, assignee, freshPassword());
  const mine = await boardPage.request.get('/api/review-tasks/mine');
  expect(mine.status()).toBe(200);
  const open = (await mine.json()) as ReviewTask[];
  expect(open.find((t) => t.title === title)).toMatchObject({
    status: 'EN_PROGRESO',
    priority: 'ALTA',
    submission: { authorFullName: author.fullName },
  });

  // ...on their dashboard, opens the report from it, and completes the task.
  await boardPage.goto('/consejo');
  const myTasks = boardPage.getByRole('list', { name: 'Mis tareas' });
  const item = myTasks.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText(author.fullName);
  await item.getByRole('button', { name: /Ver APPA/ }).click();
  const report = boardPage.getByRole('dialog', { name: `APPA de ${author.fullName}` });
  await expect(report).toBeVisible();
  // The board reads every report, attachments included.
  await expect(report.getByText('Sin archivos adjuntos')).toBeVisible();
  await boardPage.keyboard.press('Escape');
  await item
    .getByRole('combobox', { name: `Estado de la tarea ${title}` })
    .selectOption('COMPLETADA');
  await expect(myTasks.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);
  await expectNoSeriousA11yViolations(boardPage);
  await board.close();
});

test('the review tab shows 20 cards a page, its counters count the whole week, and the filter goes back to page 1', async ({
  page,
}) => {
  await signInViaApi(page, adminCredentials());
  await page.goto('/admin?tab=revision');
  // The demo organisation's week before the current one: more sent reports than one page.
  const weekSelect = page.getByLabel('Semana', { exact: true });
  const previous = (await weekSelect.locator('option').nth(1).getAttribute('value')) ?? '';
  await weekSelect.selectOption(previous);
  const response = await page.request.get(`/api/appa?weekStart=${previous}`);
  expect(response.status()).toBe(200);
  const week = (await response.json()) as WeekResponse;
  const sent = week.submissions.filter((s) => s.status === 'ENVIADO');
  const reviewed = sent.filter((s) => s.reviewedAt !== null).length;
  expect(sent.length).toBeGreaterThan(20);

  const counters = page.getByRole('group', { name: 'Contadores de revisión' });
  await expect(counters).toHaveText(
    `Total${sent.length}Sin revisar${sent.length - reviewed}Revisados${reviewed}`,
  );
  const cards = page.getByRole('list', { name: 'APPAs enviados' }).getByRole('listitem');
  const pager = page.getByRole('navigation', { name: 'Paginación' });
  await expect(cards).toHaveCount(20);
  await expect(pager).toContainText(`Página 1 de ${Math.ceil(sent.length / 20)}`);
  await expect(pager.getByRole('button', { name: 'Anterior' })).toBeDisabled();

  await pager.getByRole('button', { name: 'Siguiente' }).click();
  await expect(pager).toContainText('Página 2 de');
  await expect(cards).toHaveCount(Math.min(sent.length - 20, 20));
  await expect(cards.first()).not.toContainText(sent[0]?.user.fullName ?? '');

  await page.getByLabel('Revisión', { exact: true }).selectOption('sin-revisar');
  await expect(pager).toContainText('Página 1 de');
  await expect(cards).toHaveCount(Math.min(sent.length - reviewed, 20));
  await expect(counters).toContainText(`Total${sent.length}`);
});
