// The back office's first screens stay light: the JS each one brings (br, as the static origins send it) and
// its requests stay within their budgets (support/js-budgets.ts) by at most the slack, so does each app's share of a
// screen where it has one (the shell's and each remote's part of the Dashboard), and so does every
// remote's remoteEntry.js. Bytes are the same on every run of one build: this is no timed test.
import { expect, test } from '@playwright/test';
import { measureFirstScreens, remoteEntries } from '../bench/first-screens-bench';
import { overBudget } from '../support/js-budgets';
import { signIn } from '../support/ui';

test('the first screens and the remote entries stay within their JS budgets', async ({ browser }) => {
  test.setTimeout(180_000);
  const screens = await measureFirstScreens(browser, (page) => signIn(page, 'officer', 'Officer@123'));
  const entries = await remoteEntries();
  const summary = Object.entries(screens)
    .map(([screen, js]) => `${screen}: ${js.wireKiB} KiB br in ${js.files} files ${JSON.stringify(js.byApp)}`)
    .join('\n');
  // The figures in the run's output whether or not they pass: a budget is lowered from them.
  console.log(`${summary}\nremote entries (KiB br): ${JSON.stringify(entries)}`);
  for (const [screen, js] of Object.entries(screens)) {
    console.log(
      `${screen} largest: ${js.largest.map((l) => `${l.path.replace(/^.*\//, '')} ${l.wireKiB}`).join(', ')}`,
    );
  }
  // What a budget guards is there: the Dashboard's bytes come from the shell and both of its remotes.
  expect(Object.keys(screens.dashboard.byApp).sort(), summary).toEqual(['mfe-notifications', 'mfe-reports', 'shell']);
  expect(Object.keys(entries).length, 'every remote has an entry').toBeGreaterThan(0);
  expect(overBudget(screens, entries), summary).toEqual([]);
});
