import { expect, type Locator, type Page } from '@playwright/test';

/** Nothing on the page sticks out sideways: it never scrolls horizontally. */
export async function expectNoSidewaysScroll(page: Page, width: number) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(width);
}

/** The element lies between the left edge of the screen and `width`. */
export async function expectWithinWidth(element: Locator, width: number) {
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  if (box) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
}
