// The demo logins the mock-server seeds outside production; README.md shows the same table and
// the e2e suite logs every one of them in, so the three cannot drift apart.
export const DEMO_USERS = [
  { role: 'Loan officer', username: 'officer', password: 'Officer@123' },
  { role: 'Team lead', username: 'teamlead', password: 'Lead@123' },
  { role: 'Approver', username: 'approver', password: 'Approver@123' },
  { role: 'Credit committee', username: 'creditchief', password: 'Chief@123' },
  { role: 'Credit committee', username: 'riskhead', password: 'Risk@123' },
  { role: 'Operations admin', username: 'opsadmin', password: 'Admin@123' },
  { role: 'Developer', username: 'developer', password: 'Developer@123' },
  { role: 'Debugger', username: 'debugger', password: 'Debugger@123' },
  { role: 'No portal access (refused)', username: 'outsider', password: 'Outsider@123' },
];

/** Plain-text table for the terminal. */
export function demoUsersTable() {
  const rows = [['role', 'username', 'password'], ...DEMO_USERS.map((u) => [u.role, u.username, u.password])];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]?.length ?? 0)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')).join('\n');
}
