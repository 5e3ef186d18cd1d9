// Every TanStack Query key of this remote, one builder per resource, each starting with the remote's name
// (the shell's one QueryClient serves every remote). A key holds its request body, so each filter is its
// own cache entry.
import type { CountByRangeBody, DashboardWidgetId, ReportBody, TargetQuery, UserRangeBody } from '@originate/contract';

export const reportKeys = {
  config: ['mfe-reports', 'config'] as const,
  reportees: ['mfe-reports', 'reportees'] as const,
  products: ['mfe-reports', 'products'] as const,
  /** One dashboard widget's answer for one request (every widget route but targets). */
  widget: (widget: Exclude<DashboardWidgetId, 'targets'>, body: ReportBody | CountByRangeBody) =>
    ['mfe-reports', 'widget', widget, body] as const,
  /** Everything about targets: what a saved target refreshes. */
  targetsAll: ['mfe-reports', 'targets'] as const,
  targets: (query: TargetQuery) => ['mfe-reports', 'targets', 'users', query] as const,
  overallTarget: (query: TargetQuery) => ['mfe-reports', 'targets', 'overall', query] as const,
  userProduct: (body: ReportBody) => ['mfe-reports', 'report', 'applicationsByUserAndProduct', body] as const,
  flowCounts: (body: UserRangeBody) => ['mfe-reports', 'report', 'applicationsByFlow', body] as const,
};
