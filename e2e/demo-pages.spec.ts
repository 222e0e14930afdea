import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { WeekResponse } from '../common/schemas/panel';
import { expectNoSeriousA11yViolations } from './support/axe';
import { adminCredentials } from './support/demo-users';
import { confirmReminder, notices } from './support/forms';
import { signInViaApi } from './support/session';
import { dayMonthYear } from '../common/date-format';
import { entriesOf, manifestOf, rowsOf as archivedRows } from '../server/test/archive';

// The test server holds the demo organisation beside a configured administrator (APPA_DEMO=1 with
// APPA_ADMIN_*): the mark shows, but there is no password-less door. The first-look server is a
// bare `npm start` (e2e/start-test-server.mjs), where the quick pages sign in.
const firstLook = `http://127.0.0.1:${process.env.E2E_FIRST_LOOK_PORT}`;

const BOARD_HEADING = 'Dashboard Consejo Directivo';
/** How often /super-admin reloads its figures (client/src/features/demo/api/control.ts). */
const PAGE_REFRESH_MS = 10_000;

test('a bare start: /admin-direct signs in as the demo administrator and lands on /consejo', async ({
  page,
}) => {
  await page.goto(`${firstLook}/admin-direct`);
  await expect(page).toHaveURL(/\/consejo$/);
  await expect(page.getByRole('heading', { name: BOARD_HEADING })).toBeVisible();
  await expect(page.getByText('Demostración', { exact: true })).toBeVisible();
  const me = await page.request.get(`${firstLook}/api/user`);
  expect(((await me.json()) as { role: string }).role).toBe('ADMIN');
});

test('a bare start: /quick-admin signs in and shows the board dashboard', async ({ page }) => {
  await page.goto(`${firstLook}/quick-admin`);
  await expect(page.getByRole('heading', { name: BOARD_HEADING })).toBeVisible();
  await expect(page).toHaveURL(/\/consejo$/);
});

test('a bare start refuses the demo sign-in to a request that came through a proxy', async ({
  request,
}) => {
  const res = await request.post(`${firstLook}/api/demo/login`, {
    headers: { 'x-forwarded-for': '203.0.113.7' },
    data: {},
  });
  expect(res.status()).toBe(404);
  expect(res.headers()['set-cookie']).toBeUndefined();
});

test('beside a configured administrator the quick pages fail as a sign-in would, and every page shows the demo mark', async ({
  page,
}) => {
  await page.goto('/quick-admin');
  await expect(page.getByRole('heading', { name: 'Error de autenticación' })).toBeVisible();
  await expect(page.getByText('No se pudo acceder automáticamente')).toBeVisible();
  await expect(page.getByText('Demostración', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Ir a iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Demostración', { exact: true })).toBeVisible();

  await page.goto('/admin-direct');
  await expect(page).toHaveURL(/\/auth$/);
  const me = await page.request.get('/api/user');
  expect(me.status()).toBe(401);
});

async function currentWeek(page: Page) {
  const response = await page.request.get('/api/appa');
  expect(response.status()).toBe(200);
  return (await response.json()) as WeekResponse;
}

/** The figure card with this label. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Cifras de la semana' })
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .last();

test('/super-admin shows the live figures and a running clock; its actions are real', async ({
  page,
}) => {
  await signInViaApi(page, adminCredentials());
  await page.goto('/super-admin');
  await expect(page.getByRole('heading', { name: 'Super Admin', level: 1 })).toBeVisible();

  // Other tests run alongside and change the week: compare the page with the database until both
  // agree. The page refreshes its figures every 10 s: wait long enough for a few refreshes.
  let userCount = 0;
  await expect(async () => {
    const week = await currentWeek(page);
    const users = (await (await page.request.get('/api/users/with-counts')).json()) as unknown[];
    userCount = users.length;
    const efficiency = Math.round((week.counts.sent / week.counts.expected) * 100);
    const shown = {
      sent: await figure(page, 'Enviados').textContent(),
      drafts: await figure(page, 'Borradores').textContent(),
      expected: await figure(page, 'Personas que reportan').textContent(),
      appas: await figure(page, 'APPAs de la semana').textContent(),
      efficiency: await figure(page, 'Eficiencia').textContent(),
      users: await figure(page, 'Usuarios').textContent(),
    };
    expect(shown).toEqual({
      sent: `Enviados${week.counts.sent}`,
      drafts: `Borradores${week.counts.drafts}`,
      expected: `Personas que reportan${week.counts.expected}`,
      appas: `APPAs de la semana${week.submissions.length}`,
      efficiency: `Eficiencia${efficiency} %`,
      users: `Usuarios${users.length}`,
    });
  }).toPass({ timeout: 4 * PAGE_REFRESH_MS });
  const week = await currentWeek(page);

  // Dates read dd/mm/yyyy and the clock runs on 24 hours.
  await expect(
    page.getByText(`Semana del ${dayMonthYear(week.weekStart)} al ${dayMonthYear(week.weekEnd)}`),
  ).toBeVisible();
  await expect(page.getByTestId('live-clock')).toHaveText(
    /^[a-záéíóúñ]+, \d{2}\/\d{2}\/\d{4} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/,
  );

  // The clock moves on by itself.
  const clock = page.getByTestId('live-clock');
  const first = await clock.getAttribute('datetime');
  await expect(clock).not.toHaveAttribute('datetime', first ?? '');

  // The audit log view lists real rows and leads to the full log.
  const log = page.getByRole('list', { name: 'Auditoría reciente' });
  await expect(log.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver más' })).toHaveAttribute(
    'href',
    '/admin?tab=configuracion',
  );

  // The backup: the restorable archive, every person in it, and no session or token.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Respaldo completo (.tar.gz)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^appa-respaldo-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
  const entries = await entriesOf(readFileSync(await download.path()));
  expect(archivedRows(entries, 'users').length).toBeGreaterThanOrEqual(userCount);
  expect(manifestOf(entries).tables.map((table) => table.name)).not.toContain('sessions');

  // The week's export.
  await expect(page.getByRole('link', { name: 'Exportar semana (CSV)' })).toHaveAttribute(
    'href',
    `/api/appa/week/csv?weekStart=${week.weekStart}`,
  );

  // Reminders to everyone still pending.
  await page.getByRole('button', { name: /^Recordar a pendientes/ }).click();
  await confirmReminder(page);
  await expect(notices(page).getByText('Recordatorios enviados')).toBeVisible();
  // Followed by who was left out, when other tests reminded someone lately.
  await expect(
    notices(page).getByText(/^Se enviaron \d+ recordatorios exitosamente/),
  ).toBeVisible();

  await expectNoSeriousA11yViolations(page);
});

test('/consejo-simple shows the week to an administrator, accessibly and without sideways scroll', async ({
  page,
}) => {
  await signInViaApi(page, adminCredentials());
  await page.goto('/consejo-simple');
  await expect(page.getByRole('heading', { name: 'Consejo', level: 1 })).toBeVisible();
  await expect(figure(page, 'Enviados')).toContainText(/\d/);
  await expect(page.getByTestId('live-clock')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Exportar semana (CSV)' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 360, height: 800 });
  await expect(figure(page, 'Enviados')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(360);
});

test('/super-admin at 360 px has no sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInViaApi(page, adminCredentials());
  await page.goto('/super-admin');
  await expect(page.getByRole('list', { name: 'Auditoría reciente' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(360);
});
