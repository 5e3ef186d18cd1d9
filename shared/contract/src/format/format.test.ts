/**
 * @jest-environment node
 */
import {
  bankDayStart,
  bankTimeZone,
  DEFAULT_BANK_TIME_ZONE,
  formatBankDate,
  formatBankDateTime,
  formatCurrency,
  formatPercent,
  isTimeZone,
  productLimitTexts,
  relativeTime,
  setBankTimeZone,
  zoneLabel,
  zoneMidnight,
  zoneOffsetMs,
} from './index';

describe('formatCurrency', () => {
  it('groups INR in lakhs and crores', () => {
    expect(formatCurrency(12345678.5)).toBe('₹1,23,45,678.50');
    expect(formatCurrency(100000, 'INR')).toBe('₹1,00,000.00');
    expect(formatCurrency(999.999, 'INR')).toBe('₹1,000.00');
    expect(formatCurrency(-2500, 'INR')).toBe('-₹2,500.00');
  });

  it('formats USD and AUD', () => {
    expect(formatCurrency(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatCurrency(12345678.5, 'USD')).toBe('$12,345,678.50');
    expect(formatCurrency(1234.5, 'AUD')).toBe('A$1,234.50');
  });

  it('formats EUR with the euro sign, thousands by comma and decimals by point (en-IE)', () => {
    expect(formatCurrency(1234567.5, 'EUR')).toBe('€1,234,567.50');
    expect(formatCurrency(0.5, 'EUR')).toBe('€0.50');
    expect(formatCurrency(-2500, 'EUR')).toBe('-€2,500.00');
  });

  it('refuses bad input naming the reason', () => {
    expect(() => formatCurrency(Number.NaN)).toThrow('formatCurrency: value must be a finite number, got NaN');
    expect(() => formatCurrency(1, 'GBP' as 'INR')).toThrow(
      'formatCurrency: currency must be one of INR, USD, AUD, EUR, got GBP',
    );
  });
});

describe('formatPercent', () => {
  it('shows two decimals', () => {
    expect(formatPercent(12.5)).toBe('12.50%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent(99.999)).toBe('100.00%');
  });
});

const relNow = Date.parse('2026-11-22T12:00:00.000Z');
const ago = (ms: number) => new Date(relNow - ms).toISOString();

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
    expect(relativeTime(createdAT, relNow)).toBe(expected);
  });

  it('treats a time in the future (clock skew) as just now', () => {
    expect(relativeTime(new Date(relNow + 30_000).toISOString(), relNow)).toBe('Just now');
  });

  it('gives no text for an unreadable timestamp', () => {
    expect(relativeTime('not a date', relNow)).toBe('');
  });
});

describe('productLimitTexts', () => {
  it('each limit from – to in its unit; a limit not set says so', () => {
    expect(
      productLimitTexts({
        amount: { field: 'a', min: 50000, max: 2500000 },
        tenure: { field: 't', min: 12, max: 60, unit: 'months' },
      }),
    ).toEqual({ amount: '₹50,000.00 – ₹25,00,000.00', tenure: '12 – 60 months', rate: 'Not set' });
    expect(productLimitTexts({ rate: { field: 'r', min: 6, max: 15 } }).rate).toBe('6.00% – 15.00%');
  });
});

describe('formatBankDateTime', () => {
  it('shows the instant in IST with its label, whatever the machine’s zone', () => {
    expect(formatBankDateTime('2026-12-07T08:35:07.000Z')).toBe('07/12/2026 14:05:07 IST');
  });

  it('crosses midnight into the next IST day, with 00 hours', () => {
    expect(formatBankDateTime('2026-04-30T18:30:00.000Z')).toBe('01/05/2026 00:00:00 IST');
  });

  it('is UTC+05:30 all year (no daylight saving): January and July alike', () => {
    expect(formatBankDateTime('2026-01-15T00:00:00.000Z')).toBe('15/01/2026 05:30:00 IST');
    expect(formatBankDateTime('2026-07-15T00:00:00.000Z')).toBe('15/07/2026 05:30:00 IST');
  });

  it('refuses what is not a date', () => {
    expect(() => formatBankDateTime('not a date')).toThrow('formatBankDateTime: value is not a valid date');
  });
});

describe('formatBankDate', () => {
  it('is the day in IST: 20:00 UTC is already the next day at the bank', () => {
    expect(formatBankDate('2026-04-30T20:00:00.000Z')).toBe('01/05/2026');
    expect(formatBankDate('2026-04-30T18:29:59.000Z')).toBe('30/04/2026');
  });

  it('refuses what is not a date', () => {
    expect(() => formatBankDate('')).toThrow('formatBankDate: value is not a valid date');
  });
});

describe('bankDayStart', () => {
  it('is midnight IST of the bank’s day, the same for every moment of it', () => {
    expect(bankDayStart('2026-04-30T20:00:00.000Z').toISOString()).toBe('2026-04-30T18:30:00.000Z');
    expect(bankDayStart('2026-05-01T18:29:59.999Z').toISOString()).toBe('2026-04-30T18:30:00.000Z');
    expect(bankDayStart('2026-04-30T18:29:59.000Z').toISOString()).toBe('2026-04-29T18:30:00.000Z');
  });

  it('in another zone, that zone’s midnight (New York in winter is UTC-5)', () => {
    expect(bankDayStart('2026-01-15T03:00:00.000Z', 'America/New_York').toISOString()).toBe('2026-01-14T05:00:00.000Z');
  });

  it('on the day after a clock change, at that day’s own offset (New York springs forward on 08/03/2026)', () => {
    expect(bankDayStart('2026-03-09T12:00:00.000Z', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(bankDayStart('2026-03-08T12:00:00.000Z', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });
});

describe('zoneMidnight and zoneOffsetMs', () => {
  it('midnight of a calendar day in the zone: IST all year, New York at EST or EDT', () => {
    expect(zoneMidnight(2026, 3, 8, 'Asia/Kolkata').toISOString()).toBe('2026-03-07T18:30:00.000Z');
    expect(zoneMidnight(2026, 3, 8, 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(zoneMidnight(2026, 3, 9, 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(zoneMidnight(2026, 11, 2, 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    // Day 32 of December is the first of January (callers ask for the day after a month's last).
    expect(zoneMidnight(2026, 12, 32, 'America/New_York').toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });

  it('the wall clock’s lead on UTC at an instant', () => {
    expect(zoneOffsetMs('2026-07-01T00:00:00.000Z', 'Asia/Kolkata')).toBe(19_800_000);
    expect(zoneOffsetMs('2026-01-15T12:00:00.000Z', 'America/New_York')).toBe(-18_000_000);
    expect(zoneOffsetMs('2026-07-15T12:00:00.000Z', 'America/New_York')).toBe(-14_400_000);
  });
});

describe('the bank’s time zone as configuration', () => {
  afterEach(() => setBankTimeZone(DEFAULT_BANK_TIME_ZONE));

  it('is Asia/Kolkata until set, labelled IST', () => {
    expect(bankTimeZone()).toBe('Asia/Kolkata');
    expect(zoneLabel('2026-07-15T00:00:00.000Z')).toBe('IST');
  });

  it('set to New York, every formatter follows it, labelled EST in winter and EDT in summer', () => {
    setBankTimeZone('America/New_York');
    expect(formatBankDateTime('2026-01-15T03:00:00.000Z')).toBe('14/01/2026 22:00:00 EST');
    expect(formatBankDateTime('2026-07-15T03:00:00.000Z')).toBe('14/07/2026 23:00:00 EDT');
    expect(formatBankDate('2026-01-15T03:00:00.000Z')).toBe('14/01/2026');
    expect(bankDayStart('2026-01-15T03:00:00.000Z').toISOString()).toBe('2026-01-14T05:00:00.000Z');
    // A zone passed explicitly (what the server does with the zone it read) wins over the page's.
    expect(formatBankDateTime('2026-01-15T03:00:00.000Z', 'Asia/Kolkata')).toBe('15/01/2026 08:30:00 IST');
  });

  it('a zone without a name of its own is labelled by its offset (Dubai: GMT+4)', () => {
    setBankTimeZone('Asia/Dubai');
    expect(formatBankDateTime('2026-01-15T03:00:00.000Z')).toBe('15/01/2026 07:00:00 GMT+4');
  });

  it('refuses what is no IANA zone, keeping the zone it had', () => {
    for (const bad of ['', '+05:30', 'asia/kolkata', 'Mars/Olympus', 'IST']) {
      expect(isTimeZone(bad)).toBe(false);
      expect(() => setBankTimeZone(bad)).toThrow(`setBankTimeZone: ${bad} is not an IANA time zone`);
    }
    expect(bankTimeZone()).toBe('Asia/Kolkata');
    for (const good of ['Asia/Kolkata', 'Europe/London', 'UTC', 'Etc/GMT+5']) expect(isTimeZone(good)).toBe(true);
  });
});
