import {
  bankDayOf,
  currentBankMonth,
  dayNumber,
  displayDay,
  displayMonth,
  monthsFrom,
  rangeDays,
  rangeProblem,
} from './dates';

describe('bank days (IST)', () => {
  it('takes the day in India, not the browser zone', () => {
    expect(bankDayOf(Date.parse('2026-11-27T18:29:59Z'))).toBe('2026-11-27');
    expect(bankDayOf(Date.parse('2026-11-27T18:30:00Z'))).toBe('2026-11-28');
    expect(currentBankMonth(Date.parse('2026-11-30T19:00:00Z'))).toBe('2026-12');
  });

  it('knows real days', () => {
    expect(dayNumber('2026-02-29')).toBeNull();
    expect(dayNumber('2028-02-29')).not.toBeNull();
    expect(dayNumber('28/11/2026')).toBeNull();
    expect(rangeDays('2026-11-01', '2026-11-28')).toBe(28);
    expect(rangeDays('2026-11-28', '2026-11-01')).toBe(0);
  });

  it('displays DD/MM/YYYY and month names', () => {
    expect(displayDay('2026-11-05')).toBe('05/11/2026');
    expect(displayMonth('2026-01')).toBe('Jan 2026');
  });

  it('lists months from the current one across years', () => {
    expect(monthsFrom('2026-11', 3)).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(monthsFrom('bad', 3)).toEqual([]);
  });

  it('names the field and the reason of a bad range', () => {
    expect(rangeProblem('2026-11-01', '2026-11-28')).toBeNull();
    expect(rangeProblem('', '2026-11-28')).toBe('From: enter a valid date');
    expect(rangeProblem('2026-11-01', '2026-11-31')).toBe('To: enter a valid date');
    expect(rangeProblem('2026-11-29', '2026-11-28')).toBe('From: must not be after To');
    expect(rangeProblem('2024-01-01', '2026-01-01')).toBe('To: the range may span at most 731 days');
    expect(rangeProblem('2024-01-01', '2025-12-31')).toBeNull();
  });
});
