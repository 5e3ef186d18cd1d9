import { opensElsewhere } from './NavMenu';

const click = { button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };

describe('menu links', () => {
  it('a plain left click stays in the app; modified or middle clicks are the browser’s (new tab, window)', () => {
    expect(opensElsewhere(click)).toBe(false);
    expect(opensElsewhere({ ...click, ctrlKey: true })).toBe(true);
    expect(opensElsewhere({ ...click, metaKey: true })).toBe(true);
    expect(opensElsewhere({ ...click, shiftKey: true })).toBe(true);
    expect(opensElsewhere({ ...click, button: 1 })).toBe(true);
  });
});
