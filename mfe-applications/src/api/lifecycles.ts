// The lifecycle editor's calls: a product's lifecycle (setup config type Workflow, name = product code),
// saving it as a new version, and the directory its pickers choose from (users with their teams), through
// the web package's one http client.
import {
  API_PATHS,
  apiPath,
  type Lifecycle,
  type LifecycleBody,
  type LifecycleSaved,
  type Team,
  type TeamDirectoryAnswer,
  type User,
} from '@originate/contract';
import { api } from '@originate/web';

/** The config type lifecycles are stored under (the contract's LIFECYCLE_CONFIG_TYPE, a value of its schemas). */
const WORKFLOW = 'Workflow';

const lifecyclePath = (product: string) => apiPath('setupConfig', { type: WORKFLOW, name: product });

/** GET /setup/configs/Workflow/{product}: the latest version, or `verNum`. */
export function fetchLifecycle(product: string, verNum?: number): Promise<Lifecycle> {
  return api.get<Lifecycle>(lifecyclePath(product), verNum ? { searchParams: { verNum } } : undefined);
}

/** POST /setup/configs/Workflow/{product}: saved as a new version; 409 when another was saved since `doc.verNum`. */
export function saveLifecycle(doc: LifecycleBody): Promise<LifecycleSaved> {
  return api.post<LifecycleSaved>(lifecyclePath(doc.product_code), doc);
}

export interface DirectoryUser {
  userid: string;
  name: string;
  userName: string;
  roles: string[];
  teams: Team[];
}

export interface Directory {
  users: DirectoryUser[];
  teams: Team[];
}

/** The most users one page of GET /v3/users holds. */
const PAGE_SIZE = 100;

/**
 * Everyone the caller may list (GET /v3/users, every page: all staff for an operations admin) and every team by
 * name (GET /v3/users/teams, the ones nobody is in yet included): what the pickers offer.
 */
export async function fetchDirectory(): Promise<Directory> {
  const users: DirectoryUser[] = [];
  for (let page = 1; ; page++) {
    const answer = await api.get<{ users: User[]; count: number }>(API_PATHS.users, {
      searchParams: { page, size: PAGE_SIZE },
    });
    for (const u of answer.users) {
      users.push({ userid: u.userid, name: u.displayName, userName: u.userName, roles: u.roles, teams: u.teams });
    }
    if (page * PAGE_SIZE >= answer.count || answer.users.length === 0) break;
  }
  const { teams } = await api.get<TeamDirectoryAnswer>(API_PATHS.teamDirectory);
  return {
    users: users.sort((a, b) => a.name.localeCompare(b.name)),
    teams: teams.map(({ id, name, type }): Team => ({ id, name, type })),
  };
}
