// Dashboard, reports and targets: what the words mean, for the server and mfe-reports alike. The wire shapes
// are reportSchemas.ts (requests) and answers/reports.ts; the arithmetic (ranges, buckets, achievement) is
// rules/reports.ts.

/**
 * Whose figures a caller sees, decided by the server from the caller alone: ALL for an operations admin
 * (ADMIN) or an ALL_APPLICATIONS_* holder; TEAM for the lead of a team (its members, the lead included:
 * the reportees); OWN otherwise. An application is someone's when that staff user initiated it; one no
 * staff user started (the portal's) is in ALL only.
 */
export const REPORT_SCOPES = ['ALL', 'TEAM', 'OWN'] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];

/** The buckets of "applications over time". Weeks start on Monday; every bucket is a span of bank days (of its configured zone). */
export const REPORT_INTERVALS = ['day', 'week', 'month'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];

/** The dashboard's widgets, each with its own route. */
export const DASHBOARD_WIDGETS = [
  'pipeline',
  'applicationsOverTime',
  'conversion',
  'targets',
  'slaBreaches',
  'pending',
  'turnaround',
] as const;
export type DashboardWidgetId = (typeof DASHBOARD_WIDGETS)[number];

/** The reports (Reports menu entry): tables, each exportable as a spreadsheet. */
export const REPORT_IDS = ['applicationsByUserAndProduct', 'targetAchievement', 'applicationsByFlow'] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/** The configuration that says which widgets and reports exist and who sees them (GET /setup/configs/Analytics/Reports). */
export const REPORTS_CONFIG = { type: 'Analytics', name: 'Reports' } as const;

/** Longest range a report reads, in days (a bounded scan whatever a client asks). */
export const REPORT_MAX_RANGE_DAYS = 731;
/** Most buckets "applications over time" answers (a year of days). */
export const REPORT_MAX_BUCKETS = 366;
