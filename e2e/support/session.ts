import { expect, type Page } from '@playwright/test';

/** The test server's origin: unsafe requests must carry it, and Playwright's API client does not. */
export const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? '5100'}`;

/** Signs in through the API; the session cookie lands in the page's browser context. */
export async function signInViaApi(
  page: Page,
  credentials: { username: string; password: string },
) {
  const response = await page.request.post('/api/auth/login-username', {
    data: credentials,
    headers: { Origin: ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Replaces a temporary password, so that the person is no longer sent to /change-password. */
export async function changePasswordViaApi(
  page: Page,
  currentPassword: string,
  newPassword: string,
) {
  const response = await page.request.post('/api/auth/change-password', {
    data: { currentPassword, newPassword },
    headers: { Origin: ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Signs a demo person in and gets the temporary password out of the way. */
export async function signInReady(
  page: Page,
  user: { username: string; password: string },
  newPassword: string,
) {
  await signInViaApi(page, user);
  await changePasswordViaApi(page, user.password, newPassword);
}

/** Ends the page's session through the API (the browser keeps nothing but the cookie). */
export async function signOutViaApi(page: Page) {
  const response = await page.request.post('/api/logout', { headers: { Origin: ORIGIN } });
  expect(response.status(), await response.text()).toBe(200);
}
