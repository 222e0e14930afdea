import { expect, test, type Page } from '@playwright/test';
import { demoUser } from './support/demo-users';
import { expectNoSidewaysScroll, expectWithinWidth } from './support/layout';
import { signInViaApi } from './support/session';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

async function expectCardFullyVisible(page: Page, testId: string) {
  const card = page.getByTestId(testId);
  await expect(card).toBeInViewport({ ratio: 1 });
  await expectWithinWidth(card, 360);
  await expectNoSidewaysScroll(page, 360);
}

test('at 360 px the sign-in cards are fully visible', async ({ page }) => {
  const someone = demoUser('mobile');
  for (const path of ['/auth', '/admin-login', `/appa/${someone.slug}`]) {
    await page.goto(path);
    await expectCardFullyVisible(page, 'login-card');
  }
});

test('at 360 px the password change card is fully visible', async ({ page }) => {
  await signInViaApi(page, demoUser('mobile'));
  await page.goto('/change-password');
  await expectCardFullyVisible(page, 'change-password-card');
});
