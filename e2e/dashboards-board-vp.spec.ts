import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { adminCredentials, demoUser, freshPassword } from './support/demo-users';
import { ORIGIN, signInReady, signInViaApi } from './support/session';

// The demo organisation (server/services/demo-seed.ts): each VP's managers.
const MANAGERS_OF: Record<string, readonly string[]> = {
  'Lucía Fernández Soto': ['Patricia Gómez Luna', 'Ricardo Torres Vega'],
  'Andrés Quispe Mamani': ['Sofía Herrera Campos', 'Miguel Ángel Castro'],
};

/** A board member of its own: the two demo CONSEJO people belong to other tests. */
async function signInNewBoardMember(page: Page) {
  await signInViaApi(page, adminCredentials());
  const email = `consejo.${Date.now().toString(36)}@empresa.pe`;
  const created = await page.request.post('/api/users', {
    data: { email, fullName: 'Consejera Tablero', role: 'CONSEJO' },
    headers: { Origin: ORIGIN },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { user, temporaryPassword } = (await created.json()) as {
    user: { username: string };
    temporaryPassword: string;
  };
  await page.request.post('/api/logout', { headers: { Origin: ORIGIN } });
  await signInReady(
    page,
    { username: user.username, password: temporaryPassword },
    freshPassword(),
  );
}

async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/dashboards-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(360);
  await page.screenshot({ path: `/tmp/dashboards-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('dashboards', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the board lands on /consejo, reads the whole organisation and opens a report', async ({
    page,
  }) => {
    // Four tabs, two pagers, the person search, axe and screenshots at two widths.
    test.slow();
    await signInNewBoardMember(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/consejo$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Dashboard Consejo Directivo' }),
    ).toBeVisible();

    const cards = page.getByRole('group', { name: 'Resumen' });
    for (const label of ['Total APPAs', 'Enviados', 'Borradores', 'Tasa de Envío (%)']) {
      await expect(cards.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(cards.getByText(/^\d+ %$/)).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Porcentaje completado' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Líder' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // APPAs por Semana: both VPs' areas, 20 per page, searched by name; a report opens.
    await page.getByRole('tab', { name: 'APPAs por Semana' }).click();
    const list = page.getByRole('list', { name: 'APPAs de la semana' });
    const pager = page.getByRole('navigation', { name: 'Paginación' });
    await expect(pager.getByText(/^Página 1 de [2-9]$/)).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(20);
    const firstOfPage1 = await list.getByRole('listitem').first().locator('p').first().innerText();
    await pager.getByRole('button', { name: 'Siguiente' }).click();
    await expect(pager.getByText(/^Página 2 de [2-9]$/)).toBeVisible();
    await expect(list.getByRole('listitem').first()).not.toContainText(firstOfPage1);
    await screenshots(page, 'consejo-semana');
    await page.getByLabel('Buscar persona').fill('GABRIEL CHAVEZ');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText('Gabriel Chávez Núñez');
    await expect(pager.getByText('Página 1 de 1')).toBeVisible();
    // A sent report opens (which row a page starts with depends on what other tests sent).
    const author = 'Gabriel Chávez Núñez';
    await list.getByRole('button', { name: `Ver APPA de ${author}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: `APPA de ${author}` })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Avances' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByLabel('Buscar persona').fill('zzz-nadie');
    await expect(page.getByText('Ningún APPA coincide con la búsqueda')).toBeVisible();
    await page.getByLabel('Buscar persona').fill('');

    // Análisis por Rol: the charts, with their figures for screen readers, and a person's trends.
    await page.getByRole('tab', { name: 'Análisis por Rol' }).click();
    await expect(
      page.getByRole('table', { name: 'Tasa de envío por rol y semana' }),
    ).toBeAttached();
    await expect(
      page.getByRole('table', { name: 'Tasa de completitud por semana' }),
    ).toBeAttached();
    await expect(page.locator('.recharts-wrapper')).toHaveCount(2);
    // The person picker searches the server: the first 20 by name, then what the text matches.
    const picker = page.getByLabel('Persona', { exact: true });
    await expect(page.getByText('Primeras 20 personas: escribe para acotar')).toBeVisible();
    await expect(picker.locator('option')).toHaveCount(21);
    await page.getByLabel('Buscar persona').fill('daniela ruiz');
    await expect(page.getByText('1 persona encontrada')).toBeVisible();
    await picker.selectOption({ label: 'Daniela Ruiz Ortega' });
    await expect(
      page.getByRole('table', { name: 'KPI de Daniela Ruiz Ortega: meta y logro por semana' }),
    ).toBeAttached();
    const history = page.getByRole('list', { name: 'Historial de Daniela Ruiz Ortega' });
    await expect(history.getByRole('listitem')).not.toHaveCount(0);
    await expect(page.locator('.recharts-wrapper')).toHaveCount(3);
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'consejo-analisis');

    // Reportes Detallados: filter, export, and the organisation's weekly report from the server.
    await page.getByRole('tab', { name: 'Reportes Detallados' }).click();
    const detailed = page.getByRole('list', { name: 'Reportes detallados' });
    await expect(detailed.getByRole('listitem')).toHaveCount(20);
    const weekTotal = Number(
      (await page.getByText(/^\d+ de \d+ APPAs de la semana$/).innerText()).split(' ')[0],
    );
    expect(weekTotal).toBeGreaterThan(20);
    await expect(pager.getByText(/^Página 1 de [2-9]$/)).toBeVisible();
    await pager.getByRole('button', { name: 'Siguiente' }).click();
    await expect(detailed.getByRole('listitem')).toHaveCount(Math.min(20, weekTotal - 20));
    await page.getByLabel('Estado').selectOption('BORRADOR');
    await expect(detailed.getByText('Borrador', { exact: true }).first()).toBeVisible();
    await expect(detailed.getByText('Enviado', { exact: true })).toHaveCount(0);
    await page.getByLabel('Estado').selectOption('all');
    await page.getByLabel('Buscar').fill('zzz-nadie');
    await expect(page.getByText('Ningún APPA coincide con los filtros')).toBeVisible();
    await page.getByLabel('Buscar').fill('');
    // The filters brought the list back to its first page; the CSV holds every row, not a page.
    await expect(pager.getByText(/^Página 1 de [2-9]$/)).toBeVisible();
    // The one weekly CSV, the same file the panel downloads for the same week.
    const exportLink = page.getByRole('link', { name: 'Exportar CSV' });
    const download = page.waitForEvent('download');
    await exportLink.click();
    expect((await download).suggestedFilename()).toMatch(/^appa-semana-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = await readFile((await (await download).path()) ?? '', 'utf8');
    const served = await page.request.get((await exportLink.getAttribute('href')) ?? '');
    expect(exported).toBe(await served.text());
    expect(exported.slice(1).split('\r\n')[0]).toBe(
      'Nombre,Área,Jefe,Estado,Fecha de envío,Avances,Planes,Problemas,Ayuda,KPI,Meta,Logrado,Revisado',
    );
    const csvHref = await page.getByRole('link', { name: 'CSV', exact: true }).getAttribute('href');
    const csv = await page.request.get(csvHref ?? '');
    expect(csv.status()).toBe(200);
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'consejo-reportes');
  });

  test('a VP reads only their area', async ({ page }) => {
    const vp = demoUser('vpDashboard');
    const own = MANAGERS_OF[vp.fullName];
    const other = Object.entries(MANAGERS_OF).find(([name]) => name !== vp.fullName)?.[1];
    if (!own || !other) throw new Error(`Unexpected demo VP ${vp.fullName}`);
    await signInReady(page, vp, freshPassword());
    await page.goto('/');
    await expect(page).toHaveURL(/\/vp$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard VP' })).toBeVisible();

    const cards = page.getByRole('group', { name: 'Resumen' });
    for (const label of ['Tu Equipo', 'APPAs Enviados', 'Pendientes', 'Tasa Completitud']) {
      await expect(cards.getByText(label, { exact: true })).toBeVisible();
    }
    const direct = page.getByRole('list', { name: 'Reportes directos' });
    for (const name of own) await expect(direct.getByText(name)).toBeVisible();
    for (const name of other) await expect(direct.getByText(name)).toHaveCount(0);
    await expect(page.getByText('Total colaboradores')).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Tasa de completitud por semana' }),
    ).toBeAttached();
    await expect(page.locator('.recharts-wrapper')).toHaveCount(1);
    // The person search never finds someone of the other VP's area.
    await page.getByLabel('Buscar persona').fill(other[0] ?? '');
    await expect(page.getByText('Nadie coincide con la búsqueda')).toBeVisible();
    await page.getByLabel('Buscar persona').fill(own[0] ?? '');
    await expect(page.getByText('1 persona encontrada')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'vp-equipo');

    await page.getByRole('tab', { name: 'APPAs por Semana' }).click();
    const week = page.getByRole('list', { name: 'APPAs de la semana' });
    await expect(week.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByText(/^Página 1 de \d+$/)).toBeVisible();
    for (const name of other) await expect(week.getByText(name)).toHaveCount(0);
    await page.getByLabel('Buscar persona').fill(other[0] ?? '');
    await expect(page.getByText('Ningún APPA coincide con la búsqueda')).toBeVisible();

    await page.getByRole('tab', { name: 'Gerentes' }).click();
    const managers = page
      .getByRole('list', { name: 'APPAs de Gerentes' })
      .or(page.getByText('No hay APPAs de Gerentes para esta semana'));
    await expect(managers).toBeVisible();
    for (const name of other) await expect(page.getByText(name)).toHaveCount(0);

    await page.getByRole('tab', { name: 'Líderes' }).click();
    await expect(
      page
        .getByRole('list', { name: 'APPAs de Líderes' })
        .or(page.getByText('No hay APPAs de Líderes para esta semana')),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a leader gets Acceso Denegado on /consejo and /vp', async ({ page }) => {
    await signInReady(page, demoUser('boardDenied'), freshPassword());
    await page.goto('/consejo');
    await expect(page.getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
    await expect(
      page.getByText('Solo los miembros del Consejo pueden acceder a este dashboard.'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/vp');
    await expect(page.getByText('Solo VPs pueden acceder a este dashboard.')).toBeVisible();
  });

  test('the administrator opens /vp and sees the whole organisation', async ({ page }) => {
    await signInViaApi(page, adminCredentials());
    await page.goto('/vp');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard VP' })).toBeVisible();
    await page.getByRole('tab', { name: 'Gerentes' }).click();
    const managers = page.getByRole('list', { name: 'APPAs de Gerentes' });
    await expect(managers.getByRole('listitem').first()).toBeVisible();
    // Everyone the week expects, not only those who wrote: the demo's four managers at least.
    await expect.poll(() => managers.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);
    await expectNoSeriousA11yViolations(page);
  });

  test('the administrator opens /lider and sees their own (empty) week, not an error', async ({
    page,
  }) => {
    await signInViaApi(page, adminCredentials());
    await page.goto('/lider');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Líder' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Crear APPA' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
