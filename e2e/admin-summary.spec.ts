import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { WeekResponse } from '../common/schemas/panel';
import { expectNoSeriousA11yViolations } from './support/axe';
import { adminCredentials, demoUser, freshPassword } from './support/demo-users';
import { notices } from './support/forms';
import { ORIGIN, signInReady, signInViaApi, signOutViaApi } from './support/session';

/** The administrator on Resumen Semanal, the tab the panel opens on. */
async function openSummary(page: Page) {
  await signInViaApi(page, adminCredentials());
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Resumen Semanal' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('button', { name: /Pendientes/ })).toBeVisible();
}

/** The current week as the administrator's API sees it. */
async function currentWeek(page: Page): Promise<WeekResponse> {
  const response = await page.request.get('/api/appa');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as WeekResponse;
}

/** The week before the current one, chosen in the Semana select, and as the API sees it. */
async function previousWeek(page: Page): Promise<WeekResponse> {
  const weekSelect = page.getByLabel('Semana', { exact: true });
  const previous = (await weekSelect.locator('option').nth(1).getAttribute('value')) ?? '';
  await weekSelect.selectOption(previous);
  const response = await page.request.get(`/api/appa?weekStart=${previous}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as WeekResponse;
}

const rowOf = (page: Page, fullName: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: fullName }) });

const search = (page: Page) => page.getByRole('searchbox', { name: 'Buscar' });

const reportsTable = (page: Page) =>
  page.getByRole('region', { name: 'Tabla de APPAs de la semana' });

/** The search texts the page sent to GET /api/appa/week, in order. */
function searchesSent(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/appa/week') sent.push(url.searchParams.get('q') ?? '');
  });
  return sent;
}

test("an author's sent report shows in Enviados with its KPI, and the team filter narrows the table", async ({
  page,
}) => {
  const author = demoUser('summarySender');
  await signInReady(page, author, freshPassword());
  const sent = await page.request.post('/api/appa', {
    headers: { Origin: ORIGIN },
    data: {
      avances: 'Cerramos la integración con el proveedor de pagos.',
      planes: 'Pasar a producción el lunes.',
      problemas: 'Una caída del servicio de pruebas.',
      ayuda: '',
      kpiNombre: 'Integraciones cerradas',
      kpiMetaPct: 80,
      kpiLogroPct: 95.5,
      status: 'ENVIADO',
      files: [],
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await signOutViaApi(page);

  await openSummary(page);
  await page.getByLabel('Estado').selectOption('enviados');
  await search(page).fill(author.fullName);
  const row = rowOf(page, author.fullName);
  await expect(row).toContainText('Enviado');
  await expect(row).toContainText('95,5 % / 80 %');
  await expect(row.getByRole('img', { name: 'Meta alcanzada' })).toBeVisible();
  await expect(row.getByRole('img', { name: 'Reportó problemas' })).toBeVisible();
  await expect(row.getByRole('img', { name: 'Solicitó ayuda' })).toHaveCount(0);
  await expect(
    row.getByRole('link', { name: `Descargar APPA de ${author.fullName} como texto` }),
  ).toHaveAttribute('href', /^\/api\/appa\/[0-9a-f-]+\/download$/);
  const textHref = await row
    .getByRole('link', { name: `Descargar APPA de ${author.fullName} como texto` })
    .getAttribute('href');
  const asText = await page.request.get(textHref ?? '');
  expect(asText.status()).toBe(200);
  expect(asText.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await asText.text()).toContain('Cerramos la integración con el proveedor de pagos.');

  // The team filter offers the week's teams and keeps only that team's reports.
  const week = await currentWeek(page);
  const mine = week.submissions.find((s) => s.user.fullName === author.fullName);
  const team = mine?.user.unidadOrganizacional;
  expect(team).toBeTruthy();
  await search(page).fill('');
  await page.getByLabel('Estado').selectOption('todos');
  await page.getByLabel('Equipo').selectOption(team ?? '');
  const expected = week.submissions.filter((s) => s.user.unidadOrganizacional === team).length;
  await expect(page.getByText(`${expected} de ${week.submissions.length} APPAs`)).toBeVisible();
  expect(expected).toBeLessThan(week.submissions.length);
  const table = page.getByRole('region', { name: 'Tabla de APPAs de la semana' });
  await expect(table.getByRole('rowheader')).toHaveCount(Math.min(expected, 20));
  for (const header of await table.getByRole('rowheader').all()) {
    await expect(header).toContainText(team ?? '');
  }

  // The attachments badge opens 'Archivos Adjuntos'.
  await search(page).fill(author.fullName);
  await row.getByRole('button', { name: `Archivos adjuntos de ${author.fullName}: 0` }).click();
  const files = page.getByRole('dialog', { name: 'Archivos Adjuntos' });
  await expect(files).toContainText('Este APPA no tiene archivos adjuntos.');
  await files.getByRole('button', { name: 'Cerrar' }).click();

  // 'Ver' opens the report; 'Comentarios' puts the cursor in the comment box; 'Crear tarea' opens
  // the task form over the report.
  await row.getByRole('button', { name: `Ver APPA de ${author.fullName}` }).click();
  const detail = page.getByRole('dialog', { name: `APPA de ${author.fullName}` });
  await expect(detail).toBeVisible();
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: `Comentarios del APPA de ${author.fullName}` }).click();
  await expect(detail.getByRole('textbox', { name: /comentario/i }).first()).toBeFocused();
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: `Crear tarea para el APPA de ${author.fullName}` }).click();
  await expect(page.getByRole('dialog', { name: 'Crear Tarea de Revisión' })).toBeVisible();
});

test('a pending person is marked as sent and leaves the pending table', async ({ page }) => {
  const person = demoUser('summaryMarkedSent');
  await openSummary(page);
  await page.getByRole('button', { name: /Pendientes/ }).click();
  await expect(page.getByLabel('Estado')).toHaveValue('pendientes');
  await expect(page.getByRole('button', { name: /Pendientes/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await search(page).fill(person.fullName);
  const row = rowOf(page, person.fullName);
  await expect(row).toContainText('Sin enviar');

  await row.getByRole('button', { name: `Marcar como enviado a ${person.fullName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Marcar como enviado' });
  await expect(confirm).toContainText('no se puede deshacer');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Marcar como enviado' }).click();
  await expect(notices(page)).toContainText('Usuario marcado como enviado');
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Ninguna persona pendiente coincide con los filtros.')).toBeVisible();

  // Now among the sent reports.
  await page.getByLabel('Estado').selectOption('enviados');
  await expect(rowOf(page, person.fullName)).toContainText('Enviado');
});

test('the search asks the server once the typing pauses, and the table shows what it found', async ({
  page,
}) => {
  const sent = searchesSent(page);
  // Installed before the page loads, so that it can stop the page's time later; until then it runs.
  await page.clock.install();
  await openSummary(page);
  const week = await currentWeek(page);
  const someone = week.submissions[0]?.user;
  expect(someone).toBeDefined();
  const name = someone?.fullName ?? '';

  // Key by key, faster than the pause the search waits for: on a busy machine the keys may come
  // further apart than that pause, so the page's time stands still while they are typed.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await search(page).pressSequentially(name);
  await page.clock.resume();
  await expect(page.getByText(/^1 de \d+ APPAs$/)).toBeVisible();
  await expect(reportsTable(page).getByRole('rowheader')).toHaveCount(1);
  await expect(rowOf(page, name)).toBeVisible();
  // Nothing typed half-way reached the server: only the whole name (the polls repeat it).
  const searches = sent.filter((q) => q !== '');
  expect(searches.length).toBeGreaterThan(0);
  expect(new Set(searches)).toEqual(new Set([name]));
});

test('the pager moves through the pages, and the selection is kept across them', async ({
  page,
}) => {
  await openSummary(page);
  const week = await currentWeek(page);
  // The demo organisation's current week has more reports than one page holds.
  expect(week.submissions.length).toBeGreaterThan(20);
  const table = reportsTable(page);
  const pager = page.getByRole('navigation', { name: 'Paginación' });
  await expect(pager).toContainText(/Página 1 de [2-9]/);
  await expect(table.getByRole('rowheader')).toHaveCount(20);
  const firstBox = table.getByRole('checkbox', { name: /^Seleccionar a / }).first();
  const firstName = (await firstBox.getAttribute('aria-label')) ?? '';
  await firstBox.check();

  await pager.getByRole('button', { name: 'Siguiente' }).click();
  await expect(pager).toContainText('Página 2 de');
  await expect(pager.getByRole('button', { name: 'Anterior' })).toBeEnabled();
  await expect(table.getByRole('checkbox', { name: firstName })).toHaveCount(0);
  const secondBox = table.getByRole('checkbox', { name: /^Seleccionar a / }).first();
  const secondName = (await secondBox.getAttribute('aria-label')) ?? '';
  await secondBox.check();

  // Both rows count, though they are on different pages; the zip takes those the administrator
  // may download (someone else's draft is not).
  const bar = page.getByRole('region', { name: 'Acciones de la selección' });
  await expect(bar).toContainText('2 seleccionados');
  const zipped = [firstName, secondName]
    .map((label) => week.submissions.find((s) => label === `Seleccionar a ${s.user.fullName}`))
    .filter((s) => s?.abilities.download)
    .map((s) => s?.id);
  const zipLink = bar.getByRole('link', { name: 'Descargar todo' });
  if (zipped.length === 0) await expect(zipLink).toBeHidden();
  else
    await expect(zipLink).toHaveAttribute('href', `/api/appa/export/zip?ids=${zipped.join(',')}`);
  await pager.getByRole('button', { name: 'Anterior' }).click();
  await expect(pager).toContainText('Página 1 de');
  await expect(table.getByRole('checkbox', { name: firstName })).toBeChecked();

  // A filter goes back to page 1; changing the table (reports → pending) empties the selection.
  await pager.getByRole('button', { name: 'Siguiente' }).click();
  await expect(pager).toContainText('Página 2 de');
  await page.getByLabel('Estado').selectOption('borradores');
  await expect(pager).toContainText('Página 1 de 1');
  await expect(bar).toContainText('2 seleccionados');
  await page.getByLabel('Estado').selectOption('pendientes');
  await expect(page.getByRole('region', { name: 'Tabla de usuarios pendientes' })).toBeVisible();
  await expect(bar).toBeHidden();
});

test("'Usuarios sin APPA' names the first few, and 'Ver todos los pendientes' shows the pending table", async ({
  page,
}) => {
  await openSummary(page);
  const week = await currentWeek(page);
  const pendingCount = week.pending.length;
  expect(pendingCount).toBeGreaterThan(5);
  const preview = page.getByRole('list', { name: 'Usuarios sin APPA' });
  await expect(preview.getByRole('listitem')).toHaveCount(5);
  await expect(
    page.getByText(/^\d+ personas no han enviado su APPA de esta semana\.$/),
  ).toBeVisible();

  await page.getByRole('button', { name: /^Ver todos los pendientes \(\d+\)$/ }).click();
  await expect(page.getByLabel('Estado')).toHaveValue('pendientes');
  await expect(page.getByRole('heading', { name: 'Usuarios pendientes' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Tabla de usuarios pendientes' });
  await expect(table.getByRole('rowheader')).toHaveCount(Math.min(pendingCount, 20));
  await expect(page.getByText(/^(\d+) de \1 pendientes$/)).toBeVisible();
  // Already showing them all: the button would do nothing.
  await expect(page.getByRole('button', { name: /^Ver todos los pendientes/ })).toHaveCount(0);
});

test('Exportar CSV downloads the whole week of every person, or of the chosen team', async ({
  page,
}) => {
  await openSummary(page);
  // A past week: nobody sends to it while the test runs.
  const week = await previousWeek(page);
  const sent = week.submissions.filter((s) => s.status === 'ENVIADO');
  // Everyone expected (those without a sent report are the pending ones) and everyone who sent.
  expect(sent.length + week.pending.length).toBeGreaterThan(20);

  const download = async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Exportar CSV' }).click();
    const file = await downloading;
    const content = await readFile(await file.path(), 'utf8');
    expect(content.startsWith('\uFEFF')).toBe(true);
    return { name: file.suggestedFilename(), lines: content.slice(1).trim().split('\r\n') };
  };

  const all = await download();
  expect(all.name).toBe(`appa-semana-${week.weekStart}.csv`);
  expect(all.lines[0]).toBe(
    'Nombre,Área,Jefe,Estado,Fecha de envío,Avances,Planes,Problemas,Ayuda,KPI,Meta,Logrado,Revisado',
  );
  expect(all.lines).toHaveLength(1 + sent.length + week.pending.length);
  await expect(notices(page)).toContainText('CSV generado');

  await page.getByLabel('Equipo').selectOption('Ventas');
  const ventas = await download();
  expect(ventas.name).toBe(`appa-semana-${week.weekStart}-ventas.csv`);
  const inVentas =
    sent.filter((s) => s.user.unidadOrganizacional === 'Ventas').length +
    week.pending.filter((p) => p.unidadOrganizacional === 'Ventas').length;
  expect(ventas.lines).toHaveLength(1 + inVentas);
  for (const line of ventas.lines.slice(1)) expect(line.split(',')[1]).toBe('Ventas');
});

test('selected rows get the floating bar, and the week is kept in the address', async ({
  page,
}) => {
  await openSummary(page);
  const table = page.getByRole('region', { name: 'Tabla de APPAs de la semana' });
  const boxes = table.getByRole('checkbox', { name: /^Seleccionar a / });
  const status = page.getByLabel('Estado');
  // Rows are checked only once the table shows the state chosen: a row of the list before would
  // be checked instead (or, already checked, not again).
  const states = table.locator('td[data-label="Estado"]');
  await status.selectOption('enviados');
  await expect(states.filter({ hasNotText: 'Enviado' })).toHaveCount(0);
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  // A draft checked too: someone else's draft is not theirs to download, so the zip leaves it out.
  await status.selectOption('borradores');
  await expect(states.filter({ hasNotText: 'Borrador' })).toHaveCount(0);
  await boxes.nth(0).check();
  const bar = page.getByRole('region', { name: 'Acciones de la selección' });
  await expect(bar).toContainText('3 seleccionados');
  await expect(bar.getByRole('link', { name: 'Descargar todo' })).toHaveAttribute(
    'href',
    /^\/api\/appa\/export\/zip\?ids=[0-9a-f-]+,[0-9a-f-]+$/,
  );
  await expect(bar.getByRole('button', { name: 'Recordar' })).toBeEnabled();
  const zipHref = await bar.getByRole('link', { name: 'Descargar todo' }).getAttribute('href');
  const zip = await page.request.get(zipHref ?? '');
  expect(zip.status()).toBe(200);
  expect(zip.headers()['content-type']).toBe('application/zip');
  await expectNoSeriousA11yViolations(page);
  await bar.getByRole('button', { name: 'Limpiar selección' }).click();
  await expect(bar).toBeHidden();
  await expect(boxes.nth(0)).not.toBeChecked();
  await status.selectOption('todos');

  // Real pagination: 20 rows a page.
  await expect(page.getByText(/^Página 1 de \d+$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anterior' })).toBeDisabled();

  // The week before, kept across a reload.
  const weekSelect = page.getByLabel('Semana', { exact: true });
  const previous = await weekSelect.locator('option').nth(1).getAttribute('value');
  await weekSelect.selectOption(previous ?? '');
  await expect(page).toHaveURL(new RegExp(`semana=${previous}`));
  await page.reload();
  await expect(weekSelect).toHaveValue(previous ?? '');
  await expect(table).toBeVisible();
});

test('on a phone the summary never scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openSummary(page);
  await expect(page.getByRole('region', { name: 'Tabla de APPAs de la semana' })).toBeVisible();
  await page
    .getByRole('region', { name: 'Tabla de APPAs de la semana' })
    .getByRole('checkbox', { name: /^Seleccionar a / })
    .first()
    .check();
  await expect(page.getByRole('region', { name: 'Acciones de la selección' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBe(0);
});

test('a week that cannot be loaded offers Reintentar', async ({ page }) => {
  await signInViaApi(page, adminCredentials());
  await page.route('**/api/appa/week?*', (route) => route.abort('connectionrefused'));
  await page.goto('/admin?tab=resumen');
  const failure = page.getByRole('alert').filter({ hasText: 'No se pudo cargar el resumen' });
  // The client retries a network failure twice, a few seconds apart, before it gives up.
  await expect(failure).toBeVisible();
  await page.unroute('**/api/appa/week?*');
  await failure.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('region', { name: 'Tabla de APPAs de la semana' })).toBeVisible();
});
