// The vendor client's circuit breaker (modules/integrations/circuit-breaker.ts), state by state, and the
// retry backoff's schedule: pure functions, no server.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admit, type BreakerState, CLOSED, record } from '../src/modules/integrations/circuit-breaker';
import { backoffMs } from '../src/modules/integrations/client';

const policy = { failureThreshold: 3, openMs: 1_000 };

describe('circuit breaker', () => {
  it('stays closed and lets calls through while failures stay under the threshold; a success resets the count', () => {
    let state: BreakerState = CLOSED;
    state = record(state, 'failure', 0, policy);
    state = record(state, 'failure', 1, policy);
    assert.deepEqual(state, { state: 'CLOSED', failures: 2 });
    assert.equal(admit(state, 2, policy).allowed, true);
    state = record(state, 'success', 3, policy);
    assert.deepEqual(state, CLOSED);
  });

  it('opens at the threshold of failures in a row and refuses calls until the open period ends', () => {
    let state: BreakerState = CLOSED;
    for (const at of [10, 20, 30]) state = record(state, 'failure', at, policy);
    assert.deepEqual(state, { state: 'OPEN', openedAt: 30 });
    assert.deepEqual(admit(state, 500, policy), { allowed: false, next: state });
    assert.deepEqual(admit(state, 1_029, policy).allowed, false);
  });

  it('lets exactly one trial through once the period is over (half-open), refusing others while it runs', () => {
    const open: BreakerState = { state: 'OPEN', openedAt: 0 };
    const trial = admit(open, 1_000, policy);
    assert.deepEqual(trial, { allowed: true, next: { state: 'HALF_OPEN', trialInFlight: true } });
    assert.deepEqual(admit(trial.next, 1_001, policy), { allowed: false, next: trial.next });
  });

  it("closes on the trial's success and opens for another full period on its failure", () => {
    const halfOpen: BreakerState = { state: 'HALF_OPEN', trialInFlight: true };
    assert.deepEqual(record(halfOpen, 'success', 1_100, policy), CLOSED);
    const reopened = record(halfOpen, 'failure', 1_100, policy);
    assert.deepEqual(reopened, { state: 'OPEN', openedAt: 1_100 });
    assert.equal(admit(reopened, 2_099, policy).allowed, false);
    assert.equal(admit(reopened, 2_100, policy).allowed, true);
  });

  it('lets a half-open circuit whose trial ended without an outcome take a new trial', () => {
    assert.deepEqual(admit({ state: 'HALF_OPEN', trialInFlight: false }, 0, policy), {
      allowed: true,
      next: { state: 'HALF_OPEN', trialInFlight: true },
    });
  });
});

describe('retry backoff', () => {
  it('doubles from the base with the upper half random', () => {
    assert.equal(
      backoffMs(1, 200, () => 0),
      100,
    );
    assert.equal(
      backoffMs(1, 200, () => 0.999999),
      200,
    );
    assert.equal(
      backoffMs(2, 200, () => 0),
      200,
    );
    assert.equal(
      backoffMs(3, 200, () => 0.5),
      600,
    );
  });
});
