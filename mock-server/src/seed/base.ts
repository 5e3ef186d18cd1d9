// Configuration every installation needs, production included. Inserted once; later edits through
// PUT /setup/configs survive restarts. Only an explicit CUSTOMER_PORTAL_URL overrides the stored Domain
// (here and on every start).

import {
  type AdminFeatures,
  DEFAULT_THEME_CONFIG,
  type DomainUrlRecord,
  REPORTS_CONFIG,
  type ReportsConfig,
  type ThemeConfig,
} from '@originate/contract';
import type { Config } from '../config';
import type { Db } from '../db';
import { sha256 } from '../modules/auth';
import { applyExplicitPortalUrl } from '../modules/configs';
import { MASTER_PRODUCTS, seedMasterProducts } from './bank-shape';
import { seedTableConfigs, tableConfigs } from './table-configs';

/** The seeded theme is the platform default the client also falls back to before login. */
export const DEFAULT_THEME: ThemeConfig = DEFAULT_THEME_CONFIG;

export const DEFAULT_FEATURES: AdminFeatures = { MultiLingual: false, ApplicationFormPreview: true };

/** Who sees what is managers' business (BCM, BH) and the admin's; everyone's own figures and targets for all staff. */
const MANAGERS = ['ADMIN', 'BCM', 'BH'];
const DEFAULT_REPORTS_CONFIG: ReportsConfig = {
  dashboard: [
    { widget: 'targets', title: 'My targets', roles: [] },
    { widget: 'pipeline', title: 'Pipeline', roles: [] },
    { widget: 'applicationsOverTime', title: 'Applications over time', roles: [] },
    { widget: 'conversion', title: 'Lead conversion', roles: [] },
    { widget: 'pending', title: 'Pending approvals and queries', roles: [] },
    { widget: 'slaBreaches', title: 'SLA breaches', roles: MANAGERS },
    { widget: 'turnaround', title: 'Turnaround', roles: MANAGERS },
  ],
  reports: [
    { report: 'applicationsByUserAndProduct', title: 'Applications by user and product', roles: MANAGERS },
    { report: 'targetAchievement', title: 'Target achievement', roles: [] },
    { report: 'applicationsByFlow', title: 'Applications by flow', roles: [] },
  ],
};

/**
 * What this code seeds, as one fingerprint (meta 'base_seed'): a start on a database it already
 * seeded costs one query; a change to any seeded value runs the inserts again (still only where missing).
 */
function fingerprint(rows: [string, string, unknown][]): string {
  const products = MASTER_PRODUCTS.map((p) => p.code).sort();
  return sha256(JSON.stringify({ rows, products: MASTER_PRODUCTS, tables: tableConfigs(products) }));
}

export async function seedBase(db: Db, config: Pick<Config, 'customerPortalUrl' | 'customerPortalUrlExplicit'>) {
  const domain: DomainUrlRecord[] = [{ customerportal: config.customerPortalUrl }];
  const rows: [string, string, unknown][] = [
    ['Theme', 'Default', DEFAULT_THEME],
    ['Admin', 'Features', DEFAULT_FEATURES],
    [REPORTS_CONFIG.type, REPORTS_CONFIG.name, DEFAULT_REPORTS_CONFIG],
    ['Admin', 'Configurations', { chatbotScriptUrl: null }],
    ['Environment', 'Domain', domain],
  ];
  const seeded = fingerprint(rows);
  const [stored] = await db.query<{ value: string }>("SELECT value FROM meta WHERE key = 'base_seed'");
  if (stored?.value !== seeded) {
    await db.transaction(async (tx) => {
      for (const [type, name, value] of rows) {
        await tx.query('INSERT INTO configs (type, name, value) VALUES ($1, $2, $3::jsonb) ON CONFLICT DO NOTHING', [
          type,
          name,
          JSON.stringify(value),
        ]);
      }
    });
    await seedMasterProducts(db);
    await seedTableConfigs(db);
    await db.query(
      `INSERT INTO meta (key, value) VALUES ('base_seed', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [seeded],
    );
  }
  await applyExplicitPortalUrl(db, config);
}
