// TanStack Query hooks per resource (keys: ./keys reportKeys). Every widget has its own query, so a slow
// or failing one never holds the others; while a new filter loads, the previous figures stay shown.
import type { CountByRangeBody, ReportBody, TargetQuery, UserRangeBody } from '@originate/contract';
import { reportError } from '@originate/web';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reportKeys } from './keys';
import {
  fetchConversion,
  fetchCountByRange,
  fetchFlowCounts,
  fetchOverallTarget,
  fetchPending,
  fetchPipeline,
  fetchProducts,
  fetchReportees,
  fetchReportsConfig,
  fetchSlaBreaches,
  fetchTargets,
  fetchTurnaround,
  fetchUserProduct,
  saveReportsConfig,
  saveTarget,
} from './reports';

/** Configuration and the caller's scope change rarely within a session. */
const SETUP_STALE_MS = 5 * 60_000;
/** Figures are a moment's: refetched when a card remounts after a minute. */
const FIGURES_STALE_MS = 60_000;

export const useReportsConfig = () =>
  useQuery({ queryKey: reportKeys.config, queryFn: fetchReportsConfig, staleTime: SETUP_STALE_MS });

export const useReportees = () =>
  useQuery({ queryKey: reportKeys.reportees, queryFn: fetchReportees, staleTime: SETUP_STALE_MS });

export const useProducts = () =>
  useQuery({ queryKey: reportKeys.products, queryFn: fetchProducts, staleTime: SETUP_STALE_MS });

const figures = { placeholderData: keepPreviousData, staleTime: FIGURES_STALE_MS } as const;

export const usePipeline = (body: ReportBody) =>
  useQuery({ queryKey: reportKeys.widget('pipeline', body), queryFn: () => fetchPipeline(body), ...figures });

export const useCountByRange = (body: CountByRangeBody) =>
  useQuery({
    queryKey: reportKeys.widget('applicationsOverTime', body),
    queryFn: () => fetchCountByRange(body),
    ...figures,
  });

export const useConversion = (body: ReportBody) =>
  useQuery({ queryKey: reportKeys.widget('conversion', body), queryFn: () => fetchConversion(body), ...figures });

export const useSlaBreaches = (body: ReportBody) =>
  useQuery({ queryKey: reportKeys.widget('slaBreaches', body), queryFn: () => fetchSlaBreaches(body), ...figures });

export const usePending = (body: ReportBody) =>
  useQuery({ queryKey: reportKeys.widget('pending', body), queryFn: () => fetchPending(body), ...figures });

export const useTurnaround = (body: ReportBody) =>
  useQuery({ queryKey: reportKeys.widget('turnaround', body), queryFn: () => fetchTurnaround(body), ...figures });

export const useTargets = (query: TargetQuery) =>
  useQuery({ queryKey: reportKeys.targets(query), queryFn: () => fetchTargets(query), ...figures });

export const useOverallTarget = (query: TargetQuery) =>
  useQuery({ queryKey: reportKeys.overallTarget(query), queryFn: () => fetchOverallTarget(query), ...figures });

export const useUserProductReport = (body: ReportBody) =>
  useQuery({ queryKey: reportKeys.userProduct(body), queryFn: () => fetchUserProduct(body), ...figures });

/** One user's applications per flow; asked only once a user is picked. */
export const useFlowCounts = (body: UserRangeBody | null) =>
  useQuery({
    queryKey: reportKeys.flowCounts(body ?? { userId: '', from: '', to: '' }),
    queryFn: () => fetchFlowCounts(body as UserRangeBody),
    enabled: body !== null,
    ...figures,
  });

/**
 * Saves a user's monthly target; every target query (widget, overall figures, report) refetches.
 * A refusal goes through the catalogue's path (the 400 modal names the field, a 403 toasts the reason).
 */
export function useSaveTarget() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveTarget,
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.targetsAll }),
    onError: reportError,
  });
}

/** Saves the configuration; the Dashboard and the Reports then show the saved entries. */
export function useSaveReportsConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveReportsConfig,
    onSuccess: (saved) => client.setQueryData(reportKeys.config, saved),
    onError: reportError,
  });
}
