import { relativeTime } from './relativeTime';

const now = Date.parse('2026-11-22T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('relativeTime', () => {
  it.each([
    [ago(10_000), 'Just now'],
    [ago(5 * 60_000), '5 min ago'],
    [ago(60 * 60_000), '1 hour ago'],
    [ago(3 * 60 * 60_000), '3 hours ago'],
    [ago(30 * 60 * 60_000), 'Yesterday'],
    [ago(3 * 24 * 60 * 60_000), '3 days ago'],
    [ago(10 * 24 * 60 * 60_000), '12/11/2026'],
  ])('%s → %s', (createdAT, expected) => {
    expect(relativeTime(createdAT, now)).toBe(expected);
  });

  it('treats a time in the future (clock skew) as just now', () => {
    expect(relativeTime(new Date(now + 30_000).toISOString(), now)).toBe('Just now');
  });

  it('gives no text for an unreadable timestamp', () => {
    expect(relativeTime('not a date', now)).toBe('');
  });
});
