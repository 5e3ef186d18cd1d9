// What an operations admin changes in Settings (users, product limits, consents, theme) and the history of
// those changes, through the web package's one http client and API_PATHS; the server checks each save and
// audits it.
import {
  API_PATHS,
  ApiError,
  apiPath,
  type CONFIG_AUDIT_KINDS,
  CONSENT_CONFIG_TYPE,
  type ConfigAuditsAnswer,
  type ConsentSet,
  type MasterProduct,
  type ProductDocument,
  type ProductDocumentsAnswer,
  type ProductLimits,
  type TeamDirectoryAnswer,
  type ThemeConfig,
  type User,
  type UserAccessBody,
  type UsersPageAnswer,
} from '@originate/contract';
import { api } from '@originate/web';

/** GET /v3/users (operations admin: every user), a page of those whose name or user name holds `search`. */
export function fetchUsers(query: { page: number; size: number; search: string }): Promise<UsersPageAnswer> {
  const params = new URLSearchParams({ page: String(query.page), size: String(query.size) });
  if (query.search.trim()) params.set('search', query.search.trim());
  return api.get<UsersPageAnswer>(`${API_PATHS.users}?${params}`);
}

/** GET /v3/users/teams: every team, to give a user. */
export async function fetchTeams(): Promise<TeamDirectoryAnswer['teams']> {
  return (await api.get<TeamDirectoryAnswer>(API_PATHS.teamDirectory)).teams;
}

/** PUT /v3/users/:userid/access. */
export function saveUserAccess(userid: string, body: UserAccessBody): Promise<User> {
  return api.put<User>(apiPath('userAccess', { userid }), body);
}

/** GET /backstage/Products: the products with their limits. */
export function fetchProductLimits(): Promise<MasterProduct[]> {
  return api.get<MasterProduct[]>(API_PATHS.backstageProducts);
}

/** PUT /api/ProductDetails/:productCode/limits. */
export function saveProductLimits(productCode: string, limits: ProductLimits): Promise<ProductLimits> {
  return api.put<ProductLimits>(apiPath('productLimits', { productCode }), limits);
}

/** GET /api/ProductDetails/:productCode/documents: the upload fields of the product's documents step. */
export function fetchProductDocuments(productCode: string): Promise<ProductDocumentsAnswer> {
  return api.get<ProductDocumentsAnswer>(apiPath('productDocuments', { productCode }));
}

/** PUT /api/ProductDetails/:productCode/documents: the whole list, in the applicant's order. */
export function saveProductDocuments(
  productCode: string,
  documents: ProductDocument[],
): Promise<ProductDocumentsAnswer> {
  return api.put<ProductDocumentsAnswer>(apiPath('productDocuments', { productCode }), { documents });
}

/** PUT /setup/configs/Theme/Default: the theme everyone reads through GET /api/getCustomeStyle. */
export function saveTheme(theme: ThemeConfig): Promise<ThemeConfig> {
  return api.put<ThemeConfig>(apiPath('setupConfig', { type: 'Theme', name: 'Default' }), theme);
}

/** GET /setup/configs/Consent/:productCode: the product's consent texts as stored; null when it has none. */
export async function fetchConsentSet(productCode: string): Promise<ConsentSet | null> {
  try {
    return await api.get<ConsentSet>(apiPath('setupConfig', { type: CONSENT_CONFIG_TYPE, name: productCode }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** PUT /setup/configs/Consent/:productCode: a changed wording must come with a higher version (the server refuses it otherwise). */
export function saveConsentSet(set: ConsentSet): Promise<ConsentSet> {
  return api.put<ConsentSet>(apiPath('setupConfig', { type: CONSENT_CONFIG_TYPE, name: set.productCode }), set);
}

/** GET /setup/audits: a page of the configuration changes, newest first, of one kind or all. */
export function fetchConfigAudits(query: {
  page: number;
  size: number;
  kind: (typeof CONFIG_AUDIT_KINDS)[number] | null;
}): Promise<ConfigAuditsAnswer> {
  const params = new URLSearchParams({ page: String(query.page), size: String(query.size) });
  if (query.kind) params.set('kind', query.kind);
  return api.get<ConfigAuditsAnswer>(`${API_PATHS.configAudits}?${params}`);
}
