// Running the spec files in an order of one's choosing, to show that none depends on what another did
// to the data. Playwright runs a project's files in name order whatever the command line lists, but
// the projects of one phase in the order the config lists them: with E2E_ORDER set, each spec file
// becomes a project of its own, listed in that order. (`--shuffle <seed>` shuffles the files itself.)
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEST_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'tests');

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The projects for E2E_ORDER: 'reverse' (the files in reverse name order) or the spec file names separated
 * by commas (each once; those left out do not run). Unset: none, the config's single project runs.
 */
export function orderedProjects(order: string | undefined): { name: string; testMatch: RegExp }[] | undefined {
  if (!order) return undefined;
  const specs = readdirSync(TEST_DIR)
    .filter((file) => file.endsWith('.spec.ts'))
    .sort();
  const files = order === 'reverse' ? specs.reverse() : order.split(',').map((file) => path.basename(file.trim()));
  const unknown = files.filter((file) => !specs.includes(file));
  if (unknown.length > 0 || new Set(files).size !== files.length) {
    throw new Error(`E2E_ORDER: 'reverse' or spec files of ${TEST_DIR}, each once; not: ${order}`);
  }
  return files.map((file) => ({ name: file.replace(/\.spec\.ts$/, ''), testMatch: new RegExp(`/${escaped(file)}$`) }));
}

/**
 * Spec files that change what every page meets, so nothing else may run beside them: they stop or replace a
 * part (the server, a remote, a release), change a setting every user reads (features, theme, chatbot, the
 * dashboard's configuration, the personal loan's lifecycle every new personal loan follows, the car loan's
 * that sla-breach.spec.ts shortens for a moment), or assert figures
 * any other spec's application would move (the dashboard).
 * video.spec.ts drives two browsers with fake media and stops the gateway. applications-lists.spec.ts runs axe
 * on the officer's list, which must settle: other specs' work reaches the officer as notifications and toasts
 * (a CI run with it side by side never saw the page's animations stop within 20 s).
 */
const EXCLUSIVE_SPECS = [
  'admin-features.spec.ts',
  'applications-lists.spec.ts',
  'chatbot.spec.ts',
  'customer-offline.spec.ts',
  'dashboard.spec.ts',
  'lifecycles.spec.ts',
  'mui-federation.spec.ts',
  'notifications.spec.ts',
  'pages.spec.ts',
  'release.spec.ts',
  'sla-breach.spec.ts',
  'supervision.spec.ts',
  'theme.spec.ts',
  'video.spec.ts',
];

/**
 * The default run: every other spec file on `workers` workers side by side (each owns its data: README
 * "Test data"), then the exclusive ones on one worker, after the others have finished.
 */
export function defaultProjects(): {
  name: string;
  testMatch?: RegExp;
  testIgnore?: RegExp;
  workers?: number;
  dependencies?: string[];
}[] {
  const exclusive = new RegExp(`/(${EXCLUSIVE_SPECS.map(escaped).join('|')})$`);
  return [
    { name: 'side-by-side', testIgnore: exclusive },
    { name: 'exclusive', testMatch: exclusive, workers: 1, dependencies: ['side-by-side'] },
  ];
}
