import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { adminCredentials } from './support/demo-users';
import { expectNoSidewaysScroll, expectWithinWidth } from './support/layout';
import { signInViaApi } from './support/session';

// On a phone every table of the admin screens reads as a list of cards: each row a card, each cell
// under its column's name, controls big enough for a finger, and the page never scrolls sideways.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The column names a card shows beside its cells (drawn from each cell's data-label). */
function labelsShown(card: Locator) {
  return card.evaluate((row) =>
    [...row.querySelectorAll('td[data-label]')].map((cell) =>
      getComputedStyle(cell, '::before').content.replace(/^"|"$/g, ''),
    ),
  );
}

/**
 * Opens an admin screen as the administrator and finds its table: the first card lies within the
 * screen, the page does not scroll sideways and the card names its cells as `labels`.
 */
async function openTable(page: Page, path: string, region: string, labels: string[]) {
  await signInViaApi(page, adminCredentials());
  await page.goto(path);
  const table = page.getByRole('region', { name: region });
  const card = table.locator('tbody tr').first();
  await expect(card).toBeVisible();
  await expectWithinWidth(card, 390);
  await expectNoSidewaysScroll(page, 390);
  // The head row is hidden: each card names its own cells.
  await expect(table.locator('thead th').last()).not.toBeInViewport();
  expect(await labelsShown(card)).toEqual(labels);
  return { table, card };
}

async function expectFingerSized(control: Locator) {
  const box = await control.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
}

test('at 390 px the users table is a list of cards whose actions work', async ({ page }) => {
  const { card } = await openTable(page, '/admin?tab=usuarios', 'Tabla de usuarios', [
    'Cargo',
    'Rol',
    'Estado',
    'APPAs enviados',
    'URL personal',
    'Último acceso',
    'Acciones',
  ]);
  const edit = card.getByRole('button', { name: /^Editar a / });
  await expectFingerSized(edit);
  await edit.tap();
  await expect(page.getByRole('dialog', { name: 'Editar Usuario' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("at 390 px the panel's week table is a list of cards whose actions work", async ({ page }) => {
  const { table, card } = await openTable(page, '/admin', 'Tabla de APPAs de la semana', [
    'Estado',
    'Enviado',
    'KPI (logro / meta)',
    'Adjuntos',
    'Alertas',
    'Acciones',
  ]);

  // The box in the card's corner selects the row; the select-all box stays above the cards.
  const select = card.getByRole('checkbox');
  await expectFingerSized(select.locator('..'));
  await select.locator('..').tap();
  await expect(select).toBeChecked();
  await expect(
    table.getByRole('checkbox', { name: 'Seleccionar todos los de esta página' }),
  ).toBeInViewport();

  const view = card.getByRole('button', { name: /^Ver APPA de / });
  await expectFingerSized(view);
  await view.tap();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('at 390 px the audit log is a list of cards', async ({ page }) => {
  const { table } = await openTable(page, '/admin?tab=configuracion', 'Tabla de auditoría', [
    'Fecha y hora',
    'Actor',
    'Acción',
    'Entidad',
    'Detalle',
  ]);
  // The log grows with the page instead of scrolling inside a box of its own.
  expect(await table.evaluate((box) => box.scrollHeight <= box.clientHeight)).toBe(true);
});

test('at 1280 px the tables stay tables', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInViaApi(page, adminCredentials());
  await page.goto('/admin?tab=usuarios');
  const table = page.getByRole('region', { name: 'Tabla de usuarios' });
  await expect(table.getByRole('columnheader', { name: 'Rol' })).toBeInViewport();
  expect(await labelsShown(table.locator('tbody tr').first())).toEqual(
    Array.from({ length: 7 }, () => 'none'),
  );
});
