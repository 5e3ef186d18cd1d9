// Builds what is stale, then starts the composed system from the built apps on the e2e ports with
// a fresh database, one process per origin.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../../deploy/scripts/lib/build.mjs';
import { startSystem } from '../../deploy/scripts/lib/system.mjs';
import { E2E_PORTS, LOG_DIR, readState, SCREENSHOTS, stopAll, writeState } from './system';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // A run that was killed leaves its parts and database behind.
  const stale = readState();
  await stopAll();
  if (stale) rmSync(stale.dataDir, { recursive: true, force: true });
  await ensureBuilt();
  rmSync(LOG_DIR, { recursive: true, force: true });
  mkdirSync(SCREENSHOTS, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'originate-e2e-'));
  const system = await startSystem({ ports: E2E_PORTS, dataDir, logDir: LOG_DIR, separateApps: true });
  const pids: Record<string, number> = {};
  for (const [name, proc] of [['server', system.server] as const, ...system.appProcs.entries()]) {
    if (proc.pid !== undefined) pids[name] = proc.pid;
  }
  writeState({
    dataDir,
    env: system.env,
    pids,
  });
  return async () => {
    const state = readState();
    await stopAll();
    if (state) rmSync(state.dataDir, { recursive: true, force: true });
  };
}
