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
  /** KiB br from each app's origin (shell, mfe-…): a remote's share of a screen it is part of has its own line. */
  byApp?: Record<string, number>;
}

/** How far past its budget a screen may grow before it fails: the budget is a line, not a goal to fill. */
export const BUDGET_SLACK = 0.1;

export const JS_BUDGETS: {
  screens: Record<FirstScreen, JsBudget>;
  /** remoteEntry.js of each remote, by app folder name. */
  remoteEntries: Record<string, JsBudget>;
} = {
  screens: {
    login: { wireKiB: 185, files: 7 },
    // Measured 291.5 KiB in 23 files (shell 242.9, mfe-notifications 29.4, mfe-reports 19.1) once the bell's panel loaded
    // when the bell is pointed at and its chunk held no copies of MUI's styles (bell 39.1 -> 13 KiB), the session
    // dialogs, update notice and question toasts loaded their Dialog or Snackbar when due, no MUI Tooltip (with Popper
    // and popper.js) was on the first screen (the shell's frame 50.3 -> 38.5 KiB) and the widget frames had no
    // CardHeader; 329.6 KiB in 23 files before. Measured 340.2 KiB in 27 files once a remote's TextField used the shell's InputBase, OutlinedInput, FormControl,
    // InputLabel, FormLabel and SvgIcon (shared by file: the filter bar's chunk 15.9 -> 11.1 KiB). 344.3 KiB in 27 files once the Dashboard's grid was CSS grid on the shell's Box (MUI's Grid brought its
    // own copy of @mui/system's styling, 12.8 KiB in 6 files). 357.1 KiB in 33 files once the remotes ran on the shell's federation runtime (each remoteEntry.js
    // without its own core: mfe-notifications' 26.4 -> 11.4 KiB, mfe-reports' 28.1 -> 13.1); which remote's copy
    // of a shared MUI component the page takes (the bell's or the reports') is decided by the first to start,
    // hence two more files. 371.0 KiB in 29 files once the host checked /remotes.json without TypeBox (378.3 KiB) and MUI's default
    // theme was one copy (a remote's MUI components brought createTheme, 8.3 KiB). 412.0 KiB in 30 files once the
    // shared router was the part of React Router the apps use (454.1 KiB in 31 before) and the filter bar's calendar
    // icon no longer came from the date pickers; 459.9 KiB in 37 files
    // once the shell's frame and the bell were one chunk each (shared/build's groups); 475.8 KiB in 73 files before;
    // before the widgets, the charts and the calendar loaded on demand, about 1,078 KiB in 131 files (the charts'
    // library and every widget's code came with the landing page).
    dashboard: { wireKiB: 292, files: 23, byApp: { shell: 243, 'mfe-notifications': 30, 'mfe-reports': 20 } },
    // Measured 422.4 KiB in 50 files with the Dashboard above (the Tooltip no longer in the shell's frame: two more
    // files); 464.2 KiB in 47 files with the shell's inputs; 468.3 KiB in 47 files with the Box grid; 481.1 KiB in 53 files on the shell's federation runtime; 497.8 KiB in 51 files after the manifest's check and MUI's default theme (537.9 in 52 before; 579.9 in
    // 53 before the shared router).
    firstChart: { wireKiB: 423, files: 50 },
    myApplications: { wireKiB: 820, files: 106 },
  },
  // Each carries the federation runtime's bundler part (its core is the host's: shared/build README "One federation
  // runtime per page") and the app's share table (about 100 shared modules). Measured 16.3, 14.6, 14.3, 11.7, 13.4
  // and 12.8 KiB; 15 KiB more each with the core.
  remoteEntries: {
    'mfe-applications': { wireKiB: 18 },
    'mfe-customer-flow': { wireKiB: 16 },
    'mfe-leads': { wireKiB: 15 },
    'mfe-notifications': { wireKiB: 13 },
    'mfe-reports': { wireKiB: 14 },
    'mfe-video': { wireKiB: 14 },
  },
};

interface Measured {
  wireKiB: number;
  files: number;
  byApp?: Record<string, number>;
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
    for (const [app, kib] of Object.entries(budget.byApp ?? {})) {
      const measured = js.byApp?.[app] ?? 0;
      if (past(measured, kib)) over.push(`${screen}: ${measured} KiB br from ${app}, budget ${kib} KiB`);
    }
  }
  for (const [app, kib] of Object.entries(entries)) {
    const budget = JS_BUDGETS.remoteEntries[app];
    if (!budget) over.push(`${app}: remoteEntry.js has no budget`);
    else if (past(kib, budget.wireKiB)) over.push(`${app}: remoteEntry.js ${kib} KiB br, budget ${budget.wireKiB} KiB`);
  }
  return over;
}
