import { nextAfterFailure, OUTBOX_MAX_ATTEMPTS } from './outbox';

describe('outbox retry schedule', () => {
  const at = new Date('2026-12-06T10:00:00.000Z');
  const retryAt = (attempts: number) => {
    const next = nextAfterFailure(attempts, at, false);
    return 'retryAt' in next ? next.retryAt.getTime() - at.getTime() : 'fail';
  };

  it('waits 10 s, 30 s, 2 min, 10 min, 30 min after the 1st to 5th failure', () => {
    expect([1, 2, 3, 4, 5].map(retryAt)).toEqual([10_000, 30_000, 120_000, 600_000, 1_800_000]);
  });

  it('gives up after the 6th attempt fails', () => {
    expect(OUTBOX_MAX_ATTEMPTS).toBe(6);
    expect(retryAt(6)).toBe('fail');
    expect(retryAt(7)).toBe('fail');
  });

  it('never retries a permanent refusal, nor an attempt count that makes no sense', () => {
    expect(nextAfterFailure(1, at, true)).toEqual({ fail: true });
    expect(nextAfterFailure(0, at, false)).toEqual({ fail: true });
  });
});
