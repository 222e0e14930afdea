import { expect, test, type Page } from '@playwright/test';
import { REPORT_MSG, type CurrentReport } from '../common/schemas/report';
import { weekLabel } from '../common/week';
import { expectNoSeriousA11yViolations } from './support/axe';
import { demoUser, freshPassword, type DemoUser } from './support/demo-users';
import { closeNotice, notices, signInOnPersonalLink } from './support/forms';
import { signInReady, signInViaApi, signOutViaApi } from './support/session';

const ACTA = {
  name: 'acta-reunion.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from('Acta de la reunion semanal. '.repeat(450).slice(0, 12_600)),
};
const NOTAS = {
  name: 'notas.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from('indicador,valor\ncobertura,72.5\n'),
};

const REPORT = {
  avances: 'Terminé la migración del inventario a la nueva plataforma.',
  planes: 'Capacitar al equipo de almacén y cerrar las incidencias abiertas.',
  problemas: 'El proveedor de etiquetas se retrasó dos días.',
  ayuda: 'Aprobación del presupuesto de capacitación.',
  kpiNombre: 'Cobertura de inventario',
  kpiMetaPct: '90',
  // Written as people here write it: a decimal comma.
  kpiLogroPct: '72,5',
};

/** The signed-in person's week, straight from the API (the page's cookies). */
async function currentReport(page: Page): Promise<CurrentReport> {
  const response = await page.request.get('/api/appa/current');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as CurrentReport;
}

/**
 * Gets the temporary password out of the way, checks the person may still write this week's
 * report (the demo organisation already sent some), and signs out again.
 */
async function prepare(page: Page, user: DemoUser) {
  const password = freshPassword();
  await signInReady(page, user, password);
  const before = await currentReport(page);
  expect(
    before.report?.status,
    `${user.username} already sent this week's report: reserve another demo person`,
  ).not.toBe('ENVIADO');
  return { password, before };
}

/** Console errors about the Content Security Policy, to assert there are none. */
function watchCsp(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  return violations;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const attachments = (page: Page) => page.getByRole('list', { name: 'Archivos seleccionados' });
const uploadDialog = (page: Page) => page.locator('.uppy-Dashboard--modal .uppy-Dashboard-inner');

async function fillReport(page: Page, values: typeof REPORT) {
  await field(page, 'Avances').fill(values.avances);
  await field(page, 'Planes').fill(values.planes);
  await field(page, 'Problemas').fill(values.problemas);
  await field(page, 'Ayuda').fill(values.ayuda);
  await field(page, 'KPIs y Métricas').fill(values.kpiNombre);
  await field(page, 'Meta (%)').fill(values.kpiMetaPct);
  await field(page, 'Logro (%)').fill(values.kpiLogroPct);
}

/** Signs in again (the personal link's form was used once already) and opens the report page. */
async function openOwnReport(page: Page, user: DemoUser, password: string) {
  await signInViaApi(page, { username: user.username, password });
  await page.goto(`/appa/${user.slug}/submit`);
}

/**
 * Holds the sign-out that follows a save or a send until `release()`: the page shows what it
 * shows after saving only until then, and a busy machine may take longer to read it than the
 * page waits.
 */
async function holdSignOut(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/logout', async (route) => {
    await held;
    await route.continue();
  });
  return async () => {
    release();
    await page.unroute('**/api/logout');
  };
}

/** Picks files in the upload dialog the way the device picker does. */
async function uploadThroughDialog(page: Page, files: (typeof ACTA)[]) {
  await page.getByRole('button', { name: 'Seleccionar archivos' }).click();
  await expect(uploadDialog(page)).toBeVisible();
  await page.locator('.uppy-Dashboard-input').first().setInputFiles(files);
}

test('a draft keeps its text and attachments, then is sent and reads as final', async ({
  page,
}, testInfo) => {
  const user = demoUser('reportJourney');
  const csp = watchCsp(page);
  const { password, before } = await prepare(page, user);
  await signOutViaApi(page);

  await signInOnPersonalLink(page, user, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Sistema APPA' })).toBeVisible();
  await expect(page.getByText(`Reporte Semanal - ${user.fullName}`)).toBeVisible();
  await expect(page.getByText(weekLabel(before))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salir', exact: true })).toBeVisible();
  // The Planes of the last report sent before this week are there while this week's is written.
  expect(before.previous, 'every demo person sent a report in an earlier week').not.toBeNull();
  const carried = page.getByRole('group').filter({ hasText: /^Lo que planeaste la semana/ });
  await expect(carried).toContainText(before.previous?.planes ?? '');

  await fillReport(page, REPORT);
  await uploadThroughDialog(page, [ACTA, NOTAS]);
  await expect(notices(page).getByText('Archivos subidos')).toBeVisible();
  await expect(notices(page).getByText('2 archivo(s) subido(s) exitosamente')).toBeVisible();
  await expect(uploadDialog(page)).toBeHidden();
  await expect(attachments(page).getByRole('listitem')).toHaveCount(2);
  await expect(attachments(page)).toContainText(ACTA.name);
  await expect(attachments(page)).toContainText('12.3 KB');
  await expect(attachments(page)).toContainText(NOTAS.name);
  await expect(attachments(page)).toContainText('0.1 KB');
  await expect(page.getByText('Los archivos se guardan junto con tu APPA')).toBeVisible();
  await testInfo.attach('report-with-files-1280', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });

  const signOutAfterDraft = await holdSignOut(page);
  await page.getByRole('button', { name: 'Guardar como Borrador' }).click();
  await expect(notices(page).getByText('Borrador guardado')).toBeVisible();
  await expect(
    notices(page).getByText('Tu APPA ha sido guardado como borrador. Cerrando sesión...'),
  ).toBeVisible();
  await signOutAfterDraft();
  await expect(page).toHaveURL(`/appa/${user.slug}`);
  expect((await page.request.get('/api/user')).status()).toBe(401);

  // The draft comes back whole.
  await openOwnReport(page, user, password);
  await expect(
    page.getByText(/^Borrador guardado el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/),
  ).toBeVisible();
  await expect(field(page, 'Avances')).toHaveValue(REPORT.avances);
  await expect(field(page, 'Planes')).toHaveValue(REPORT.planes);
  await expect(field(page, 'Problemas')).toHaveValue(REPORT.problemas);
  await expect(field(page, 'Ayuda')).toHaveValue(REPORT.ayuda);
  await expect(field(page, 'KPIs y Métricas')).toHaveValue(REPORT.kpiNombre);
  await expect(field(page, 'Meta (%)')).toHaveValue(REPORT.kpiMetaPct);
  await expect(field(page, 'Logro (%)')).toHaveValue(REPORT.kpiLogroPct);
  await expect(attachments(page).getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: `Quitar ${NOTAS.name}` }).click();
  await expect(attachments(page).getByRole('listitem')).toHaveCount(1);
  const signOut = await holdSignOut(page);
  await page.getByRole('button', { name: 'Enviar APPA' }).click();
  // Sending asks first, with what goes with the report; going back sends nothing.
  const confirm = page.getByRole('dialog', { name: '¿Enviar tu APPA?' });
  await expect(confirm).toContainText('1 archivo adjunto');
  await expect(confirm).toContainText('Una vez enviado, tu APPA ya no se puede modificar.');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Volver a editar' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Enviar APPA' }).click();
  await confirm.getByRole('button', { name: 'Sí, enviar APPA' }).click();
  await expect(page.getByRole('heading', { name: '¡Gracias!' })).toBeVisible();
  await expect(page.getByText('Tu APPA ha sido enviado exitosamente')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salir del Sistema' })).toBeVisible();
  await expect(notices(page).getByText('APPA enviado')).toBeVisible();
  await expect(
    notices(page).getByText('Tu reporte ha sido enviado exitosamente. Cerrando sesión...'),
  ).toBeVisible();
  await signOut();
  await expect(page).toHaveURL(`/appa/${user.slug}`);

  // Sent is final: read-only, with its date and the one file left.
  await openOwnReport(page, user, password);
  await expect(page.getByText(/^Enviado el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  for (const text of Object.values(REPORT).slice(0, 5)) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('90 %')).toBeVisible();
  await expect(page.getByText('72,5 %')).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enviar APPA' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: NOTAS.name })).toHaveCount(0);
  const download = page.getByRole('link', { name: ACTA.name });
  await expect(download).toBeVisible();
  const href = await download.getAttribute('href');
  expect(href).toMatch(/^\/api\/files\/download\//);
  const file = await page.request.get(href ?? '');
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toMatch(/^attachment/);
  expect(Buffer.from(await file.body()).equals(ACTA.buffer)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  const after = await currentReport(page);
  expect(after.report).toMatchObject({
    status: 'ENVIADO',
    kpiMetaPct: 90,
    kpiLogroPct: 72.5,
    files: [{ fileName: ACTA.name, sizeBytes: ACTA.buffer.length }],
  });
  expect(csp, 'Content Security Policy violations').toEqual([]);
});

test('sending needs Avances and Planes, and failures say what happened; nothing is saved', async ({
  page,
}) => {
  const user = demoUser('reportValidation');
  const { before } = await prepare(page, user);
  await page.goto(`/appa/${user.slug}/submit`);
  await expect(field(page, 'Avances')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await field(page, 'Avances').fill('');
  await field(page, 'Planes').fill('');
  await page.getByRole('button', { name: 'Enviar APPA' }).click();
  await expect(page.getByText(REPORT_MSG.avancesTooShort)).toBeVisible();
  await expect(page.getByText(REPORT_MSG.planesTooShort)).toBeVisible();
  await expect(field(page, 'Avances')).toBeFocused();
  await expect(field(page, 'Avances')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);

  await field(page, 'Avances').fill('ok');
  await field(page, 'Planes').fill('Seguir con el plan');
  await page.getByRole('button', { name: 'Enviar APPA' }).click();
  await expect(page.getByText(REPORT_MSG.avancesTooShort)).toBeVisible();
  await expect(page.getByText(REPORT_MSG.planesTooShort)).toHaveCount(0);

  // A draft needs no text, but its percentages must make sense.
  await field(page, 'Meta (%)').fill('120');
  await page.getByRole('button', { name: 'Guardar como Borrador' }).click();
  await expect(page.getByText(REPORT_MSG.pctRange('La meta del KPI'))).toBeVisible();
  await expect(page.getByText(REPORT_MSG.avancesTooShort)).toHaveCount(0);
  await field(page, 'Meta (%)').fill('');

  // The server cannot be reached.
  await page.route('**/api/appa', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Guardar como Borrador' }).click();
  await expect(notices(page).getByText('Error de conexión')).toBeVisible();
  await expect(
    notices(page).getByText('No se pudo guardar el borrador. Intenta nuevamente.'),
  ).toBeVisible();
  await closeNotice(page);
  await field(page, 'Avances').fill('Avance suficiente');
  await page.getByRole('button', { name: 'Enviar APPA' }).click();
  await page.getByRole('button', { name: 'Sí, enviar APPA' }).click();
  await expect(
    notices(page).getByText('No se pudo enviar el reporte. Intenta nuevamente.'),
  ).toBeVisible();
  await closeNotice(page);

  // The server refuses, in its own words.
  await page.unroute('**/api/appa');
  await page.route('**/api/appa', (route) =>
    route.fulfill({ status: 409, json: { message: REPORT_MSG.alreadySent } }),
  );
  await page.getByRole('button', { name: 'Enviar APPA' }).click();
  await page.getByRole('button', { name: 'Sí, enviar APPA' }).click();
  await expect(notices(page).getByText('Error al enviar')).toBeVisible();
  await expect(notices(page).getByText(REPORT_MSG.alreadySent)).toBeVisible();
  await closeNotice(page);
  await page.unroute('**/api/appa');
  await page.route('**/api/appa', (route) =>
    route.fulfill({ status: 500, json: { message: 'Falla simulada del servidor' } }),
  );
  await page.getByRole('button', { name: 'Guardar como Borrador' }).click();
  await expect(notices(page).getByText('Error al guardar borrador')).toBeVisible();
  await expect(notices(page).getByText('Falla simulada del servidor')).toBeVisible();
  // The server stays unreachable to the page until the report is checked: the autosave tries the
  // typed text again on its own, and on a slow machine it would reach the server first.

  // An upload the storage refuses says why, in Spanish, and attaches nothing.
  const tooLarge = REPORT_MSG.fileTooLarge(before.limits.maxFileBytes);
  await page.route('**/api/objects/upload/**', (route) =>
    route.fulfill({ status: 413, json: { message: tooLarge } }),
  );
  await uploadThroughDialog(page, [NOTAS]);
  // Uppy tells a file's error on the '?' beside its name.
  await expect(uploadDialog(page).getByRole('button', { name: tooLarge })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Cerrar ventana' }).click();
  await expect(uploadDialog(page)).toBeHidden();
  await expect(attachments(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Guardar como Borrador' })).toBeEnabled();
  await page.unroute('**/api/objects/upload/**');

  // Still on the form, and the week's report is as it was.
  await expect(page).toHaveURL(`/appa/${user.slug}/submit`);
  expect(await currentReport(page)).toEqual(before);
  await page.unroute('**/api/appa');

  // Someone else's report link goes to its sign-in page, which forwards to one's own report.
  await page.goto(`/appa/${demoUser('reportJourney').slug}/submit`);
  await expect(page).toHaveURL(`/appa/${user.slug}/submit`);
  await page.goto('/appa/nadie-con-este-enlace/submit');
  await expect(page.getByRole('heading', { name: 'Usuario no encontrado' })).toBeVisible();
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the form fits the phone, and so does the upload dialog', async ({ page }, testInfo) => {
    const user = demoUser('reportPhone');
    const { before } = await prepare(page, user);
    expect(before.limits.maxFiles, 'this test fills the limit with 5 files').toBe(5);
    await page.goto(`/appa/${user.slug}/submit`);
    await expect(field(page, 'Avances')).toBeVisible();
    await expect(page.getByText(`Reporte Semanal - ${user.fullName}`)).toBeVisible();

    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    await expect.poll(scrollWidth).toBeLessThanOrEqual(360);
    for (const name of ['Guardar como Borrador', 'Enviar APPA', 'Seleccionar archivos']) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      if (box) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(360);
        expect(box.height, `${name} is easy to tap`).toBeGreaterThanOrEqual(40);
      }
    }
    await expectNoSeriousA11yViolations(page);
    await testInfo.attach('report-form-360', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });

    await page.getByRole('button', { name: 'Seleccionar archivos' }).click();
    await expect(uploadDialog(page)).toBeVisible();
    await expect(uploadDialog(page)).toHaveCSS('opacity', '1');
    const dialog = await uploadDialog(page).boundingBox();
    expect(dialog).not.toBeNull();
    if (dialog) expect(dialog.x + dialog.width).toBeLessThanOrEqual(360);
    await testInfo.attach('upload-dialog-360', {
      body: await page.screenshot(),
      contentType: 'image/png',
    });

    // Hold the bytes on their way, to look at the dialog while it uploads.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/objects/upload/**', async (route) => {
      await held;
      // A paused upload's request was aborted by the browser: nothing to continue.
      await route.continue().catch(() => {});
    });
    const longName = `${'informe-trimestral-de-indicadores-de-la-region-norte-'.repeat(2)}final.txt`;
    await page
      .locator('.uppy-Dashboard-input')
      .first()
      .setInputFiles({ name: longName, mimeType: 'text/plain', buffer: Buffer.alloc(200_000, 97) });
    await expect(page.getByText('Podrás guardar tu APPA cuando terminen')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Enviar APPA' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Guardar como Borrador' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Pausar', exact: true }).click();
    await page.getByRole('button', { name: 'Reanudar', exact: true }).click();
    release();

    // A long file name is cut short in the list, never pushes the page sideways.
    await expect(attachments(page).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Enviar APPA' })).toBeEnabled();
    await expect(page.getByRole('button', { name: `Quitar ${longName}` })).toBeVisible();
    await expect.poll(scrollWidth).toBeLessThanOrEqual(360);

    // At the limit the button goes away; removing a file brings it back.
    const more = ['b', 'c', 'd', 'e'].map((n) => ({
      name: `${n}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(n),
    }));
    await uploadThroughDialog(page, more);
    await expect(notices(page).getByText('4 archivo(s) subido(s) exitosamente')).toBeVisible();
    await expect(attachments(page).getByRole('listitem')).toHaveCount(before.limits.maxFiles);
    await expect(page.getByRole('button', { name: 'Seleccionar archivos' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Quitar c.txt' }).click();
    await expect(page.getByRole('button', { name: 'Seleccionar archivos' })).toBeVisible();
  });
});
