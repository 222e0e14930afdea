import { expect, test } from '@playwright/test';
import type { ReminderEntry } from '../common/schemas/reminders';
import { DEFAULT_REMINDER_SUBJECT } from '../common/schemas/reminders';
import { adminCredentials, demoUser } from './support/demo-users';
import { notices } from './support/forms';
import { signInViaApi } from './support/session';

test("'Recordar' in the users table e-mails that person and lists it in the history", async ({
  page,
}) => {
  const someone = demoUser('adminReminder');
  await signInViaApi(page, adminCredentials());
  await page.goto('/admin?tab=usuarios');
  await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill(someone.fullName);

  await page.getByRole('button', { name: `Recordar a ${someone.fullName}` }).click();
  await expect(notices(page).getByText('Recordatorios enviados')).toBeVisible();
  await expect(notices(page).getByText('Se enviaron 1 recordatorios exitosamente')).toBeVisible();

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

  await expect(notices(page).getByText('Recordatorios enviados')).toBeVisible();
  await expect(notices(page).getByText(/Se enviaron \d+ recordatorios exitosamente/)).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Historial de recordatorios' })
      .getByText(pendingPerson.fullName)
      .first(),
  ).toBeVisible();
});
