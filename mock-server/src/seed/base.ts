// Configuration every installation needs, production included. Inserted once; later edits through
// PUT /setup/configs survive restarts. Only an explicit CUSTOMER_PORTAL_URL overrides the stored Domain.

import {
  type AdminFeatures,
  DEFAULT_THEME_CONFIG,
  type DomainUrlRecord,
  type ThemeConfig,
} from '@originate/shared/node';
import type { Config } from '../config';
import type { Db } from '../db';
import { seedMasterProducts } from './bank-shape';
import { seedTableConfigs } from './table-configs';

/** The seeded theme is the platform default the client also falls back to before login. */
export const DEFAULT_THEME: ThemeConfig = DEFAULT_THEME_CONFIG;

export const DEFAULT_FEATURES: AdminFeatures = { MultiLingual: false, ApplicationFormPreview: true };

export async function seedBase(db: Db, config: Pick<Config, 'customerPortalUrl' | 'customerPortalUrlExplicit'>) {
  const domain: DomainUrlRecord[] = [{ customerportal: config.customerPortalUrl }];
  const rows: [string, string, unknown][] = [
    ['Theme', 'Default', DEFAULT_THEME],
    ['Admin', 'Features', DEFAULT_FEATURES],
    ['Admin', 'Configurations', { chatbotScriptUrl: null }],
    ['Environment', 'Domain', domain],
  ];
  await db.transaction(async (tx) => {
    for (const [type, name, value] of rows) {
      await tx.query('INSERT INTO configs (type, name, value) VALUES ($1, $2, $3::jsonb) ON CONFLICT DO NOTHING', [
        type,
        name,
        JSON.stringify(value),
      ]);
    }
    if (config.customerPortalUrlExplicit) {
      await tx.query("UPDATE configs SET value = $1::jsonb WHERE type = 'Environment' AND name = 'Domain'", [
        JSON.stringify(domain),
      ]);
    }
  });
  await seedMasterProducts(db);
  await seedTableConfigs(db);
}
