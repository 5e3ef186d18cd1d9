import {
  isValidAadhaar,
  isValidPan,
  maskAadhaar,
  maskPan,
  maskPersonalData,
  panHolderType,
  panMatchesName,
  verhoeffCheckDigit,
  verhoeffValid,
} from './identity';

describe('Verhoeff check digit', () => {
  it('matches the published examples', () => {
    // Wikipedia's worked example: 236 → 3; and the common test vectors 12345 → 1, 142857 → 0.
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(verhoeffCheckDigit('12345')).toBe(1);
    expect(verhoeffCheckDigit('142857')).toBe(0);
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('123451')).toBe(true);
  });

  it('catches every single-digit error and every adjacent swap of a number', () => {
    const body = '23456789012';
    const whole = `${body}${verhoeffCheckDigit(body)}`;
    expect(verhoeffValid(whole)).toBe(true);
    for (let i = 0; i < whole.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === whole[i]) continue;
        expect(verhoeffValid(`${whole.slice(0, i)}${d}${whole.slice(i + 1)}`)).toBe(false);
      }
      if (i + 1 < whole.length && whole[i] !== whole[i + 1]) {
        const swapped = `${whole.slice(0, i)}${whole[i + 1]}${whole[i]}${whole.slice(i + 2)}`;
        expect(verhoeffValid(swapped)).toBe(false);
      }
    }
  });

  it('refuses anything but digits', () => {
    expect(() => verhoeffCheckDigit('12a')).toThrow(RangeError);
    expect(verhoeffValid('')).toBe(false);
  });
});

describe('Aadhaar', () => {
  it('takes twelve digits starting 2-9 whose last is the check digit, with spaces or hyphens', () => {
    const body = '49918172634';
    const good = `${body}${verhoeffCheckDigit(body)}`;
    expect(isValidAadhaar(good)).toBe(true);
    expect(isValidAadhaar(`${good.slice(0, 4)} ${good.slice(4, 8)}-${good.slice(8)}`)).toBe(true);
    expect(isValidAadhaar(`${body}${(verhoeffCheckDigit(body) + 1) % 10}`)).toBe(false);
    const fromOne = `1${body.slice(1)}`;
    expect(isValidAadhaar(`${fromOne}${verhoeffCheckDigit(fromOne)}`)).toBe(false);
    expect(isValidAadhaar(good.slice(1))).toBe(false);
  });

  it('is masked to its last four digits', () => {
    expect(maskAadhaar('4991 1866 5246')).toBe('XXXX XXXX 5246');
  });
});

describe('PAN', () => {
  it('has five letters, four digits and a letter, the fourth letter a holder type', () => {
    expect(isValidPan('ABCPE1234F')).toBe(true);
    expect(isValidPan(' abcpe1234f ')).toBe(true);
    expect(isValidPan('ABCXE1234F')).toBe(false);
    expect(isValidPan('ABCPE12345')).toBe(false);
    expect(isValidPan('ABCPE1234')).toBe(false);
  });

  it('names the holder type and, for a person, agrees with the surname', () => {
    expect(panHolderType('ABCPE1234F')).toBe('Individual');
    expect(panHolderType('AAACR5055K')).toBe('Company');
    expect(panHolderType('nonsense')).toBeNull();
    expect(panMatchesName('ABCPR1234F', 'Asha Rao')).toBe(true);
    expect(panMatchesName('ABCPK1234F', 'Asha Rao')).toBe(false);
    expect(panMatchesName('AAACR5055K', 'Asha Rao')).toBe(false);
  });

  it('is masked to its digits', () => {
    expect(maskPan('ABCPE1234F')).toBe('XXXXX1234X');
  });
});

describe('maskPersonalData', () => {
  it('masks personal data by key at any depth and leaves the rest', () => {
    expect(
      maskPersonalData({
        pan: 'ABCPE1234F',
        applicant: { full_name: 'Asha Rao', dob: '01/02/1990', mobile: '9876543210' },
        accounts: [{ accountNumber: 'HDFC00012345', emi: 12000 }],
        score: 780,
      }),
    ).toEqual({
      pan: 'XXXXX1234X',
      applicant: { full_name: 'A*** R**', dob: '**/**/****', mobile: '******3210' },
      accounts: [{ accountNumber: '********2345', emi: 12000 }],
      score: 780,
    });
  });
});
