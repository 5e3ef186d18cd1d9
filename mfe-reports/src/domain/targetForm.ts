// The "Set targets" dialog's checks (the bounds of SaveTargetBodySchema): every message names its field and
// says why, so the dialog shows the reason before the server would refuse it with a 400.
import { isTargetMonthOpen, type ReporteeDetails, type SaveTargetBody } from '@originate/contract';
import { isMonth } from './dates';

export interface TargetForm {
  userId: string;
  month: string;
  targetCount: string;
  targetAmount: string;
}

type TargetField = keyof TargetForm;

/** The users the dialog offers, by name: those the server says are below the caller (never the caller). */
export function targetCandidates(reportees: ReporteeDetails): ReporteeDetails['users'] {
  return reportees.users.filter((u) => u.canSetTarget).sort((a, b) => a.displayName.localeCompare(b.displayName));
}
export type TargetIssues = Partial<Record<TargetField, string>>;

/** SaveTargetBodySchema: Count 0..1,000,000; Amount whole rupees 0..9,999,999,999,999. */
const MAX_TARGET_COUNT = 1_000_000;
const MAX_TARGET_AMOUNT = 9_999_999_999_999;

function wholeNumberIssue(label: string, text: string, max: number): string | undefined {
  const value = text.trim().replace(/,/g, '');
  if (value === '') return `${label} is required`;
  if (!/^\d+$/.test(value)) return `${label} must be a whole number of 0 or more`;
  if (Number(value) > max) return `${label} must be at most ${max.toLocaleString('en-IN')}`;
  return undefined;
}

/**
 * What is wrong with the form, per field (empty: nothing). `users` are the ids the caller may set targets
 * for; a target is for the bank's current month (at `now`) or a later one (contract isTargetMonthOpen).
 */
export function targetIssues(form: TargetForm, users: readonly string[], now: Date | number): TargetIssues {
  const issues: TargetIssues = {};
  if (form.userId === '') issues.userId = 'User is required';
  else if (!users.includes(form.userId)) issues.userId = 'User is not one whose targets you may set';
  if (!isMonth(form.month)) issues.month = 'Month is required';
  else if (!isTargetMonthOpen(form.month, now)) issues.month = 'Month must be the current month or a later one';
  const count = wholeNumberIssue('Target applications', form.targetCount, MAX_TARGET_COUNT);
  if (count) issues.targetCount = count;
  const amount = wholeNumberIssue('Target amount', form.targetAmount, MAX_TARGET_AMOUNT);
  if (amount) issues.targetAmount = amount;
  return issues;
}

/** The request, once targetIssues is empty. */
export function saveTargetBody(form: TargetForm): SaveTargetBody {
  return {
    userId: form.userId,
    month: form.month,
    targetCount: Number(form.targetCount.trim().replace(/,/g, '')),
    targetAmount: Number(form.targetAmount.trim().replace(/,/g, '')),
  };
}
