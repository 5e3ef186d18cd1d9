// Vendor integrations (mock-server README "Integrations"): the kinds of vendor the server calls, each through
// one adapter interface with a built-in sandbox. What staff see of a failed call: a retryable error naming the kind.

export const INTEGRATION_KINDS = [
  'bureau',
  'bankStatement',
  'identity',
  'payment',
  'loanCreation',
  'employeeSearch',
  'pmay',
] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/** How each kind is named to staff (errors, the Credit panel). */
const INTEGRATION_KIND_LABELS: Record<IntegrationKind, string> = {
  bureau: 'credit bureau',
  bankStatement: 'bank-statement analysis',
  identity: 'identity verification',
  payment: 'payment gateway',
  loanCreation: 'core banking',
  employeeSearch: 'employee directory',
  pmay: 'PMAY service',
};

/** Why a vendor call failed, as its audit record and the error answer say it. */
const INTEGRATION_FAILURES = [
  'TIMEOUT',
  'VENDOR_ERROR',
  'REJECTED',
  'MALFORMED_ANSWER',
  'CIRCUIT_OPEN',
  'UNREACHABLE',
] as const;
export type IntegrationFailure = (typeof INTEGRATION_FAILURES)[number];

/** The message of a failed call's 503: the vendor named, what happened, and that a retry may work. */
export function integrationFailureMessage(kind: IntegrationKind, failure: IntegrationFailure): string {
  const vendor = INTEGRATION_KIND_LABELS[kind];
  const what: Record<IntegrationFailure, string> = {
    TIMEOUT: `The ${vendor} did not answer in time`,
    VENDOR_ERROR: `The ${vendor} answered with an error`,
    REJECTED: `The ${vendor} refused the request`,
    MALFORMED_ANSWER: `The ${vendor} sent an answer we could not read`,
    CIRCUIT_OPEN: `The ${vendor} is failing; calls are paused for a short while`,
    UNREACHABLE: `The ${vendor} could not be reached`,
  };
  return `${what[failure]}. Nothing was saved; please try again.`;
}
