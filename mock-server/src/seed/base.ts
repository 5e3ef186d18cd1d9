// Configuration every installation needs, production included. Inserted once; later edits through
// PUT /setup/configs survive restarts. Only an explicit CUSTOMER_PORTAL_URL overrides the stored Domain.

import type { AdminFeatures, DomainUrlRecord, ThemeConfig } from '@originate/shared/node';
import type { Config } from '../config';
import type { Db } from '../db';

export const DEFAULT_THEME: ThemeConfig = {
  primaryColor: '#0b3d91',
  secondaryColor: '#f2a900',
  backgroundColor: '#f4f6fa',
  surfaceColor: '#ffffff',
  typography: { primaryColor: '#1a1f36', secondaryColor: '#5b6475' },
  font: { family: 'Inter, Roboto, "Segoe UI", Arial, sans-serif', size: 14 },
};

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
}
