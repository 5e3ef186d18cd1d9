import { amountKeypressAllowed, amountKeyUp, interestKeypressAllowed } from './inputMasks';

describe('amount and interest keypress', () => {
  it('amount: digits and one point, not starting with point or zero, at most 10 integer digits', () => {
    expect(amountKeypressAllowed('', '5')).toBe(true);
    expect(amountKeypressAllowed('', '0')).toBe(false);
    expect(amountKeypressAllowed('', '.')).toBe(false);
    expect(amountKeypressAllowed('12', '.')).toBe(true);
    expect(amountKeypressAllowed('12.5', '.')).toBe(false);
    expect(amountKeypressAllowed('12', 'a')).toBe(false);
    expect(amountKeypressAllowed('1234567890', '1')).toBe(false);
    expect(amountKeypressAllowed('123456789', '1')).toBe(true);
    expect(amountKeypressAllowed('1234567890', '.')).toBe(true);
    expect(amountKeypressAllowed('1234567890.', '5')).toBe(true);
    expect(amountKeypressAllowed('10', '0')).toBe(true);
    expect(amountKeypressAllowed('12', 'Backspace')).toBe(true);
  });
  it('amount key-up strips other characters and requires at least 1', () => {
    expect(amountKeyUp('1a2,3')).toBe('123');
    expect(amountKeyUp('12.5.6')).toBe('12.56');
    expect(amountKeyUp('0.5')).toBe('');
    expect(amountKeyUp('abc')).toBe('');
    expect(amountKeyUp('007')).toBe('7');
    expect(amountKeyUp('1')).toBe('1');
  });
  it('interest: digits and point, not above 99.99', () => {
    expect(interestKeypressAllowed('9', '9')).toBe(true);
    expect(interestKeypressAllowed('99', '.')).toBe(true);
    expect(interestKeypressAllowed('99.9', '9')).toBe(true);
    expect(interestKeypressAllowed('99.99', '1')).toBe(false);
    expect(interestKeypressAllowed('99', '9')).toBe(false);
    expect(interestKeypressAllowed('9.5', '.')).toBe(false);
    expect(interestKeypressAllowed('9', 'e')).toBe(false);
  });
});
