import { expect, test } from '@playwright/test';
import { adminCredentials } from './support/demo-users';
import { ORIGIN, signInViaApi } from './support/session';

test('the panel shows a report the moment its author sends it, without reloading', async ({
  browser,
  page,
}) => {
  await signInViaApi(page, adminCredentials());
  const tag = Date.now().toString(36);
  const fullName = `Aaa En Vivo ${tag}`;
  const created = await page.request.post('/api/users', {
    data: { email: `vivo.${tag}@empresa.pe`, fullName },
    headers: { Origin: ORIGIN },
  });
  expect(created.status()).toBe(200);
  const { user, temporaryPassword } = (await created.json()) as {
    user: { username: string };
    temporaryPassword: string;
  };

  await page.goto('/admin?tab=resumen');
  await expect(page.getByText('En vivo', { exact: true })).toBeVisible();
  // Hired today: expected from their first full week, so not pending in this one.
  await expect(page.getByRole('row').filter({ hasText: fullName })).toHaveCount(0);

  // The author, elsewhere, replaces the temporary password and sends the report.
  const author = await browser.newContext({ baseURL: ORIGIN });
  const login = await author.request.post('/api/auth/login-username', {
    data: { username: user.username, password: temporaryPassword },
    headers: { Origin: ORIGIN },
  });
  expect(login.status()).toBe(200);
  const changed = await author.request.post('/api/auth/change-password', {
    data: { currentPassword: temporaryPassword, newPassword: `Nueva-clave-${tag}-segura` },
    headers: { Origin: ORIGIN },
  });
  expect(changed.status()).toBe(200);
  const sent = await author.request.post('/api/appa', {
    data: {
      avances: 'Terminé el tablero',
      planes: 'Publicarlo',
      problemas: '',
      ayuda: '',
      kpiNombre: '',
      kpiMetaPct: null,
      kpiLogroPct: null,
      status: 'ENVIADO',
      files: [],
    },
    headers: { Origin: ORIGIN },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await author.close();

  // No reload: the row of the person now says Enviado.
  const row = page.getByRole('row').filter({ hasText: fullName });
  await expect(row).toContainText('Enviado');
});
