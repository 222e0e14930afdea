import { expect, type Browser, type Page } from '@playwright/test';
import type { Role } from '../../common/roles';
import type { CreatedUser } from '../../common/schemas/users';
import { freshPassword } from './demo-users';
import { ORIGIN, signInReady } from './session';

/**
 * A person the administrator creates for one test alone, signed in (temporary password replaced)
 * in a browser of their own: tests that change what a person has never share the demo people.
 */
export async function newPerson(
  browser: Browser,
  admin: Page,
  fields: { fullName: string; role: Exclude<Role, 'ADMIN'>; managerId?: string },
) {
  const tag = Math.random().toString(36).slice(2, 8);
  const res = await admin.request.post('/api/users', {
    headers: { Origin: ORIGIN },
    data: { email: `${tag}.person@example.com`, ...fields },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { user, temporaryPassword } = (await res.json()) as CreatedUser;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInReady(
    page,
    { username: user.username, password: temporaryPassword ?? '' },
    freshPassword(),
  );
  return { user, page, close: () => context.close() };
}
