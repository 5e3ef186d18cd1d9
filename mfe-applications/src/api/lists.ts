// Every call the lists make, through shared's one http client (headers, {data} envelope, 401 handling)
// and API_PATHS; GraphQL travels encrypted both ways (spec §7).
import {
  API_PATHS,
  APPLICATIONS_QUERY,
  type ApplicationAction,
  type ApplicationActionBody,
  type ApplicationList,
  apiPath,
  type FilterOperator,
  type ListTask,
  type RebookBody,
  type SavedFilterBody,
  type TableConfig,
  type TaskReviewBucket,
  type UserCandidate,
  type UserCandidatesQuery,
} from '@originate/contract';
import { api } from '@originate/web';

export interface ListFilter {
  field: string;
  operator: FilterOperator;
  value: string;
}
export interface ListSort {
  field: string;
  direction: 'asc' | 'desc';
}

/** The variables of APPLICATIONS_QUERY: one page of one list. */
export interface ListVariables {
  list: ApplicationList;
  filters?: ListFilter[];
  search?: string;
  bucket?: TaskReviewBucket;
  sort?: ListSort;
  page: { page: number; size: number };
}

export interface ApplicationsData {
  tasks: ListTask[];
  count: number;
  closedCount: number | null;
  stageWise: { stepName: string; count: number }[];
  taskNameWise: { taskName: string; count: number }[];
  versionNumberWise: { versionNumber: number; count: number }[];
}

export async function fetchApplications(variables: ListVariables): Promise<ApplicationsData> {
  const answer = await api.post<{ data: { applications: { data: ApplicationsData } } }>(
    API_PATHS.graphql,
    { query: APPLICATIONS_QUERY, variables, operationName: 'Applications' },
    { encrypted: true },
  );
  return answer.data.applications.data;
}

export function fetchTableConfig(tableId: string): Promise<TableConfig> {
  return api.get<TableConfig>(apiPath('tableConfig', { id: tableId }));
}

export function runTaskAction(action: ApplicationAction, body: ApplicationActionBody): Promise<unknown> {
  return api.post(apiPath('applicationAction', { action }), body);
}

/** Rebook (spec §6): the task's open callback moves to `callbackAt` (POST /backstage/rebook). */
export function rebookCallback(body: RebookBody): Promise<unknown> {
  return api.post(API_PATHS.rebook, body);
}

/** The users the server would accept for one action on one application (at most 20, matching the search). */
export async function fetchUserCandidates(query: UserCandidatesQuery): Promise<UserCandidate[]> {
  const searchParams = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
  return (await api.get<{ users: UserCandidate[] }>(API_PATHS.userCandidates, { searchParams })).users;
}

export interface SearchPage {
  data: ListTask[];
  count: number;
}

export function globalSearch(query: string, page: number, size: number): Promise<SearchPage> {
  return api.post<SearchPage>(API_PATHS.globalSearch, { query, page, size });
}

export interface SavedFilter extends SavedFilterBody {
  updatedAt: string;
}

export async function fetchSavedFilters(tableId: string): Promise<SavedFilter[]> {
  return (await api.post<{ data: SavedFilter[] }>(API_PATHS.getFilter, { tableId })).data;
}

export function saveFilter(body: SavedFilterBody): Promise<SavedFilter> {
  return api.post<SavedFilter>(API_PATHS.saveFilter, body);
}

export interface Product {
  product_code: string;
  product_name: string;
  product_type_code: string;
  minAmount: number;
  maxAmount: number;
}

export function fetchProducts(): Promise<Product[]> {
  return api.get<Product[]>(API_PATHS.products);
}

/** GET /v3/application/copy/{id}: a new application with the same data; answers the copy. */
export async function copyApplication(applicationId: string): Promise<string> {
  const answer = await api.get<{ application: { application_id: string } }>(
    apiPath('copyApplication', { applicationId }),
  );
  return answer.application.application_id;
}
