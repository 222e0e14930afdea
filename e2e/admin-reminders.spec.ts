import { expect, test } from '@playwright/test';
import type { ReminderEntry } from '../common/schemas/reminders';
import { DEFAULT_REMINDER_SUBJECT } from '../common/schemas/reminders';
import { adminCredentials, demoUser } from './support/demo-users';
import { confirmReminder, notices } from './support/forms';
import { signInViaApi } from './support/session';

test("'Recordar' in the users table e-mails that person and lists it in the history", async ({
  page,
}) => {
  const someone = demoUser('adminReminder');
  await signInViaApi(page, adminCredentials());
  await page.goto('/admin?tab=usuarios');
  await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill(someone.fullName);

  // It asks first, naming who will get it.
  const remind = page.getByRole('button', { name: `Recordar a ${someone.fullName}` });
  await remind.click();
  const confirm = page.getByRole('dialog', { name: '¿Enviar recordatorios?' });
  await expect(confirm).toContainText(someone.fullName);
  await confirmReminder(page);
  await expect(notices(page).getByText('Recordatorios enviados')).toBeVisible();
  await expect(notices(page).getByText('Se enviaron 1 recordatorios exitosamente')).toBeVisible();

  // A second click within 12 hours reaches nobody unless the sender insists.
  await remind.click();
  await expect(confirm).toContainText(
    'Ya recibió un recordatorio en las últimas 12 horas: 1 persona',
  );
  await expect(confirm.getByRole('button', { name: 'Enviar a 0 personas' })).toBeDisabled();
  await confirm
    .getByRole('checkbox', { name: /Enviar también a quienes ya recibieron uno/ })
    .check();
  await expect(confirm.getByRole('button', { name: 'Enviar a 1 persona' })).toBeEnabled();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();

  const response = await page.request.get('/api/reminders');
  expect(response.status()).toBe(200);
  const history = (await response.json()) as ReminderEntry[];
  const mine = history.find((r) => r.recipient.fullName === someone.fullName);
  expect(mine).toMatchObject({
    type: 'MANUAL',
    emailSubject: DEFAULT_REMINDER_SUBJECT,
    sentBy: { fullName: expect.any(String) },
  });
});

test('the Configuración sender e-mails every pending author and the history shows them', async ({
  page,
}) => {
  const pendingPerson = demoUser('adminReminder');
  await signInViaApi(page, adminCredentials());
  await page.goto('/admin?tab=configuracion');
  const card = page.locator('form').filter({ has: page.getByLabel('Asunto') });
  await expect(card.getByLabel('Asunto')).toHaveValue(DEFAULT_REMINDER_SUBJECT);
  await expect(card.getByLabel('Mensaje')).toHaveValue(/\{nombre\}/);
  await card.getByRole('button', { name: 'Enviar Recordatorios' }).click();
  await confirmReminder(page);

  await expect(notices(page).getByText('Recordatorios enviados')).toBeVisible();
  await expect(notices(page).getByText(/Se enviaron \d+ recordatorios exitosamente/)).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Historial de recordatorios' })
      .getByText(pendingPerson.fullName)
      .first(),
  ).toBeVisible();
});
