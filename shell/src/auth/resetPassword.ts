// The reset-password page's rules: what the two fields say before anything is sent (the contract's password
// policy, the same one the server checks), and what a refusal of the check or the reset means for the page.
import { ApiError, passwordPolicyProblem, tooManyAttemptsMessage } from '@originate/contract';
import { loginErrorMessage } from './loginError';

export interface ResetFields {
  newPassword: string;
  confirmPassword: string;
}

export type ResetProblems = Partial<Record<keyof ResetFields, string>>;

export const PASSWORDS_DIFFER = 'The two passwords are not the same.';
export const RESET_DONE_NOTICE = 'Your password has been changed. Log in with your new password.';

/** 'must contain a digit' → 'Must contain a digit.': a rule's reason as the line under a field. */
const asLine = (reason: string) =>
  `${reason.charAt(0).toUpperCase()}${reason.slice(1)}${/[.!?]$/.test(reason) ? '' : '.'}`;

/** The reasons each field shows before the reset may be sent; empty when it may. */
export function resetFormProblems(fields: ResetFields, username: string): ResetProblems {
  const problems: ResetProblems = {};
  const policy = passwordPolicyProblem(fields.newPassword, username);
  if (policy) problems.newPassword = asLine(policy);
  if (fields.confirmPassword !== fields.newPassword) problems.confirmPassword = PASSWORDS_DIFFER;
  return problems;
}

export type ResetRefusal =
  /** The link is unknown, expired or used: the '400 Invalid URL' page. */
  | { kind: 'invalidLink' }
  /** The server refused the new password: its reason at the field. */
  | { kind: 'field'; problems: ResetProblems }
  /** Anything else, as a sentence above the form. */
  | { kind: 'message'; message: string };

/** The server's reason for the new password, when a 400 names that field (label or field `newPassword`). */
function newPasswordReason(body: unknown): string | null {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return null;
  for (const e of errors as { label?: unknown; field?: unknown; reason?: unknown }[]) {
    if ((e.label === 'newPassword' || e.field === 'newPassword') && typeof e.reason === 'string') return e.reason;
  }
  return null;
}

/** What a failed check (GET) or reset (POST) means for the page. */
export function resetRefusal(error: unknown): ResetRefusal {
  if (error instanceof ApiError && error.status === 400) {
    const reason = newPasswordReason(error.body);
    return reason ? { kind: 'field', problems: { newPassword: asLine(reason) } } : { kind: 'invalidLink' };
  }
  if (error instanceof ApiError && (error.status === 404 || error.status === 410)) return { kind: 'invalidLink' };
  if (error instanceof ApiError && error.status === 429) {
    return { kind: 'message', message: tooManyAttemptsMessage(error.retryAfterSeconds) };
  }
  return { kind: 'message', message: loginErrorMessage(error) };
}
