import { API_PATHS, apiPath, type ThemeConfig } from '@originate/contract';
import { expect, test } from '@playwright/test';
import { apiGet, apiLogin, apiPut } from '../support/api';
import { screenshot, signIn } from '../support/ui';

const THEME_PATH = apiPath('setupConfig', { type: 'Theme', name: 'Default' });
const PURPLE = { hex: '#6a1b9a', rgb: 'rgb(106, 27, 154)' };

test('the primary colour comes from the server theme configuration', async ({ page }) => {
  const admin = await apiLogin('opsadmin', 'Admin@123');
  const original = await apiGet<ThemeConfig>(admin, API_PATHS.customStyle);
  expect(original.primaryColor.toLowerCase()).not.toBe(PURPLE.hex);
  try {
    await signIn(page, 'officer', 'Officer@123', { at: '/profile' });
    const header = page.getByRole('banner');
    await expect(header).not.toHaveCSS('background-color', PURPLE.rgb);

    await apiPut(admin, THEME_PATH, { ...original, primaryColor: PURPLE.hex });
    await page.reload();
    await expect(header).toHaveCSS('background-color', PURPLE.rgb);
    await screenshot(page, 'theme-purple');
  } finally {
    await apiPut(admin, THEME_PATH, original);
  }
});
