// The portal and the server each carry the flow engine by version (mfe-customer-flow README "Engine
// version"). The real product details answer is changed on its way to the page to name another engine:
// another major stops the flow with a notice and a Reload action before any configuration is read; another
// minor changes nothing.
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { button, ORIGINS, startHomeLoan, stepHeading } from '../support/portal';
import { screenshot } from '../support/ui';

// The engine's version as the portal and the server were built with it (the engine's own test holds its
// ENGINE_VERSION to this).
const { version } = createRequire(import.meta.url)('@originate/flow-engine/package.json') as { version: string };
const [major = 0, minor = 0] = version.split('.').map(Number);

/** Every product details answer names `engineVersion` instead of the server's own. */
async function serverEngine(page: Page, engineVersion: string): Promise<void> {
  await page.route('**/api/ProductDetails/**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...body, engineVersion } });
  });
}

for (const [where, origin] of Object.entries(ORIGINS)) {
  test(`another major of the engine on the server: the flow asks for a reload, and reloading opens it (${where})`, async ({
    page,
  }) => {
    const configReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/config/flow_config_by_id/')) configReads.push(request.url());
    });
    await serverEngine(page, `${major + 1}.0.0`);
    await page.goto(`${origin}/newapplication`);
    await page.getByRole('button', { name: 'Apply for Home Loan' }).click();
    const notice = page.getByRole('status', { name: 'This form was updated' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Reload the page to continue.');
    await expect(stepHeading(page, 'Loan details')).toHaveCount(0);
    expect(configReads).toEqual([]);
    await screenshot(page, `customer-engine-update-${where}`);

    // The server's engine is this page's again (as after a deployment): Reload brings the flow.
    await page.unroute('**/api/ProductDetails/**');
    await Promise.all([page.waitForEvent('load'), button(notice, 'Reload').click()]);
    await startHomeLoan(page, origin);
  });
}

test('another minor of the engine on the server changes nothing', async ({ page }) => {
  await serverEngine(page, `${major}.${minor + 1}.0`);
  await startHomeLoan(page, ORIGINS.standalone);
  await expect(page.getByRole('status', { name: 'This form was updated' })).toHaveCount(0);
});
