import { expect, test, type Browser, type Page } from '@playwright/test';
import type { CurrentReport } from '../common/schemas/report';
import { expectNoSeriousA11yViolations } from './support/axe';
import { adminCredentials, freshPassword } from './support/demo-users';
import { ORIGIN, changePasswordViaApi, signInViaApi } from './support/session';

// The report form never loses typed text: it saves itself, keeps a copy in the browser until the
// server has it, asks before leaving with unsaved text, and asks for the password when the session
// ended. Each test writes the report of a person of its own, created here, with no report yet.

type Author = { username: string; password: string; slug: string };

async function newAuthor(browser: Browser, page: Page): Promise<Author> {
  const admin = await browser.newContext({ baseURL: ORIGIN });
  const adminPage = await admin.newPage();
  await signInViaApi(adminPage, adminCredentials());
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const created = await adminPage.request.post('/api/users', {
    data: { email: `texto.${tag}@empresa.pe`, fullName: `Texto Seguro ${tag}` },
    headers: { Origin: ORIGIN },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { user, temporaryPassword } = (await created.json()) as {
    user: { username: string; slug: string };
    temporaryPassword: string;
  };
  await admin.close();

  const password = freshPassword();
  await signInViaApi(page, { username: user.username, password: temporaryPassword });
  await changePasswordViaApi(page, temporaryPassword, password);
  return { username: user.username, password, slug: user.slug };
}

async function savedReport(page: Page) {
  const response = await page.request.get('/api/appa/current');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as CurrentReport).report;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const status = (page: Page) =>
  page.getByRole('status').filter({ hasText: /Guard|Sin conexión|sesión/ });
const SAVED = /^Guardado a las \d{2}:\d{2}$/;

async function openForm(page: Page, author: Author) {
  await page.goto(`/appa/${author.slug}/submit`);
  await expect(field(page, 'Avances')).toBeVisible();
}

test('the draft saves itself a moment after typing stops, and a reload shows it', async ({
  browser,
  page,
}) => {
  const author = await newAuthor(browser, page);
  await openForm(page, author);
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/appa')) {
      saves.push(request.postData() ?? '');
    }
  });

  await field(page, 'Avances').fill('Terminé la conciliación de inventario.');
  await field(page, 'KPIs y Métricas').fill('Exactitud de inventario');
  await expect(status(page)).toHaveText(SAVED);
  await expectNoSeriousA11yViolations(page);

  const report = await savedReport(page);
  expect(report?.status).toBe('BORRADOR');
  expect(report?.avances).toBe('Terminé la conciliación de inventario.');
  expect(report?.kpiNombre).toBe('Exactitud de inventario');
  // Autosave saves a draft, never sends it, and the page stays signed in.
  expect(saves.every((body) => JSON.parse(body).status === 'BORRADOR')).toBe(true);
  await expect(page).toHaveURL(`/appa/${author.slug}/submit`);

  await page.reload();
  await expect(field(page, 'Avances')).toHaveValue('Terminé la conciliación de inventario.');
  await expect(page.getByText('Recuperamos texto que no se había guardado')).toHaveCount(0);
});

test('offline, it says so and saves once the connection is back', async ({
  browser,
  page,
  context,
}) => {
  const author = await newAuthor(browser, page);
  await openForm(page, author);

  await context.setOffline(true);
  await field(page, 'Planes').fill('Cerrar las incidencias abiertas del almacén.');
  await expect(status(page)).toHaveText('Sin conexión: se guardará al reconectar');
  await expect(field(page, 'Planes')).toHaveValue('Cerrar las incidencias abiertas del almacén.');

  await context.setOffline(false);
  await expect(status(page)).toHaveText(SAVED);
  expect((await savedReport(page))?.planes).toBe('Cerrar las incidencias abiertas del almacén.');
});

test('leaving with unsaved text asks first, by a link too; after a reload the text is offered back', async ({
  browser,
  page,
}) => {
  const author = await newAuthor(browser, page);
  await openForm(page, author);
  await field(page, 'Avances').fill('Primera versión guardada.');
  await expect(status(page)).toHaveText(SAVED);

  // Saves fail from here on (a server restarting for a new version): the text exists only here.
  await page.route('**/api/appa', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
  );
  await field(page, 'Avances').click();
  await field(page, 'Avances').fill('Segunda versión, escrita antes del corte.');
  await expect(status(page)).toHaveText('Sin conexión: se guardará al reconectar');

  // A link of the header: the page asks, and staying keeps the form as it is.
  const formUrl = page.url();
  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toContain('Hay texto que aún no se guardó');
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Mis reportes' }).click();
  await expect(page).toHaveURL(formUrl);
  await expect(field(page, 'Avances')).toHaveValue('Segunda versión, escrita antes del corte.');

  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(asked).toContain('beforeunload');

  const notice = page.getByRole('region', { name: 'Recuperamos texto que no se había guardado' });
  await expect(notice).toBeVisible();
  await expect(field(page, 'Avances')).toHaveValue('Segunda versión, escrita antes del corte.');
  await expectNoSeriousA11yViolations(page);

  // Discarded: the saved draft comes back and the copy is gone.
  await notice.getByRole('button', { name: 'Descartar' }).click();
  await expect(field(page, 'Avances')).toHaveValue('Primera versión guardada.');
  await page.reload();
  await expect(notice).toHaveCount(0);

  // Offered again, and kept this time: it is saved at once.
  await field(page, 'Avances').fill('Tercera versión, la buena.');
  await expect(status(page)).toHaveText('Sin conexión: se guardará al reconectar');
  await page.reload();
  await expect(notice).toBeVisible();
  await page.unroute('**/api/appa');
  await notice.getByRole('button', { name: 'Conservar y guardar' }).click();
  await expect(status(page)).toHaveText(SAVED);
  await expect(notice).toHaveCount(0);
  expect((await savedReport(page))?.avances).toBe('Tercera versión, la buena.');
  await page.reload();
  await expect(field(page, 'Avances')).toHaveValue('Tercera versión, la buena.');
  await expect(notice).toHaveCount(0);
});

test('a session that ended while typing asks for the password, then saves; nothing is lost', async ({
  browser,
  page,
  context,
}) => {
  const author = await newAuthor(browser, page);
  await openForm(page, author);
  await field(page, 'Problemas').fill('El proveedor se retrasó.');
  await expect(status(page)).toHaveText(SAVED);

  // The session ends (expired, or ended elsewhere): the browser no longer has it.
  await context.clearCookies();
  await field(page, 'Problemas').fill('El proveedor se retrasó dos días.');
  const dialog = page.getByRole('dialog', { name: 'Tu sesión terminó' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(author.username);
  await expectNoSeriousA11yViolations(page);

  await dialog.getByLabel('Contraseña', { exact: true }).fill('no-es-la-clave');
  await dialog.getByRole('button', { name: 'Ingresar y guardar' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Usuario o contraseña incorrectos');
  // Still the form, with the text: a wrong password signs nobody out of the page.
  await expect(page).toHaveURL(`/appa/${author.slug}/submit`);

  await dialog.getByLabel('Contraseña', { exact: true }).fill(author.password);
  await dialog.getByRole('button', { name: 'Ingresar y guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(status(page)).toHaveText(SAVED);
  expect((await savedReport(page))?.problemas).toBe('El proveedor se retrasó dos días.');
  await expect(field(page, 'Problemas')).toHaveValue('El proveedor se retrasó dos días.');
});

test('a blip while the panel opens a tab: a Spanish error screen, and Reintentar loads it without a reload', async ({
  page,
}) => {
  await signInViaApi(page, adminCredentials());
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Gestión de Usuarios' })).toBeVisible();
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  // The tab's code cannot be fetched, nor can the server be reached: the connection is down.
  const blocked = ['**/assets/users-tab-*.js', '**/api/health'];
  for (const url of blocked) await page.route(url, (route) => route.abort('internetdisconnected'));
  await page.getByRole('tab', { name: 'Gestión de Usuarios' }).click();
  const screen = page.getByRole('alert');
  await expect(screen.getByRole('heading', { name: 'Sin conexión con el servidor' })).toBeVisible();
  await expect(page.getByText('Error loading application')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  for (const url of blocked) await page.unroute(url);
  await screen.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('button', { name: 'Crear Usuario' })).toBeVisible();
  expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);
});
