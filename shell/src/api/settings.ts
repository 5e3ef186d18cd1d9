// What an operations admin changes in Settings (users, product limits, theme), through the web package's
// one http client and API_PATHS; the server checks each save and audits it.
import {
  API_PATHS,
  apiPath,
  type MasterProduct,
  type ProductLimits,
  type TeamDirectoryAnswer,
  type ThemeConfig,
  type User,
  type UserAccessBody,
  type UsersPageAnswer,
} from '@originate/contract';
import { api } from '@originate/web';

/** The most users GET /v3/users answers on one page (PAGE_SIZE_OPTIONS' largest). */
const USERS_PAGE_SIZE = 100;

/** GET /v3/users (operations admin: every user). */
export function fetchUsers(page: number): Promise<UsersPageAnswer> {
  return api.get<UsersPageAnswer>(`${API_PATHS.users}?page=${page}&size=${USERS_PAGE_SIZE}`);
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

/** PUT /setup/configs/Theme/Default: the theme everyone reads through GET /api/getCustomeStyle. */
export function saveTheme(theme: ThemeConfig): Promise<ThemeConfig> {
  return api.put<ThemeConfig>(apiPath('setupConfig', { type: 'Theme', name: 'Default' }), theme);
}
