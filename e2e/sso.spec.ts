import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../server/test/oidc-provider';
import { expectNoSeriousA11yViolations } from './support/axe';
import { startOwnServer, type OwnServer } from './support/own-server';

/*
 * Single sign-on in a real browser: a server of its own, configured with a real OpenID provider
 * (oidc-provider, in this process). A person clicks "Ingresar con …" on /auth, signs in at the
 * provider and lands on their role's page; someone without an account comes back to /auth with
 * the reason; under SSO-only the password form waits behind "Acceso de administrador".
 */

const ADMIN = { username: 'admin.sso', password: 'clave-de-sso-e2e-segura' };
const LABEL = 'Proveedor de Prueba';

let origin = '';
let server: OwnServer | null = null;
let idp: TestProvider | null = null;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer(ADMIN, async (at) => {
    idp = await startTestProvider({
      redirectUri: `${at}/api/auth/oidc/callback`,
      postLogoutRedirectUri: `${at}/auth`,
      // A person takes their time at the provider's page; the token is read at once after.
      idTokenSeconds: 600,
    });
    return {
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_BUTTON_LABEL: LABEL,
    };
  });
  origin = server.origin;
});

test.afterAll(async () => {
  server?.stop();
  await idp?.close();
});

/** As the administrator, through the API: the session cookie lands in `request`'s context. */
async function asAdmin(request: APIRequestContext) {
  const res = await request.post(`${origin}/api/auth/login-username`, {
    data: ADMIN,
    headers: { Origin: origin },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function signInAtProvider(page: Page, login: string) {
  await page.goto(`${origin}/auth`);
  await page.getByRole('link', { name: `Ingresar con ${LABEL}` }).click();
  await expect(page.getByRole('heading', { name: 'Proveedor de prueba' })).toBeVisible();
  await page.getByLabel('Usuario').fill(login);
  await page.getByRole('button', { name: 'Ingresar al proveedor' }).click();
}

test('a leader signs in through the provider and lands on their dashboard', async ({
  page,
  request,
}) => {
  await asAdmin(request);
  const created = await request.post(`${origin}/api/users`, {
    data: { email: 'lidia.lider@empresa.pe', fullName: 'Lidia Líder', role: 'LIDER' },
    headers: { Origin: origin },
  });
  expect(created.status(), await created.text()).toBe(200);
  idp?.addAccount('lidia', {
    email: 'Lidia.Lider@empresa.pe',
    email_verified: true,
    name: 'Lidia Líder',
  });

  await page.goto(`${origin}/auth`);
  await expect(page.getByRole('button', { name: 'Acceder', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await signInAtProvider(page, 'lidia');
  await expect(page).toHaveURL(`${origin}/lider`);
  await expect(page.getByText('Lidia Líder').first()).toBeVisible();
});

test('someone without an account comes back to /auth with the reason', async ({ page }) => {
  idp?.addAccount('desconocido', { email: 'nadie@empresa.pe', email_verified: true });
  await signInAtProvider(page, 'desconocido');
  await expect(page).toHaveURL(`${origin}/auth?sso=unknown`);
  await expect(page.getByRole('alert')).toHaveText(
    'No hay una cuenta de APPA para tu correo. Pide acceso al administrador.',
  );
});

test('under SSO-only the password form waits behind "Acceso de administrador"', async ({
  page,
}) => {
  await asAdmin(page.request);
  await page.goto(`${origin}/admin?tab=configuracion`);
  const card = page.locator('form').filter({ hasText: 'Solo inicio de sesión único' });
  await card.getByLabel('Solo inicio de sesión único').check();
  await card.getByRole('button', { name: 'Guardar inicio de sesión único' }).click();
  await expect(page.getByText('Configuración guardada').first()).toBeVisible();

  await page.context().clearCookies();
  await page.goto(`${origin}/auth`);
  await expect(page.getByRole('link', { name: `Ingresar con ${LABEL}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Acceder', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Acceso de administrador' }).click();
  await expect(page).toHaveURL(`${origin}/admin-login`);
  await page.getByLabel('Usuario').fill(ADMIN.username);
  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(`${origin}/admin`);
});
