// Security headers as the browser meets them: the composed back office runs under its CSP with no
// violation, a remote's page data is not readable cross-origin, and the build serves no source map.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { VIDEO_GATEWAY_RELAY_PATH } from '@originate/contract';
import { ROOT } from '@originate/tools/lib/repo.mjs';
import { expect, type Page, test } from '@playwright/test';
import {
  API,
  APPLICATIONS_ORIGIN,
  E2E_PORTS,
  NOTIFICATIONS_ORIGIN,
  remoteManifestUrl,
  shellMainJsUrl,
} from '../support/system-under-test';

const CUSTOMER_FLOW_ORIGIN = `http://127.0.0.1:${E2E_PORTS.MFE_CUSTOMER_FLOW_PORT}`;
const LEADS_ORIGIN = `http://127.0.0.1:${E2E_PORTS.MFE_LEADS_PORT}`;
const REPORTS_ORIGIN = `http://127.0.0.1:${E2E_PORTS.MFE_REPORTS_PORT}`;
const VIDEO_ORIGIN = `http://127.0.0.1:${E2E_PORTS.MFE_VIDEO_PORT}`;

import { menuItem, signIn } from '../support/ui';

/** Every CSP violation of the page, from the DOM event and from the console, across navigations. */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (v: string) => void }).__reportCspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

function directives(header: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '').split(';').map((d) => {
      const [name = '', ...sources] = d.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

test('the back office, its remote, settings, not-found and the customer area run under the CSP with no violation', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  const response = await page.goto('/');
  const csp = directives(response?.headers()['content-security-policy']);
  // Every deployed remote's origin (applications, leads, customer flow, notifications, reports, video) and
  // the chatbot's (the API, in e2e), in any order.
  expect([...(csp['script-src'] ?? [])].sort()).toEqual(
    [
      "'self'",
      APPLICATIONS_ORIGIN,
      LEADS_ORIGIN,
      CUSTOMER_FLOW_ORIGIN,
      NOTIFICATIONS_ORIGIN,
      REPORTS_ORIGIN,
      VIDEO_ORIGIN,
      API,
    ].sort(),
  );
  expect(csp['connect-src']).toEqual(
    // The API's relay of the video gateway too (the video remote talks to Janus through it from the page).
    expect.arrayContaining([
      "'self'",
      API,
      APPLICATIONS_ORIGIN,
      NOTIFICATIONS_ORIGIN,
      `${API.replace(/^http/, 'ws')}${VIDEO_GATEWAY_RELAY_PATH}`,
    ]),
  );
  // Never Janus's own port: the page has no business there.
  expect(csp['connect-src']?.join(' ')).not.toContain(`:${E2E_PORTS.JANUS_PORT}`);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);

  await signIn(page, 'officer', 'Officer@123');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications panel' })).toBeVisible();
  await page.keyboard.press('Escape');
  await menuItem(page, 'Notification').click();
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await menuItem(page, 'Settings').click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByText("Sorry! we couldn't find what you are looking for.")).toBeVisible();
  const customer = await page.goto('/newapplication?product=PL');
  // The portal renders its first step under the shell's CSP (captcha-free product, jsep, typebox: no eval).
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  // The applicant's pages may use the camera (the video call's slot: mfe-customer-flow's pages.camera);
  // the back office's pages that do not declare it may not.
  expect(customer?.headers()['permissions-policy']).toMatch(/^camera=\(self\), microphone=\(self\)/);
  const settings = await page.request.get('/settings');
  expect(settings.headers()['permissions-policy']).toMatch(/^camera=\(\), microphone=\(\)/);

  expect(violations).toEqual([]);
});

test('only /omni-embed may be framed (by the shell itself unless FRAME_ANCESTORS names more)', async ({ request }) => {
  const frameAncestors = async (url: string) =>
    directives((await request.get(url)).headers()['content-security-policy'])['frame-ancestors'];
  expect(await frameAncestors('/omni-embed')).toEqual(["'self'"]);
  expect(await frameAncestors('/')).toEqual(["'none'"]);
  expect(await frameAncestors(`${NOTIFICATIONS_ORIGIN}/`)).toEqual(["'none'"]);
});

test("the shell's page reads a remote's manifest, but not its env.json or page", async ({ page }) => {
  await page.goto('/login');
  const readable = (url: string) =>
    page.evaluate(
      (u) =>
        fetch(u).then(
          (r) => r.ok,
          () => false,
        ),
      url,
    );
  const manifestUrl = await remoteManifestUrl('mfe_notifications');
  const manifest = (await (await fetch(manifestUrl)).json()) as { metaData: { remoteEntry: { name: string } } };
  expect(await readable(manifestUrl)).toBe(true);
  expect(await readable(new URL(manifest.metaData.remoteEntry.name, manifestUrl).toString())).toBe(true);
  expect(await readable(`${NOTIFICATIONS_ORIGIN}/env.json`)).toBe(false);
  expect(await readable(`${NOTIFICATIONS_ORIGIN}/`)).toBe(false);
});

/** Every file under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

test('the production build serves no source map and sends main.js precompressed', async () => {
  for (const app of ['shell', 'mfe-notifications']) {
    const dist = path.join(ROOT, app, 'dist');
    const files = filesUnder(dist);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    for (const file of files.filter((f) => f.endsWith('.js'))) {
      expect(readFileSync(path.join(dist, file), 'utf8'), file).not.toContain('sourceMappingURL');
    }
    expect(files).toEqual(expect.arrayContaining(['main.js.br', 'main.js.gz']));
  }
  const mainJs = await shellMainJsUrl();
  expect((await fetch(`${mainJs}.map`)).status).toBe(404);

  const plain = await fetch(mainJs, { headers: { 'accept-encoding': 'identity' } });
  const identity = (await plain.arrayBuffer()).byteLength;
  for (const encoding of ['br', 'gzip']) {
    const res = await fetch(mainJs, { headers: { 'accept-encoding': encoding } });
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    // A release never changes: its files are cached for a year.
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers.get('content-length'))).toBeLessThan(identity / 2);
  }
});
