import { maskDate } from './dateMask';

describe('maskDate', () => {
  it('puts the separators of the format between the digits as they come', () => {
    expect(maskDate('1', 'DD/MM/YYYY')).toBe('1');
    expect(maskDate('15', 'DD/MM/YYYY')).toBe('15');
    expect(maskDate('150', 'DD/MM/YYYY')).toBe('15/0');
    expect(maskDate('15061990', 'DD/MM/YYYY')).toBe('15/06/1990');
    expect(maskDate('19900615', 'YYYY-MM-DD')).toBe('1990-06-15');
  });

  it('reads typed separators and stray characters as nothing, and stops at the format length', () => {
    expect(maskDate('15/06/1990', 'DD/MM/YYYY')).toBe('15/06/1990');
    expect(maskDate('15-06-1990123', 'DD/MM/YYYY')).toBe('15/06/1990');
  });

  it('leaves text alone for a format with words or times', () => {
    expect(maskDate('15 Jun 1990', 'DD MMM YYYY')).toBe('15 Jun 1990');
    expect(maskDate('1990-06-15T10', 'YYYY-MM-DDTHH')).toBe('1990-06-15T10');
  });
});
