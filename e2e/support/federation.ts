// Reading the module-federation share scope of a running page (used by the test and the bench).
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/** The federation singletons, from the one config factory that shares them. */
export const SINGLETONS: readonly string[] = createRequire(import.meta.url)(
  '@originate/build/createAppConfig',
).SINGLETONS;

/** For every shared package with a loaded copy: one 'version from app' string per distinct copy. */
export function loadedShares(page: Pick<Page, 'evaluate'>): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
    type Shared = { version: string; from: string; loaded?: boolean; lib?: unknown };
    type ShareMap = Record<string, Record<string, Record<string, Record<string, Shared>>>>;
    const share = (globalThis as { __FEDERATION__?: { __SHARE__?: ShareMap } }).__FEDERATION__?.__SHARE__;
    const copies: Record<string, string[]> = {};
    const seen = new Set<Shared>();
    for (const scopes of Object.values(share ?? {})) {
      for (const packages of Object.values(scopes)) {
        for (const [pkg, versions] of Object.entries(packages)) {
          for (const entry of Object.values(versions)) {
            if (seen.has(entry) || !(entry.loaded || entry.lib)) continue;
            seen.add(entry);
            copies[pkg] = [...(copies[pkg] ?? []), `${entry.version} from ${entry.from}`];
          }
        }
      }
    }
    return copies;
  });
}
