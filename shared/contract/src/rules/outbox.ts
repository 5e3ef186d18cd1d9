// The outbox's retry schedule (mock-server modules/messages, README "Messages"): after a failed attempt the
// next one waits a little longer each time; once the schedule has run out the message is FAILED with the
// last reason. A refusal the provider calls permanent (an SMTP 5xx, an SMS gateway's 4xx) is not retried.

/** How long after the n-th failed attempt (n from 1) the next one starts: 10 s, 30 s, 2 min, 10 min, 30 min. */
export const OUTBOX_RETRY_DELAYS_MS: readonly number[] = [10_000, 30_000, 120_000, 600_000, 1_800_000];

/** Attempts a message gets in all: the first and one per step of the schedule. */
export const OUTBOX_MAX_ATTEMPTS = OUTBOX_RETRY_DELAYS_MS.length + 1;

type OutboxNext = { retryAt: Date } | { fail: true };

/** After attempt number `attempts` (1 for the first) failed at `failedAt`: when to try again, or give up. */
export function nextAfterFailure(attempts: number, failedAt: Date, permanent: boolean): OutboxNext {
  const delay = OUTBOX_RETRY_DELAYS_MS[attempts - 1];
  if (permanent || delay === undefined || attempts < 1) return { fail: true };
  return { retryAt: new Date(failedAt.getTime() + delay) };
}
