import { rupees } from './amounts';

describe('amounts in rupees', () => {
  it('groups the Indian way and names lakh and crore', () => {
    expect(rupees(50_000)).toBe('₹50,000');
    expect(rupees(500_000)).toBe('₹5,00,000 (5 lakh)');
    expect(rupees(2_000_000)).toBe('₹20,00,000 (20 lakh)');
    expect(rupees(1_250_000)).toBe('₹12,50,000 (12.5 lakh)');
    expect(rupees(25_000_000)).toBe('₹2,50,00,000 (2.5 crore)');
  });
});
