import { cardNetworkOf, luhnValid } from './cards';

describe('card networks', () => {
  it.each([
    ['4111111111111111', 'VISA'],
    ['5555555555554444', 'MASTERCARD'],
    ['2223003122003222', 'MASTERCARD'],
    ['378282246310005', 'AMEX'],
    ['36227206271667', 'DINERS'],
    ['6521500000000001', 'RUPAY'],
    ['5085000000000009', 'RUPAY'],
  ])('%s is %s', (number, code) => {
    expect(cardNetworkOf(number)?.code).toBe(code);
  });

  it('a number of no network, or of a wrong length, is none', () => {
    expect(cardNetworkOf('9111111111111111')).toBeNull();
    expect(cardNetworkOf('41111111111111')).toBeNull();
    expect(cardNetworkOf('4111x11111111111')).toBeNull();
  });
});

describe('Luhn check digit', () => {
  it('holds for published test numbers and fails when a digit changes', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('79927398710')).toBe(false);
  });
});
