import { NEW_NOTIFICATION_SUPPRESSION_MS } from '@originate/contract';
import { shouldAlert } from './alertSuppression';

describe('shouldAlert', () => {
  it('alerts when nothing alerted before', () => {
    expect(shouldAlert(null, 0)).toBe(true);
  });

  it('suppresses alerts within 1500 ms of the last one', () => {
    expect(NEW_NOTIFICATION_SUPPRESSION_MS).toBe(1500);
    expect(shouldAlert(10_000, 10_000)).toBe(false);
    expect(shouldAlert(10_000, 11_499)).toBe(false);
  });

  it('alerts again from 1500 ms on', () => {
    expect(shouldAlert(10_000, 11_500)).toBe(true);
    expect(shouldAlert(10_000, 60_000)).toBe(true);
  });
});
