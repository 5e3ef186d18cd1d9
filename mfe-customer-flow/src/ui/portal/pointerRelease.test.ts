import { afterPointerRelease } from './pointerRelease';

/** jsdom has no PointerEvent: an Event carrying the one field the module reads. */
function pointer(type: string, isPrimary = true): void {
  document.dispatchEvent(Object.assign(new Event(type, { bubbles: true }), { isPrimary }));
}

describe('afterPointerRelease', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs at once when no pointer is down (a blur from Tab or by script)', () => {
    const fn = jest.fn();
    afterPointerRelease(fn);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('waits for the primary pointer to be released, then for the task that dispatched the click', () => {
    const fn = jest.fn();
    pointer('pointerdown');
    afterPointerRelease(fn);
    pointer('pointerdown', false);
    pointer('pointerup', false);
    jest.runAllTimers();
    expect(fn).not.toHaveBeenCalled();
    pointer('pointerup');
    expect(fn).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('a cancelled press or the window losing focus releases too', () => {
    const cancelled = jest.fn();
    pointer('pointerdown');
    afterPointerRelease(cancelled);
    pointer('pointercancel');
    jest.runAllTimers();
    expect(cancelled).toHaveBeenCalledTimes(1);

    const left = jest.fn();
    pointer('pointerdown');
    afterPointerRelease(left);
    window.dispatchEvent(new Event('blur'));
    jest.runAllTimers();
    expect(left).toHaveBeenCalledTimes(1);
    afterPointerRelease(left);
    expect(left).toHaveBeenCalledTimes(2);
  });
});
