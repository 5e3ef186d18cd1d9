// /omni-embed honours hideBackground, hideFooter, hideHeader and innerPadding (spec §9).
import { expect, type Page, test } from '@playwright/test';
import { ORIGINS, stepHeading } from '../support/portal';
import { screenshot } from '../support/ui';

const chrome = (page: Page) => page.getByTestId('portal-chrome');
const style = (page: Page, selector: 'chrome' | 'main', property: string) =>
  (selector === 'chrome' ? chrome(page) : chrome(page).getByRole('main')).evaluate(
    (element, name) => getComputedStyle(element).getPropertyValue(name),
    property,
  );

test('omni-embed without options shows the header, footer, background and default padding', async ({ page }) => {
  await page.goto(`${ORIGINS.standalone}/omni-embed?product=PL`);
  await expect(stepHeading(page, 'Customer type')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(await style(page, 'chrome', 'background-color')).not.toBe('rgba(0, 0, 0, 0)');
  expect(await style(page, 'main', 'padding-left')).not.toBe('40px');
  await screenshot(page, 'customer-embed-default');
});

test('omni-embed hides the header, footer and background and sets the inner padding it is given', async ({ page }) => {
  await page.goto(
    `${ORIGINS.standalone}/omni-embed?product=PL&hideBackground=true&hideFooter=true&hideHeader=true&innerPadding=40`,
  );
  await expect(stepHeading(page, 'Customer type')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  expect(await style(page, 'chrome', 'background-color')).toBe('rgba(0, 0, 0, 0)');
  for (const side of ['top', 'right', 'bottom', 'left'])
    expect(await style(page, 'main', `padding-${side}`)).toBe('40px');
  await screenshot(page, 'customer-embed-options');
});

test('each omni-embed option alone changes only what it names', async ({ page }) => {
  await page.goto(`${ORIGINS.standalone}/omni-embed?product=PL&hideFooter=1`);
  await expect(stepHeading(page, 'Customer type')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('banner')).toBeVisible();
  await page.goto(`${ORIGINS.standalone}/omni-embed?product=PL&hideHeader=true&hideFooter=false`);
  await expect(stepHeading(page, 'Customer type')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(await style(page, 'chrome', 'background-color')).not.toBe('rgba(0, 0, 0, 0)');
});
