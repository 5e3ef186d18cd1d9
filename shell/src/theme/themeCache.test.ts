import { bankTimeZone, DEFAULT_BANK_TIME_ZONE, setBankTimeZone } from '@originate/contract';
import { applyCachedTimeZone, keepBankTimeZone } from './themeCache';

afterEach(() => {
  localStorage.clear();
  setBankTimeZone(DEFAULT_BANK_TIME_ZONE);
});

describe("the bank's time zone kept for the next visit", () => {
  it("sets the server's zone and keeps it; the next start applies the kept one", () => {
    keepBankTimeZone('America/New_York', localStorage);
    expect(bankTimeZone()).toBe('America/New_York');
    setBankTimeZone(DEFAULT_BANK_TIME_ZONE);
    applyCachedTimeZone(localStorage);
    expect(bankTimeZone()).toBe('America/New_York');
  });

  it('ignores what is no IANA zone, from the server or the storage', () => {
    keepBankTimeZone('IST', localStorage);
    expect(bankTimeZone()).toBe(DEFAULT_BANK_TIME_ZONE);
    localStorage.setItem('originate.bankTimeZone', '+05:30');
    applyCachedTimeZone(localStorage);
    expect(bankTimeZone()).toBe(DEFAULT_BANK_TIME_ZONE);
  });
});
