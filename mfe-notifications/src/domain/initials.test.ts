import { initials } from './initials';

describe('initials', () => {
  it.each([
    ['Priya Sharma', 'PS'],
    ['priya sharma', 'PS'],
    ['Priya', 'P'],
    ['  Anil Kumar Mehta ', 'AM'],
    ['ops.admin', 'OA'],
    ['', '?'],
    ['   ', '?'],
  ])('%j → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
