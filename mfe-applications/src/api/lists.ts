// Every call the lists make, through the web package's one http client (headers, {data} envelope, 401 handling)
// and API_PATHS; GraphQL travels encrypted both ways (spec §7).
import {
  type ActionAnswer,
  API_PATHS,
  APPLICATIONS_QUERY,
  type ApplicationAction,
  type ApplicationActionBody,
  type ApplicationAnswer,
  type ApplicationsData,
  type ApplicationsQueryAnswer,
  apiPath,
  type GlobalSearchBody,
  type GraphqlBody,
  type ListQueryArgs,
  type MasterProduct,
  type RebookAnswer,
  type RebookBody,
  type SearchPage,
  type UserCandidate,
  type UserCandidatesAnswer,
  type UserCandidatesQuery,
} from '@originate/contract';
import { api } from '@originate/web';

/** One page of one list: APPLICATIONS_QUERY with its variables, the list query's arguments. */
export async function fetchApplications(variables: ListQueryArgs): Promise<ApplicationsData> {
  const body: GraphqlBody = { query: APPLICATIONS_QUERY, variables, operationName: 'Applications' };
  const answer = await api.post<ApplicationsQueryAnswer>(API_PATHS.graphql, body, { encrypted: true });
  return answer.data.applications.data;
}

export function runTaskAction(action: ApplicationAction, body: ApplicationActionBody): Promise<ActionAnswer> {
  return api.post<ActionAnswer>(apiPath('applicationAction', { action }), body);
}

/** Rebook (spec §6): the task's open callback moves to `callbackAt` (POST /backstage/rebook). */
export function rebookCallback(body: RebookBody): Promise<RebookAnswer> {
  return api.post<RebookAnswer>(API_PATHS.rebook, body);
}

/** The users the server would accept for one action on one application (at most 20, matching the search). */
export async function fetchUserCandidates(query: UserCandidatesQuery): Promise<UserCandidate[]> {
  const searchParams = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  return (await api.get<UserCandidatesAnswer>(API_PATHS.userCandidates, { searchParams })).users;
}

export function globalSearch(query: string, page: number, size: number): Promise<SearchPage> {
  const body: GlobalSearchBody = { query, page, size };
  return api.post<SearchPage>(API_PATHS.globalSearch, body);
}

export function fetchProducts(): Promise<MasterProduct[]> {
  return api.get<MasterProduct[]>(API_PATHS.products);
}

/** GET /v3/application/copy/{id}: a new application with the same data; answers the copy. */
export async function copyApplication(applicationId: string): Promise<string> {
  const answer = await api.get<ApplicationAnswer>(apiPath('copyApplication', { applicationId }));
  return answer.application.application_id;
}
