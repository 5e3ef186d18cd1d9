// The bank's logo: an operations admin uploads it in Settings › Theme (PNG, JPEG or WebP; an SVG is refused
// before it goes anywhere and by the server), sees it in the preview, saves; the portal's header shows it with
// the bank's name as its text, on a desktop and on a phone; removed, the initials mark is back.
import { deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/a11y';
import { ORIGINS, pngChunk } from '../support/portal';
import { screenshot, signIn } from '../support/ui';

const ADMIN = ['opsadmin', 'Admin@123'] as const;
const BANK = 'Originate Bank Ltd.';

/** A real 144×48 PNG that reads as a logo: a navy mark with an orange disc, and two bars of 'name'. */
function logoPng(): Buffer {
  const [w, h] = [144, 48];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const navy = [13, 59, 102];
  const orange = [244, 140, 6];
  const rows: number[] = [];
  for (let y = 0; y < h; y++) {
    rows.push(0);
    for (let x = 0; x < w; x++) {
      const inMark = x >= 4 && x < 44 && y >= 4 && y < 44;
      const inDisc = (x - 24) ** 2 + (y - 24) ** 2 < 100;
      const inBar = x >= 52 && ((y >= 12 && y < 22 && x < 140) || (y >= 28 && y < 34 && x < 110));
      rows.push(...(inMark ? (inDisc ? orange : navy) : inBar ? navy : [255, 255, 255]));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function saveTheme(page: Page) {
  await page.getByRole('button', { name: 'Save theme' }).click();
  await expect(page.getByText('Theme saved')).toBeVisible();
}

test("an admin uploads the bank's logo in Settings › Theme and the portal's header shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ...ADMIN, { at: '/settings?tab=theme' });
  const logo = page.getByRole('group', { name: 'Logo (PNG, JPEG or WebP, at most 100 KB)' });
  const input = logo.locator('input[type="file"]');

  // An SVG never becomes the logo: refused in the browser, nothing previewed.
  await input.setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(logo.getByRole('alert')).toHaveText('The logo must be a PNG, JPEG or WebP image (no SVG).');
  await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveCount(0);

  await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await expect(logo.getByRole('alert')).toHaveCount(0);
  await saveTheme(page);
  await screenshot(page, 'settings-theme-logo');

  const applicant = await browser.newContext();
  try {
    const portal = await applicant.newPage();
    await portal.goto(`${ORIGINS.standalone}/newapplication`);
    const header = portal.getByRole('banner');
    const mark = header.getByRole('img', { name: BANK });
    await expect(mark).toBeVisible();
    await expect(mark).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(mark).toHaveJSProperty('complete', true);
    expect(await mark.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(144);
    await expect(header).toContainText(BANK);
    await expectNoSeriousViolations(portal, 'portal header with the logo');
    await screenshot(portal, 'customer-header-logo', { fullPage: false });
    await portal.setViewportSize({ width: 390, height: 844 });
    await expect(mark).toBeVisible();
    await screenshot(portal, 'customer-header-logo-phone', { fullPage: false });
  } finally {
    // The logo removed again: the portal's header has its initials mark (and other specs the seeded theme).
    await logo.getByRole('button', { name: 'Remove logo' }).click();
    await saveTheme(page);
    await applicant.close();
  }
  const after = await browser.newPage();
  await after.goto(`${ORIGINS.standalone}/newapplication`);
  await expect(after.getByRole('banner')).toContainText(BANK);
  await expect(after.getByRole('banner').getByRole('img')).toHaveCount(0);
  await after.close();
});
