// The circuit breaker of one vendor kind, as a pure state machine: CLOSED lets calls through and counts
// failures in a row; at the threshold it OPENs and refuses calls (they fail at once, sparing the vendor and
// our callers' time) until openMs have passed; then HALF_OPEN lets one trial call through, whose success
// closes the circuit and whose failure opens it again.

export type BreakerState =
  | { state: 'CLOSED'; failures: number }
  | { state: 'OPEN'; openedAt: number }
  | { state: 'HALF_OPEN'; trialInFlight: boolean };

export interface BreakerPolicy {
  /** Failures in a row that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit refuses calls before a trial. */
  openMs: number;
}

export const CLOSED: BreakerState = { state: 'CLOSED', failures: 0 };

/** Whether a call may go out now, and the state after asking (a trial call marks the half-open state busy). */
export function admit(
  current: BreakerState,
  now: number,
  policy: BreakerPolicy,
): { allowed: boolean; next: BreakerState } {
  switch (current.state) {
    case 'CLOSED':
      return { allowed: true, next: current };
    case 'OPEN':
      return now - current.openedAt >= policy.openMs
        ? { allowed: true, next: { state: 'HALF_OPEN', trialInFlight: true } }
        : { allowed: false, next: current };
    case 'HALF_OPEN':
      return current.trialInFlight
        ? { allowed: false, next: current }
        : { allowed: true, next: { state: 'HALF_OPEN', trialInFlight: true } };
  }
}

/** The state after a call that was let through ended. */
export function record(
  current: BreakerState,
  outcome: 'success' | 'failure',
  now: number,
  policy: BreakerPolicy,
): BreakerState {
  if (outcome === 'success') return CLOSED;
  if (current.state === 'CLOSED') {
    const failures = current.failures + 1;
    return failures >= policy.failureThreshold ? { state: 'OPEN', openedAt: now } : { state: 'CLOSED', failures };
  }
  // A failed trial (or a late failure while open) opens the circuit for another full period.
  return { state: 'OPEN', openedAt: now };
}
