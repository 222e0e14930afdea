import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { adminCredentials } from './support/demo-users';
import { closeNotice, notices } from './support/forms';
import { signInViaApi } from './support/session';

async function openReportsTab(page: Page) {
  await signInViaApi(page, adminCredentials());
  await page.goto('/admin?tab=reportes');
  await expect(page.getByRole('tab', { name: 'Reportes' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

/** Clicks a download link and answers the file's name and its text, BOM included. */
async function download(page: Page, name: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name }).click(),
  ]);
  const filePath = await file.path();
  return { fileName: file.suggestedFilename(), text: fs.readFileSync(filePath, 'utf8') };
}

test('the administrator sees the week in numbers and downloads the reports', async ({ page }) => {
  await openReportsTab(page);
  const counters = page.getByRole('tabpanel');
  await expect(counters.getByText('Total usuarios')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Análisis de la semana actual' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'APPAs por estado' }).getByRole('listitem'),
  ).toHaveCount(3);
  await expect(page.getByText('Tasa de cumplimiento')).toBeVisible();
  await expect(page.getByText('Archivos por APPA enviado')).toBeVisible();

  const weekly = await download(page, 'Descargar CSV: Reporte semanal');
  expect(weekly.fileName).toMatch(/^reporte-semanal-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(weekly.text.startsWith('\uFEFF')).toBe(true);
  expect(weekly.text.slice(1).split('\r\n')[0]).toBe(
    'Nombre,Área,Jefe,Estado,Fecha de envío,Avances,Planes,Problemas,Ayuda,KPI,Meta,Logrado,Revisado',
  );
  await expect(notices(page).getByText('CSV generado')).toBeVisible();
  await closeNotice(page);

  const problems = await download(page, 'Descargar texto: Problemas y ayuda');
  expect(problems.fileName).toMatch(/^problemas-y-ayuda-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.txt$/);
  expect(problems.text).toContain('Sistema APPA — Problemas y ayuda');
  expect(problems.text).toMatch(/APPAs con problemas o ayuda: \d+/);
  await expect(notices(page).getByText('Reporte generado')).toBeVisible();

  await expectNoSeriousA11yViolations(page);
});

test('a period the server would refuse disables the downloads and says why', async ({ page }) => {
  await openReportsTab(page);
  const card = page.getByRole('heading', { name: 'Reporte personalizado' }).locator('xpath=../..');
  await card.getByLabel('Desde').fill('2026-12-31');
  await card.getByLabel('Hasta').fill('2026-01-01');
  await expect(card.getByRole('alert')).toHaveText(
    'La fecha inicial no puede ser posterior a la final',
  );
  await expect(
    card.getByRole('button', { name: 'Descargar CSV: Reporte personalizado' }),
  ).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
});

for (const width of [1280, 360]) {
  test(`the Reportes tab at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openReportsTab(page);
    await expect(page.getByRole('heading', { name: 'Análisis de la semana actual' })).toBeVisible();
    // The charts size themselves once they are on screen.
    await expect
      .poll(() =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      )
      .toBeLessThanOrEqual(0);
    await page.screenshot({ path: `/tmp/admin-reports-${width}.png`, fullPage: true });
  });
}
