import { REPORT_MAX_RANGE_DAYS } from '../contracts/reports';
import {
  achievementPercent,
  bankDayOf,
  bankMonthOf,
  bucketCount,
  checkBucketCount,
  checkReportRange,
  isTargetMonthOpen,
  monthDays,
  parseBankDay,
  rangeBuckets,
  splitByMonths,
} from './reports';

describe('bank days (IST)', () => {
  it('puts 23:59 IST on its day and 00:00 IST on the next', () => {
    expect(bankDayOf(new Date('2026-03-31T18:29:59.999Z'))).toBe('2026-03-31');
    expect(bankDayOf(new Date('2026-03-31T18:30:00.000Z'))).toBe('2026-04-01');
    expect(bankMonthOf(new Date('2026-03-31T18:29:59.999Z'))).toBe('2026-03');
    expect(bankMonthOf(new Date('2026-03-31T18:30:00.000Z'))).toBe('2026-04');
    expect(bankDayOf(new Date('2025-12-31T18:30:00.000Z'))).toBe('2026-01-01');
  });

  it('in another zone, that zone’s day and month (New York: 31/03 ends at 04:00Z in summer time)', () => {
    const ny = 'America/New_York';
    expect(bankDayOf(new Date('2026-04-01T03:59:59.999Z'), ny)).toBe('2026-03-31');
    expect(bankMonthOf(new Date('2026-04-01T04:00:00.000Z'), ny)).toBe('2026-04');
    expect(isTargetMonthOpen('2026-03', new Date('2026-04-01T03:00:00.000Z'), ny)).toBe(true);
    expect(isTargetMonthOpen('2026-03', new Date('2026-04-01T03:00:00.000Z'))).toBe(false);
  });

  it('accepts real calendar days only, leap days in leap years', () => {
    expect(parseBankDay('2024-02-29')).not.toBeNull();
    expect(parseBankDay('2025-02-29')).toBeNull();
    expect(parseBankDay('2000-02-29')).not.toBeNull();
    expect(parseBankDay('1900-02-29')).toBeNull();
    expect(parseBankDay('2026-04-31')).toBeNull();
    expect(parseBankDay('2026-13-01')).toBeNull();
    expect(parseBankDay('2026-1-01')).toBeNull();
  });

  it('knows every month end, February of leap years included', () => {
    expect(monthDays('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthDays('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthDays('2026-04')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(monthDays('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthDays('2026-13')).toBeNull();
  });

  it('opens a target month from the bank month on', () => {
    const now = new Date('2026-04-30T18:30:00.000Z'); // 1 May 00:00 IST
    expect(isTargetMonthOpen('2026-04', now)).toBe(false);
    expect(isTargetMonthOpen('2026-05', now)).toBe(true);
    expect(isTargetMonthOpen('2027-01', now)).toBe(true);
    expect(isTargetMonthOpen('2026-04', new Date('2026-04-30T18:29:59.000Z'))).toBe(true);
  });
});

describe('report ranges', () => {
  it('refuses a range backwards, with an unreal day, or too long, naming the field', () => {
    expect(checkReportRange('2026-01-02', '2026-01-01')).toEqual([
      { label: 'filter.from', reason: 'must not be after filter.to' },
    ]);
    expect(checkReportRange('2026-02-30', '2026-03-01')[0]?.label).toBe('filter.from');
    expect(checkReportRange('2026-01-01', '2026-02-30')[0]?.label).toBe('filter.to');
    expect(checkReportRange('2026-01-01', '2026-01-01')).toEqual([]);
  });

  it(`allows ${REPORT_MAX_RANGE_DAYS} days and no more`, () => {
    // 2024-01-01 + 730 days = 2025-12-31 (2024 is a leap year): 731 days in all.
    expect(checkReportRange('2024-01-01', '2025-12-31')).toEqual([]);
    expect(checkReportRange('2024-01-01', '2026-01-01')[0]?.label).toBe('filter.to');
  });
});

describe('buckets', () => {
  it('has every day of a range', () => {
    expect(rangeBuckets('2024-02-27', '2024-03-01', 'day').map((b) => b.start)).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });

  it('starts weeks on Monday and clips the first and last to the range', () => {
    // 2026-04-01 is a Wednesday; 2026-04-06 a Monday.
    expect(rangeBuckets('2026-04-01', '2026-04-14', 'week')).toEqual([
      { start: '2026-04-01', end: '2026-04-05' },
      { start: '2026-04-06', end: '2026-04-12' },
      { start: '2026-04-13', end: '2026-04-14' },
    ]);
    // A Sunday alone is the end of its week; the Monday after starts a new one.
    expect(rangeBuckets('2026-04-05', '2026-04-06', 'week')).toEqual([
      { start: '2026-04-05', end: '2026-04-05' },
      { start: '2026-04-06', end: '2026-04-06' },
    ]);
  });

  it('cuts months at their real ends, leap February included', () => {
    expect(rangeBuckets('2024-01-15', '2024-03-10', 'month')).toEqual([
      { start: '2024-01-15', end: '2024-01-31' },
      { start: '2024-02-01', end: '2024-02-29' },
      { start: '2024-03-01', end: '2024-03-10' },
    ]);
    expect(rangeBuckets('2025-02-01', '2025-02-28', 'month')).toEqual([{ start: '2025-02-01', end: '2025-02-28' }]);
  });

  it('counts buckets and refuses too many', () => {
    expect(bucketCount('2026-01-01', '2026-12-31', 'day')).toBe(365);
    expect(bucketCount('2026-04-01', '2026-04-14', 'week')).toBe(3);
    expect(checkBucketCount('2024-01-01', '2024-12-31', 'day')).toEqual([]); // 366 days of a leap year
    expect(checkBucketCount('2024-01-01', '2025-01-01', 'day')[0]?.label).toBe('interval');
    expect(checkBucketCount('2024-01-01', '2025-12-31', 'week')).toEqual([]);
  });
});

describe('a range as whole months and the days around them', () => {
  it('reads whole months per month and the partial ends per day', () => {
    expect(splitByMonths('2026-01-15', '2026-04-10')).toEqual({
      months: { start: '2026-02-01', end: '2026-03-01' },
      days: [
        { start: '2026-01-15', end: '2026-01-31' },
        { start: '2026-04-01', end: '2026-04-10' },
      ],
    });
    expect(splitByMonths('2024-02-01', '2024-02-29')).toEqual({
      months: { start: '2024-02-01', end: '2024-02-01' },
      days: [],
    });
    expect(splitByMonths('2024-02-01', '2024-02-28')).toEqual({
      months: null,
      days: [{ start: '2024-02-01', end: '2024-02-28' }],
    });
    expect(splitByMonths('2026-01-31', '2026-02-01')).toEqual({
      months: null,
      days: [{ start: '2026-01-31', end: '2026-02-01' }],
    });
  });
});

describe('achievement', () => {
  it('is achieved of target in percent with 2 decimals, null without a target', () => {
    expect(achievementPercent(1, 3)).toBe(33.33);
    expect(achievementPercent(2, 3)).toBe(66.67);
    expect(achievementPercent(1, 8)).toBe(12.5);
    expect(achievementPercent(15, 10)).toBe(150);
    expect(achievementPercent(0, 10)).toBe(0);
    expect(achievementPercent(5, 0)).toBeNull();
    expect(achievementPercent(5, null)).toBeNull();
    expect(achievementPercent(2_500_000, 10_000_000)).toBe(25);
  });
});
