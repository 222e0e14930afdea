import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { demoUser, freshPassword } from './support/demo-users';
import { closeNotice, confirmReminder, notices } from './support/forms';
import { signInReady } from './support/session';

// The demo organisation (server/services/demo-seed.ts): the manager of Logística, Ricardo Torres
// Vega, reports to Lucía Fernández Soto and leads Gabriel Chávez Núñez, who sent this week's report,
// and Valeria Mendoza Ríos, who has a draft. The two leaders of the share test have both sent theirs.
const SENT_LEADER = 'Gabriel Chávez Núñez';
const DRAFT_LEADER = 'Valeria Mendoza Ríos';
const MANAGER_BOSS = 'Lucía Fernández Soto';

async function expectNotice(page: Page, title: string) {
  await expect(notices(page).getByText(title, { exact: true })).toBeVisible();
  await closeNotice(page);
}

/** Full-page screenshots at 1280 and 360 px, and no sideways scroll of the page on the phone. */
async function screenshotBoth(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: `/tmp/${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const stat = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Resumen' }).locator('div').filter({ hasText: label }).first();

test('a manager lands on /gerente and sees their leaders with their submission times', async ({
  page,
}) => {
  // Four tabs, axe and screenshots at two widths.
  test.slow();
  await signInReady(page, demoUser('managerDashboard'), freshPassword());
  await page.goto('/');
  await expect(page).toHaveURL(/\/gerente/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Gerente' })).toBeVisible();
  for (const label of ['Líderes a Cargo', 'APPAs Enviados', 'Pendientes', 'Performance']) {
    await expect(stat(page, label)).toBeVisible();
  }
  await expect(stat(page, 'Líderes a Cargo')).toContainText('2');

  // Mi Equipo: each leader with this week's state; the one who sent shows when.
  const team = page.getByRole('list', { name: 'Líderes a cargo' });
  const sent = team.getByRole('listitem').filter({ hasText: SENT_LEADER });
  await expect(sent).toContainText('Enviado');
  await expect(sent).toContainText(/Enviado el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  const draft = team.getByRole('listitem').filter({ hasText: DRAFT_LEADER });
  await expect(draft).toContainText('Borrador');
  await expect(draft).toContainText('Sin enviar');
  await expectNoSeriousA11yViolations(page);
  await screenshotBoth(page, 'gerente-equipo');

  // The manager records a leader's leave ahead, from the team list, and removes it.
  await draft.getByRole('button', { name: `Ausencias de ${DRAFT_LEADER}` }).click();
  const leave = page.getByRole('dialog', { name: `Ausencias de ${DRAFT_LEADER}` });
  await expect(leave).toContainText(`${DRAFT_LEADER} no tiene ausencias registradas.`);
  await leave.getByLabel('Desde').fill('2027-02-01');
  await leave.getByLabel('Hasta').fill('2027-02-14');
  await leave.getByLabel('Motivo').selectOption('licencia');
  await leave.getByRole('button', { name: 'Registrar ausencia' }).click();
  const recorded = leave.getByRole('list', { name: 'Ausencias registradas' });
  await expect(recorded).toContainText('Licencia: del 01/02/2027 al 14/02/2027');
  await page.screenshot({ path: '/tmp/gerente-ausencias-1280.png' });
  await recorded.getByRole('button', { name: /Eliminar/ }).click();
  await expect(leave).toContainText(`${DRAFT_LEADER} no tiene ausencias registradas.`);
  await leave.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(leave).toBeHidden();

  // Reminding the area's pending people asks first, naming who will get it.
  await page.getByRole('button', { name: /^Recordar a pendientes/ }).click();
  const confirm = page.getByRole('dialog', { name: '¿Enviar recordatorios?' });
  await expect(confirm).toContainText(DRAFT_LEADER);
  await expect(confirm).not.toContainText(SENT_LEADER);
  await confirmReminder(page);
  await expectNotice(page, 'Recordatorios enviados');

  // APPAs Semanales: the area's reports, a page at a time, searched by name; 'Ver' opens one.
  await page.getByRole('tab', { name: 'APPAs Semanales' }).click();
  const weekList = page.getByRole('list', { name: 'APPAs de la semana' });
  await expect(page.getByText('Página 1 de 1')).toBeVisible();
  await page.getByLabel('Buscar persona').fill('valeria mendoza rios');
  await expect(weekList.getByRole('listitem')).toHaveCount(1);
  await expect(weekList).toContainText(DRAFT_LEADER);
  await page.getByLabel('Buscar persona').fill('zzz-nadie');
  await expect(page.getByText('Ningún APPA coincide con la búsqueda')).toBeVisible();
  await page.getByLabel('Buscar persona').fill('');
  await page.getByRole('button', { name: `Ver APPA de ${SENT_LEADER}` }).click();
  const dialog = page.getByRole('dialog', { name: `APPA de ${SENT_LEADER}` });
  await expect(dialog.getByRole('region', { name: 'Avances' })).toBeVisible();
  await page.screenshot({ path: '/tmp/gerente-detalle-1280.png' });
  await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(dialog).toBeHidden();
  await screenshotBoth(page, 'gerente-semanales');

  // Jerarquía: the chain of command above and the team below.
  await page.getByRole('tab', { name: 'Jerarquía' }).click();
  await expect(page.getByRole('list', { name: 'Línea de mando' })).toContainText(MANAGER_BOSS);
  await expect(page.getByRole('region', { name: 'Equipo directo' })).toContainText(DRAFT_LEADER);
  await expectNoSeriousA11yViolations(page);
  await screenshotBoth(page, 'gerente-jerarquia');

  await page.getByRole('tab', { name: 'Performance' }).click();
  await expect(page.getByRole('progressbar', { name: 'Tasa de completitud' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tendencia de completitud' })).toBeVisible();
  await expect(page.getByText(/Promedio de \d+ semanas/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshotBoth(page, 'gerente-performance');
});

test('a leader shares their sent APPA with a peer who reads and comments on it, then revokes it', async ({
  page,
  browser,
}) => {
  // Two people, two browsers, axe and screenshots at two widths: longer than the default 30 s.
  test.slow();
  const author = demoUser('shareAuthor');
  const peer = demoUser('sharePeer');
  await signInReady(page, author, freshPassword());

  await page.goto('/');
  await expect(page).toHaveURL(/\/lider/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Líder' })).toBeVisible();
  await expect(stat(page, 'Mi APPA')).toContainText('1');
  await expect(stat(page, 'Estado')).toContainText('Enviado');
  await expect(page.getByRole('region', { name: 'Avances' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Compartir: a peer is required; permission defaults to read.
  await page.getByRole('button', { name: 'Compartir', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Compartir APPA con Otro Líder' });
  const submit = dialog.getByRole('button', { name: 'Compartir', exact: true });
  await expect(submit).toBeDisabled();
  await expect(dialog.getByLabel('Permiso')).toHaveValue('read');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Compartir', exact: true }).click();
  const peerOption = dialog.getByLabel('Líder').locator('option', { hasText: peer.fullName });
  await dialog.getByLabel('Líder').selectOption((await peerOption.getAttribute('value')) ?? '');
  await dialog.getByLabel('Permiso').selectOption('comment');
  await expectNoSeriousA11yViolations(page);
  await screenshotBoth(page, 'lider-compartir-dialogo');
  await submit.click();
  await expectNotice(page, '¡APPA Compartido!');
  await expect(dialog).toBeHidden();
  const sharedWith = page.getByRole('region', { name: 'Compartido con' });
  await expect(sharedWith).toContainText(peer.fullName);
  await expect(sharedWith).toContainText('Lectura y comentarios');
  await screenshotBoth(page, 'lider-mi-appa');

  // A second share with the same peer is refused with the server's reason.
  await page.getByRole('button', { name: 'Compartir', exact: true }).click();
  await dialog.getByLabel('Líder').selectOption((await peerOption.getAttribute('value')) ?? '');
  await submit.click();
  await expect(notices(page).getByText('Error al Compartir', { exact: true })).toBeVisible();
  await closeNotice(page);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // The peer, in their own browser, reads and comments on it.
  const peerContext = await browser.newContext();
  const peerPage = await peerContext.newPage();
  await signInReady(peerPage, peer, freshPassword());
  await peerPage.goto('/lider');
  await expect(stat(peerPage, 'Compartidos')).toContainText('1');
  await peerPage.getByRole('tab', { name: 'APPAs Compartidos' }).click();
  await peerPage.getByRole('button', { name: `Ver APPA de ${author.fullName}` }).click();
  const report = peerPage.getByRole('dialog', { name: `APPA de ${author.fullName}` });
  await expect(report.getByRole('region', { name: 'Planes' })).toBeVisible();
  await expect(report).toContainText('Lectura y comentarios');
  await report.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(report).toBeHidden();

  await peerPage.getByRole('button', { name: `Comentar APPA de ${author.fullName}` }).click();
  const box = report.getByLabel('Nuevo comentario');
  await expect(box).toBeFocused();
  await box.fill('Buen avance, ¿compartes la plantilla del cierre?');
  await report.getByRole('button', { name: 'Agregar comentario' }).click();
  await expectNotice(peerPage, 'Comentario agregado');
  await expect(report.getByRole('list', { name: 'Comentarios de revisión' })).toContainText(
    'Buen avance, ¿compartes la plantilla del cierre?',
  );
  await expectNoSeriousA11yViolations(peerPage);
  await screenshotBoth(peerPage, 'lider-compartido-dialogo');
  await report.getByRole('button', { name: 'Cerrar' }).first().click();
  await expectNoSeriousA11yViolations(peerPage);
  await screenshotBoth(peerPage, 'lider-compartidos');

  // The author revokes the share; the peer no longer sees the report.
  await page.getByRole('button', { name: `Revocar acceso de ${peer.fullName}` }).click();
  await expectNotice(page, 'Acceso revocado');
  await expect(sharedWith).toContainText('Aún no has compartido este APPA.');

  await peerPage.reload();
  await peerPage.getByRole('tab', { name: 'APPAs Compartidos' }).click();
  await expect(peerPage.getByText('No hay APPAs compartidos contigo esta semana.')).toBeVisible();
  await expect(stat(peerPage, 'Compartidos')).toContainText('0');
  await peerContext.close();

  // Four weeks back the author sent nothing (demo seed): 'Crear APPA', no 'Compartir'.
  const weekPicker = page.getByLabel('Semana', { exact: true });
  const oldest = await weekPicker.locator('option').last().getAttribute('value');
  await weekPicker.selectOption(oldest ?? '');
  await expect(stat(page, 'Estado')).toContainText('Pendiente');
  await expect(stat(page, 'Mi APPA')).toContainText('0');
  await expect(page.getByRole('link', { name: 'Crear APPA' })).toHaveAttribute(
    'href',
    `/appa/${author.slug}/submit`,
  );
  await expect(page.getByRole('button', { name: 'Compartir', exact: true })).toHaveCount(0);
});
