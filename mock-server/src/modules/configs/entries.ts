// Stored configuration ({type}/{name} → one JSON value) and the selections GET /setup/configs offers:
// ?isenabled=true keeps enabled entries only, ?configId= answers one entry (spec §7 "Admin configuration").
import { DEFAULT_BANK_TIME_ZONE, type DomainUrlRecord } from '@originate/contract';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db';
import { auditConfig } from '../../platform/config-audit';

export async function readConfig<T>(db: Queryable, type: string, name: string): Promise<T | null> {
  const rows = await db.query<{ value: T }>('SELECT value FROM configs WHERE type = $1 AND name = $2', [type, name]);
  return rows[0]?.value ?? null;
}

/** The bank's time zone (config Admin/Configurations `bankTimeZone`, checked on save), Asia/Kolkata when not set. */
export async function bankTimeZoneOf(db: Queryable): Promise<string> {
  return (
    (await readConfig<{ bankTimeZone?: string }>(db, 'Admin', 'Configurations'))?.bankTimeZone ?? DEFAULT_BANK_TIME_ZONE
  );
}

async function writeConfig(
  db: Queryable,
  config: { type: string; name: string; value: unknown; at: Date; by: string },
): Promise<void> {
  await db.query(
    `INSERT INTO configs (type, name, value, updated_at, updated_by) VALUES ($1, $2, $3::jsonb, $4, $5)
     ON CONFLICT (type, name) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
    [config.type, config.name, JSON.stringify(config.value), config.at, config.by],
  );
}

/** An operations admin's save: the value written and its audit row (what it was, what it became), together. */
export function writeConfigAudited(
  db: Db,
  config: { type: string; name: string; value: unknown; at: Date; by: string },
): Promise<void> {
  return db.transaction(async (tx) => {
    const old = await readConfig(tx, config.type, config.name);
    await writeConfig(tx, config);
    await auditConfig(tx, {
      kind: 'CONFIG',
      key: `${config.type}/${config.name}`,
      old,
      value: config.value,
      userId: config.by,
      at: config.at,
    });
  });
}

export interface ConfigSelection {
  /** ?isenabled=true: entries whose isEnabled is false are left out. */
  enabledOnly: boolean;
  /** ?configId=: the one entry with this configId. */
  configId?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An entry without the flag is enabled: most configs (Theme, Domain) never carry one. */
const isEnabled = (entry: unknown) => !isRecord(entry) || entry.isEnabled !== false;

const hasConfigId = (entry: unknown, configId: string) =>
  isRecord(entry) &&
  (typeof entry.configId === 'string' || typeof entry.configId === 'number') &&
  String(entry.configId) === configId;

/**
 * What a stored value answers for a selection; null when nothing matches. A list config is filtered entry by
 * entry (a list stays a list, possibly empty; with configId the one entry itself); a single-object config is
 * itself an entry: answered when it matches, else null.
 */
export function selectConfig(value: unknown, selection: ConfigSelection): unknown {
  const { enabledOnly, configId } = selection;
  const keep = (entry: unknown) =>
    (!enabledOnly || isEnabled(entry)) && (configId === undefined || hasConfigId(entry, configId));
  if (Array.isArray(value)) {
    const kept = value.filter(keep);
    if (configId === undefined) return kept;
    return kept[0] ?? null;
  }
  return keep(value) ? value : null;
}

/** An explicit CUSTOMER_PORTAL_URL overrides the stored `Environment/Domain` on every start (README "Environment"). */
export async function applyExplicitPortalUrl(
  db: Queryable,
  config: Pick<Config, 'customerPortalUrl' | 'customerPortalUrlExplicit'>,
): Promise<void> {
  if (!config.customerPortalUrlExplicit) return;
  const domain: DomainUrlRecord[] = [{ customerportal: config.customerPortalUrl }];
  await db.query("UPDATE configs SET value = $1::jsonb WHERE type = 'Environment' AND name = 'Domain'", [
    JSON.stringify(domain),
  ]);
}

/**
 * The customer portal's origin, where resume links point: the stored `Environment/Domain` (what the
 * not-found page's Continue reads, spec §2), else CUSTOMER_PORTAL_URL.
 */
export async function customerPortalOrigin(db: Queryable, config: Pick<Config, 'customerPortalUrl'>): Promise<string> {
  const domain = await readConfig<DomainUrlRecord[]>(db, 'Environment', 'Domain');
  const stored = Array.isArray(domain) ? domain[0]?.customerportal : undefined;
  return new URL(stored && URL.canParse(stored) ? stored : config.customerPortalUrl).origin;
}
