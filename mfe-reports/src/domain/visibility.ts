// Which widgets and reports a user sees: the configuration's entries (in its order) whose roles the user
// holds one of; an entry with no roles is everyone's (answers/reports.ts ReportsConfig). An id this build
// does not know (a newer configuration) is skipped, and an id listed twice shows once.
import {
  DASHBOARD_WIDGETS,
  type DashboardWidgetId,
  REPORT_IDS,
  type ReportId,
  type ReportsConfig,
} from '@originate/contract';

type Entry = { title: string; roles: readonly string[] };

const allowed = (entry: Entry, roles: readonly string[]) =>
  entry.roles.length === 0 || entry.roles.some((role) => roles.includes(role));

function visible<Id extends string>(
  entries: ReadonlyArray<Entry & { id: string }>,
  known: readonly Id[],
  roles: readonly string[],
): { id: Id; title: string }[] {
  const seen = new Set<string>();
  const out: { id: Id; title: string }[] = [];
  for (const entry of entries) {
    if (!(known as readonly string[]).includes(entry.id) || seen.has(entry.id) || !allowed(entry, roles)) continue;
    seen.add(entry.id);
    out.push({ id: entry.id as Id, title: entry.title });
  }
  return out;
}

export const visibleWidgets = (config: ReportsConfig, roles: readonly string[]) =>
  visible<DashboardWidgetId>(
    config.dashboard.map((e) => ({ ...e, id: e.widget })),
    DASHBOARD_WIDGETS,
    roles,
  );

export const visibleReports = (config: ReportsConfig, roles: readonly string[]) =>
  visible<ReportId>(
    config.reports.map((e) => ({ ...e, id: e.report })),
    REPORT_IDS,
    roles,
  );
