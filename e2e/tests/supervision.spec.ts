// The server dies (SIGKILL) while an officer works; the supervisor started by startSystem
// restarts it, and the back office works again with nothing restarted by hand.
import { API_PATHS } from '@originate/contract';
import { expect, test } from '@playwright/test';
import { API, readState } from '../support/system-under-test';
import { headerLogoff, menuItem, signIn } from '../support/ui';

const serverPid = () => readState()?.pids.server;

test('the server is killed mid-session and restarted by its supervisor: the back office recovers', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'officer', 'Officer@123', { at: '/profile' });
  const killed = serverPid();
  expect(killed).toBeDefined();
  process.kill(-(killed as number), 'SIGKILL');

  // Generous: a run that served is restarted at once (its warm standby), then the database opens again.
  await expect.poll(serverPid, { timeout: 60_000 }).not.toBe(killed);
  // Ready, not only listening: an answer of any kind came while the database was still opening (503),
  // and the reloaded back office then met a server not ready (a CI run left the Profile click on '/').
  await expect
    .poll(
      () =>
        fetch(`${API}${API_PATHS.readyz}`).then(
          (res) => res.ok,
          () => false,
        ),
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(true);

  await page.reload();
  await expect(headerLogoff(page)).toBeVisible();
  await menuItem(page, 'Profile').click();
  await expect(page).toHaveURL(/\/profile$/);
  // The profile comes from the API: its rows show once the restarted server answered.
  await expect(page.getByText('Username', { exact: true })).toBeVisible();
});
