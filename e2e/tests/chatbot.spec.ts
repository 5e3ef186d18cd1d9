import { apiPath } from '@originate/contract';
import { expect, test } from '@playwright/test';
import { apiLogin, apiPut } from '../support/api';
import { API } from '../support/system-under-test';
import { signIn } from '../support/ui';

const CONFIG_PATH = apiPath('setupConfig', { type: 'Admin', name: 'Configurations' });
// Any loopback URL: the test answers it itself with a script that leaves a mark when it runs.
const SCRIPT_URL = `${API}/e2e-chatbot.js`;

test('the chatbot script is injected once when the server configuration names one, and not otherwise', async ({
  page,
}) => {
  await page.route(SCRIPT_URL, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__chatbotRuns = (window.__chatbotRuns || 0) + 1;' }),
  );
  const admin = await apiLogin('opsadmin', 'Admin@123');
  const scripts = page.locator('script[data-originate-chatbot]');
  try {
    await signIn(page, 'officer', 'Officer@123', { at: '/profile' });
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(scripts).toHaveCount(0);

    await apiPut(admin, CONFIG_PATH, { chatbotScriptUrl: SCRIPT_URL });
    await page.reload();
    await expect(scripts).toHaveCount(1);
    await expect(scripts).toHaveAttribute('src', SCRIPT_URL);
    await expect.poll(() => page.evaluate(() => (window as { __chatbotRuns?: number }).__chatbotRuns)).toBe(1);
  } finally {
    await apiPut(admin, CONFIG_PATH, { chatbotScriptUrl: null });
  }
});
