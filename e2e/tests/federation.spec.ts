import { expect, test } from '@playwright/test';
import { loadedShares, SINGLETONS } from '../support/federation';
import { NOTIFICATIONS_ORIGIN, remoteManifestUrl } from '../support/system-under-test';
import { signIn } from '../support/ui';

interface ManifestShared {
  name: string;
  assets: { js: { sync: string[]; async: string[] } };
}

test('the composed back office loads one copy of react and of every singleton', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.url());
  });
  await signIn(page, 'officer', 'Officer@123');
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();

  // 1. The federation runtime's share scope: each singleton has exactly one loaded copy.
  const loaded = await loadedShares(page);
  for (const pkg of ['react', 'react-dom', 'jotai', '@originate/contract', '@originate/web']) {
    expect(loaded[pkg], `${pkg} is loaded through the share scope`).toBeDefined();
  }
  // Every shared package, root or deep import (e.g. '@mui/material/Badge', which only the remote
  // uses and so comes from the remote), has exactly one loaded copy.
  for (const [pkg, copies] of Object.entries(loaded)) expect(copies, `${pkg}: one loaded copy`).toHaveLength(1);

  // 2. The network: none of the remote's own copies of a package the host provides was fetched.
  const manifestUrl = await remoteManifestUrl('mfe_notifications');
  const manifest = (await (await fetch(manifestUrl)).json()) as {
    shared: ManifestShared[];
  };
  const remoteCopies = manifest.shared
    .filter((s) => SINGLETONS.includes(s.name) || /^(react|react-dom)\//.test(s.name))
    .flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async])
    .map((file) => new URL(file, manifestUrl).toString());
  expect(remoteCopies.length, 'the remote declares its fallback copies').toBeGreaterThan(0);
  const fromRemote = scripts.filter((url) => url.startsWith(NOTIFICATIONS_ORIGIN));
  expect(fromRemote.length, 'the remote was loaded at all').toBeGreaterThan(0);
  expect(fromRemote.filter((url) => remoteCopies.includes(url))).toEqual([]);
});
