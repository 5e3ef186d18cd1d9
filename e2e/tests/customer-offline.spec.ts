// Nothing an applicant typed is lost when the server stops mid-flow. The server is stopped
// (stopPart) and its port answers nothing while the applicant types and saves: the page says the
// changes are kept on this device. Once the supervisor has the server back, the save goes through by
// itself, the server holds the values, and a reload shows them.
import { createServer, type Server } from 'node:net';
import { expect, test } from '@playwright/test';
import {
  applicantSession,
  button,
  fetchApplication,
  fillDate,
  ORIGINS,
  personalLoanFirstStep,
  startPersonalLoan,
  stepHeading,
} from '../support/portal';
import { API, E2E_PORTS, readState, stopPart } from '../support/system-under-test';
import { screenshot } from '../support/ui';

const OFFLINE_TEXT = 'Saved on this device — will sync when back online';

/**
 * Holds the API port while the server is down, closing every connection at once: the browser's calls
 * fail on the network exactly as with no server, and the supervisor's restarts wait until it is released.
 */
async function holdPort(port: number): Promise<Server> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return server;
}

const apiAnswers = () =>
  fetch(`${API}/`).then(
    () => true,
    () => false,
  );

test('nothing typed is lost when the server stops and restarts mid-flow', async ({ page }) => {
  test.setTimeout(300_000);
  await startPersonalLoan(page, ORIGINS.standalone);
  const applicationId = await personalLoanFirstStep(page, 'Kavya Rao', '9833011111');
  const session = await applicantSession(page);

  await stopPart('server');
  const held = await holdPort(E2E_PORTS.SERVER_PORT);
  try {
    await page.getByRole('textbox', { name: 'PAN', exact: true }).fill('KLMNO6789P');
    await fillDate(page, 'Date of birth', '21/03/1993');
    await button(page, 'Save').click();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();
    await screenshot(page, 'customer-offline-saved-on-device');
  } finally {
    await new Promise((resolve) => held.close(resolve));
  }

  // The supervisor restarts the server (with backoff) once the port is free.
  await expect.poll(() => readState()?.pids.server, { timeout: 120_000 }).toBeDefined();
  await expect.poll(apiAnswers, { timeout: 150_000, intervals: [500] }).toBe(true);

  // The waiting save is retried by itself (backoff up to 30 s).
  await expect(page.getByRole('status')).toHaveText('Saved', { timeout: 90_000 });
  const stored = await fetchApplication(session, applicationId);
  expect(stored.customFields.pl_pan).toBe('KLMNO6789P');
  expect(stored.customFields.pl_dob).toBe('21/03/1993');
  expect(stored.sub_section_id).toBe('pl_kyc');

  await page.reload();
  await expect(stepHeading(page, 'Identity (KYC)')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'PAN', exact: true })).toHaveValue('KLMNO6789P');
  await expect(page.getByRole('textbox', { name: 'Date of birth', exact: true })).toHaveValue('21/03/1993');
  await screenshot(page, 'customer-offline-synced-after-reload');
});
