import { displayDay, displayMonth, monthStartOf, monthsFrom, parseDisplayDay, rangeDays, rangeProblem } from './dates';

describe('bank days (IST)', () => {
  it('counts the days of a range, both ends included', () => {
    expect(rangeDays('2026-11-01', '2026-11-28')).toBe(28);
    expect(rangeDays('2026-11-28', '2026-11-01')).toBe(0);
    expect(monthStartOf('2026-11-28')).toBe('2026-11-01');
  });

  it('displays DD/MM/YYYY and month names', () => {
    expect(displayDay('2026-11-05')).toBe('05/11/2026');
    expect(displayMonth('2026-01')).toBe('Jan 2026');
  });

  it('reads a typed DD/MM/YYYY day strictly, else no day', () => {
    expect(parseDisplayDay('05/11/2026')).toBe('2026-11-05');
    expect(parseDisplayDay(' 29/02/2024 ')).toBe('2024-02-29');
    expect(parseDisplayDay('29/02/2025')).toBe('');
    expect(parseDisplayDay('31/04/2026')).toBe('');
    expect(parseDisplayDay('03/11')).toBe('');
    expect(parseDisplayDay('3/11/2026')).toBe('');
    expect(parseDisplayDay('2026-11-05')).toBe('');
    expect(parseDisplayDay('')).toBe('');
  });

  it('lists months from the current one across years', () => {
    expect(monthsFrom('2026-11', 3)).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(monthsFrom('bad', 3)).toEqual([]);
  });

  it('names the field and the reason of a bad range (the contract check)', () => {
    expect(rangeProblem('2026-11-01', '2026-11-28')).toBeNull();
    expect(rangeProblem('', '2026-11-28')).toBe('From: must be a calendar day (DD/MM/YYYY)');
    expect(rangeProblem('2026-11-01', '2026-11-31')).toBe('To: must be a calendar day (DD/MM/YYYY)');
    expect(rangeProblem('2026-11-29', '2026-11-28')).toBe('From: must not be after To');
    expect(rangeProblem('2024-01-01', '2026-01-01')).toBe('To: must be at most 731 days after From');
    expect(rangeProblem('2024-01-01', '2025-12-31')).toBeNull();
  });
});
