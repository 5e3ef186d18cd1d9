import { act, render, screen } from '@testing-library/react';
import { useScreenBusy, useScreenSettled } from './screenSettled';

function Busy({ active }: { active: boolean }) {
  useScreenBusy(active);
  return null;
}

function Settled() {
  return <p>{useScreenSettled() ? 'settled' : 'busy'}</p>;
}

// Past the frame after a change and its task (afterPaint).
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

describe('screenSettled', () => {
  it('is busy while any part marks it, settled once none does', async () => {
    const { rerender } = render(
      <>
        <Settled />
        <Busy active />
        <Busy active={false} />
      </>,
    );
    await flush();
    expect(screen.getByText('busy')).toBeTruthy();
    // A loader that ends while a step starts mounting in the same commit: still busy.
    rerender(
      <>
        <Settled />
        <Busy active={false} />
        <Busy active />
      </>,
    );
    await flush();
    expect(screen.getByText('busy')).toBeTruthy();
    rerender(
      <>
        <Settled />
        <Busy active={false} />
        <Busy active={false} />
      </>,
    );
    // Waited for, not read after one flush: a loaded machine can run the frame after it later than 100 ms.
    expect(await screen.findByText('settled', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});
