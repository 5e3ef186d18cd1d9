// The operations admin's editor of /setup/configs/Analytics/Reports: every widget and report this build
// knows, in the configuration's order with the ones it leaves out after them (not shown), each with its
// title and the roles that see it (none: everyone with the back office). Saving writes the shown ones in
// the form's order; the server checks the value again (ReportsConfigSchema).
import {
  DASHBOARD_WIDGETS,
  type DashboardWidgetId,
  ID_MAX_LENGTH,
  ID_PATTERN,
  REPORT_IDS,
  type ReportId,
  type ReportsConfig,
} from '@originate/contract';

export interface ConfigRow<Id extends string> {
  id: Id;
  shown: boolean;
  title: string;
  roles: string[];
}

export interface ConfigForm {
  dashboard: ConfigRow<DashboardWidgetId>[];
  reports: ConfigRow<ReportId>[];
}

export type ConfigSection = keyof ConfigForm;

/** The title an entry the configuration leaves out gets when the admin shows it. */
export const DEFAULT_TITLES: Record<DashboardWidgetId | ReportId, string> = {
  pipeline: 'Pipeline',
  applicationsOverTime: 'Applications over time',
  conversion: 'Lead conversion',
  targets: 'Targets',
  slaBreaches: 'SLA breaches',
  pending: 'Pending approvals and queries',
  turnaround: 'Turnaround',
  applicationsByUserAndProduct: 'Applications by user and product',
  targetAchievement: 'Target achievement',
  applicationsByFlow: 'Applications by flow',
};

/** Longest title the editor takes (a card's heading, a menu of reports). */
const TITLE_MAX_LENGTH = 80;

/** Roles the role picker offers besides those the configuration already names (any role code may be typed). */
export const KNOWN_ROLES = ['ADMIN', 'BCM', 'BH', 'CPA', 'AGENT', 'SUPERVISOR', 'NOTIFICATION'] as const;

function rowsOf<Id extends DashboardWidgetId | ReportId>(
  entries: readonly { id: string; title: string; roles: readonly string[] }[],
  known: readonly Id[],
): ConfigRow<Id>[] {
  const rows: ConfigRow<Id>[] = [];
  for (const entry of entries) {
    if (!(known as readonly string[]).includes(entry.id) || rows.some((row) => row.id === entry.id)) continue;
    rows.push({ id: entry.id as Id, shown: true, title: entry.title, roles: [...entry.roles] });
  }
  for (const id of known) {
    if (!rows.some((row) => row.id === id)) rows.push({ id, shown: false, title: DEFAULT_TITLES[id], roles: [] });
  }
  return rows;
}

export function configForm(config: ReportsConfig): ConfigForm {
  return {
    dashboard: rowsOf(
      config.dashboard.map((e) => ({ ...e, id: e.widget })),
      DASHBOARD_WIDGETS,
    ),
    reports: rowsOf(
      config.reports.map((e) => ({ ...e, id: e.report })),
      REPORT_IDS,
    ),
  };
}

/** The value to save: the shown rows, in the form's order, titles trimmed. */
export function configOf(form: ConfigForm): ReportsConfig {
  return {
    dashboard: form.dashboard
      .filter((row) => row.shown)
      .map((row) => ({ widget: row.id, title: row.title.trim(), roles: row.roles })),
    reports: form.reports
      .filter((row) => row.shown)
      .map((row) => ({ report: row.id, title: row.title.trim(), roles: row.roles })),
  };
}

const ROLE = new RegExp(ID_PATTERN);

/**
 * What stops a save, by `<section>.<id>.title` or `.roles`: a shown entry needs a title of at most
 * TITLE_MAX_LENGTH characters, and every role is a role code (the identifier rule: letters, digits, '_', '.', ':', '-').
 */
export function configIssues(form: ConfigForm): Record<string, string> {
  const issues: Record<string, string> = {};
  for (const section of ['dashboard', 'reports'] as const) {
    for (const row of form[section] as ConfigRow<string>[]) {
      const title = row.title.trim();
      if (row.shown && title === '') issues[`${section}.${row.id}.title`] = 'A shown entry needs a title';
      else if (title.length > TITLE_MAX_LENGTH) {
        issues[`${section}.${row.id}.title`] = `At most ${TITLE_MAX_LENGTH} characters`;
      }
      const bad = row.roles.find((role) => !ROLE.test(role) || role.length > ID_MAX_LENGTH);
      if (bad !== undefined) issues[`${section}.${row.id}.roles`] = `"${bad}" is not a role code`;
    }
  }
  return issues;
}

/** The rows with the one at `index` moved up (-1) or down (+1); at an end, unchanged. */
export function moved<Row>(rows: readonly Row[], index: number, by: -1 | 1): Row[] {
  const to = index + by;
  if (index < 0 || index >= rows.length || to < 0 || to >= rows.length) return [...rows];
  const out = [...rows];
  const [row] = out.splice(index, 1);
  out.splice(to, 0, row as Row);
  return out;
}
