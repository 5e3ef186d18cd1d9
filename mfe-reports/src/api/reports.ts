// Every call of the reports remote, through the web package's one http client and API_PATHS. The answers
// are the contract's (answers/reports.ts); the server scopes every one to the caller.
import {
  API_PATHS,
  apiPath,
  type Conversion,
  type CountByRange,
  type CountByRangeBody,
  type FlowCounts,
  type MasterProduct,
  type OverallTarget,
  type Pending,
  type Pipeline,
  REPORTS_CONFIG,
  type ReportBody,
  type ReporteeDetails,
  type ReportsConfig,
  type SaveTargetBody,
  type SlaBreaches,
  type TargetQuery,
  type TargetRow,
  type Targets,
  type Turnaround,
  type UserProductRows,
  type UserRangeBody,
} from '@originate/contract';
import { api } from '@originate/web';

/** Which widgets and reports exist and who sees them (GET /setup/configs/Analytics/Reports). */
export function fetchReportsConfig(): Promise<ReportsConfig> {
  return api.get<ReportsConfig>(apiPath('setupConfig', { type: REPORTS_CONFIG.type, name: REPORTS_CONFIG.name }));
}

/** An operations admin's change of which widgets and reports exist and who sees them (PUT, same path). */
export function saveReportsConfig(config: ReportsConfig): Promise<ReportsConfig> {
  return api.put<ReportsConfig>(
    apiPath('setupConfig', { type: REPORTS_CONFIG.type, name: REPORTS_CONFIG.name }),
    config,
  );
}

/** The caller's scope, teams and users: the filter bar's choices. */
export function fetchReportees(): Promise<ReporteeDetails> {
  return api.post<ReporteeDetails>(API_PATHS.reporteeDetails, {});
}

/** The bank's products (GET /master_configs/products): the product filter's choices. */
export function fetchProducts(): Promise<MasterProduct[]> {
  return api.get<MasterProduct[]>(API_PATHS.products);
}

export const fetchPipeline = (body: ReportBody) => api.post<Pipeline>(API_PATHS.reportPipeline, body);
export const fetchCountByRange = (body: CountByRangeBody) =>
  api.post<CountByRange>(API_PATHS.applicationsCountByRange, body);
export const fetchConversion = (body: ReportBody) => api.post<Conversion>(API_PATHS.reportConversion, body);
export const fetchSlaBreaches = (body: ReportBody) => api.post<SlaBreaches>(API_PATHS.reportSlaBreaches, body);
export const fetchPending = (body: ReportBody) => api.post<Pending>(API_PATHS.reportPending, body);
export const fetchTurnaround = (body: ReportBody) => api.post<Turnaround>(API_PATHS.reportTurnaround, body);

export const fetchUserProduct = (body: ReportBody) =>
  api.post<UserProductRows>(API_PATHS.applicationsByInitiatedByAndProductType, body);

export const fetchTargets = (query: TargetQuery) => api.post<Targets>(API_PATHS.targets, query);

/** GET with the query as search parameters (TargetQuerySchema). */
export function fetchOverallTarget(query: TargetQuery): Promise<OverallTarget> {
  return api.get<OverallTarget>(API_PATHS.overallTarget, { searchParams: { ...query } });
}

export const fetchFlowCounts = (body: UserRangeBody) =>
  api.post<FlowCounts>(API_PATHS.applicationCountByInitiatedByAndFlowName, body);

/** Answers the user's target row of that month as saved; the hook refetches every target query. */
export function saveTarget(body: SaveTargetBody): Promise<TargetRow> {
  return api.post<TargetRow>(API_PATHS.saveTarget, body);
}
