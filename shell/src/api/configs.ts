// The setup the back office reads (theme, admin configurations, Admin/Features, the environment's domains),
// through the web package's one http client and API_PATHS.
import {
  type AdminConfigurations,
  type AdminFeatures,
  API_PATHS,
  type DomainUrlRecord,
  type ThemeConfig,
} from '@originate/contract';
import { api } from '@originate/web';

export type AdminFeature = keyof AdminFeatures;

export const FEATURES_OFF: AdminFeatures = { MultiLingual: false, ApplicationFormPreview: false };

/**
 * Admin/Features (spec §6 "Admin features toggle MultiLingual and ApplicationFormPreview"): a feature is on only
 * when the server says exactly true, so an answer of the wrong shape shows less, never more.
 */
export function parseAdminFeatures(body: unknown): AdminFeatures {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return { MultiLingual: value.MultiLingual === true, ApplicationFormPreview: value.ApplicationFormPreview === true };
}

/** GET /api/getCustomeStyle: the bank's theme. */
export function fetchCustomStyle(): Promise<ThemeConfig> {
  return api.get<ThemeConfig>(API_PATHS.customStyle);
}

/** GET /api/getAdminConfigurations. */
export function fetchAdminConfigurations(): Promise<AdminConfigurations> {
  return api.get<AdminConfigurations>(API_PATHS.adminConfigurations);
}

/** GET /setup/configs/Admin/Features, read as parseAdminFeatures reads it. */
export async function fetchAdminFeatures(): Promise<AdminFeatures> {
  return parseAdminFeatures(await api.get<AdminFeatures>(API_PATHS.adminFeatures));
}

/** GET /setup/configs/Environment/Domain: the environment's origins (the customer portal's among them). */
export function fetchEnvironmentDomains(): Promise<DomainUrlRecord[]> {
  return api.get<DomainUrlRecord[]>(API_PATHS.environmentDomain);
}
