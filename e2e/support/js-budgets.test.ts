import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BUDGET_SLACK, JS_BUDGETS, overBudget } from './js-budgets';

const { dashboard } = JS_BUDGETS.screens;
const files = dashboard.files ?? 0;

test('a first screen within its budget and the slack passes; past the slack it is named', () => {
  assert.deepEqual(overBudget({ dashboard: { wireKiB: dashboard.wireKiB * (1 + BUDGET_SLACK), files } }), []);
  assert.deepEqual(overBudget({ dashboard: { wireKiB: dashboard.wireKiB * 1.11, files } }), [
    `dashboard: ${dashboard.wireKiB * 1.11} KiB br, budget ${dashboard.wireKiB} KiB`,
  ]);
  assert.deepEqual(overBudget({ dashboard: { wireKiB: 1, files: Math.ceil(files * 1.2) } }), [
    `dashboard: ${Math.ceil(files * 1.2)} script requests, budget ${files}`,
  ]);
});

test('a remote entry past its budget, or with none, is named', () => {
  const reports = JS_BUDGETS.remoteEntries['mfe-reports']?.wireKiB ?? 0;
  assert.deepEqual(overBudget({}, { 'mfe-reports': reports }), []);
  assert.deepEqual(overBudget({}, { 'mfe-reports': reports * 2, 'mfe-new': 1 }), [
    `mfe-reports: remoteEntry.js ${reports * 2} KiB br, budget ${reports} KiB`,
    'mfe-new: remoteEntry.js has no budget',
  ]);
});

test("a remote's share of a screen past its own budget is named, though the screen is within", () => {
  const reports = dashboard.byApp?.['mfe-reports'] ?? 0;
  const byApp = { ...dashboard.byApp, 'mfe-reports': reports * 1.5 };
  assert.deepEqual(overBudget({ dashboard: { wireKiB: dashboard.wireKiB, files, byApp } }), [
    `dashboard: ${reports * 1.5} KiB br from mfe-reports, budget ${reports} KiB`,
  ]);
  assert.deepEqual(overBudget({ dashboard: { wireKiB: dashboard.wireKiB, files, byApp: dashboard.byApp } }), []);
});
