// How much JS (br, as sent) each of the back office's first screens and each remote's entry may bring.
// Bytes are deterministic for a build, so a screen over its budget by more than BUDGET_SLACK is a failure
// (js-budget.spec.ts) and OVER in the first-screens bench's table. A budget is what the screen needs today
// with a little room: lower it when a change makes the screen lighter, raise it only with a reason.

/** The first screens measured (first-screens-bench.ts measureFirstScreens), each cumulative from its page load. */
export type FirstScreen = 'login' | 'dashboard' | 'firstChart' | 'myApplications';

export interface JsBudget {
  /** KiB on the wire (br). */
  wireKiB: number;
  /** Script requests. */
  files?: number;
}

/** How far past its budget a screen may grow before it fails: the budget is a line, not a goal to fill. */
export const BUDGET_SLACK = 0.1;

export const JS_BUDGETS: {
  screens: Record<FirstScreen, JsBudget>;
  /** remoteEntry.js of each remote, by app folder name. */
  remoteEntries: Record<string, JsBudget>;
} = {
  screens: {
    login: { wireKiB: 190, files: 8 },
    dashboard: { wireKiB: 1100, files: 135 },
    firstChart: { wireKiB: 1100, files: 135 },
    myApplications: { wireKiB: 1700, files: 220 },
  },
  remoteEntries: {
    'mfe-applications': { wireKiB: 25 },
    'mfe-customer-flow': { wireKiB: 25 },
    'mfe-leads': { wireKiB: 25 },
    'mfe-notifications': { wireKiB: 25 },
    'mfe-reports': { wireKiB: 25 },
    'mfe-video': { wireKiB: 25 },
  },
};

interface Measured {
  wireKiB: number;
  files: number;
}

const past = (value: number, budget: number) => value > budget * (1 + BUDGET_SLACK);

/** Every screen or entry past its budget by more than the slack, said in words; empty when all are within. */
export function overBudget(
  screens: Partial<Record<FirstScreen, Measured>>,
  entries: Record<string, number> = {},
): string[] {
  const over: string[] = [];
  for (const [screen, budget] of Object.entries(JS_BUDGETS.screens) as [FirstScreen, JsBudget][]) {
    const js = screens[screen];
    if (!js) continue;
    if (past(js.wireKiB, budget.wireKiB)) over.push(`${screen}: ${js.wireKiB} KiB br, budget ${budget.wireKiB} KiB`);
    if (budget.files !== undefined && past(js.files, budget.files)) {
      over.push(`${screen}: ${js.files} script requests, budget ${budget.files}`);
    }
  }
  for (const [app, kib] of Object.entries(entries)) {
    const budget = JS_BUDGETS.remoteEntries[app];
    if (!budget) over.push(`${app}: remoteEntry.js has no budget`);
    else if (past(kib, budget.wireKiB)) over.push(`${app}: remoteEntry.js ${kib} KiB br, budget ${budget.wireKiB} KiB`);
  }
  return over;
}
