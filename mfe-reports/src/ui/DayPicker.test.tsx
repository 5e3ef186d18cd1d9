// The filter bar's day field: a day picked in its calendar (whose code comes on the first opening) becomes the
// field's day, shown DD/MM/YYYY and held YYYY-MM-DD.
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { DayPicker } from './DayPicker';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;
const held: string[] = [];

function Field() {
  const [day, setDay] = useState('2026-11-05');
  return (
    <DayPicker
      label="From"
      value={day}
      onChange={(next) => {
        held.push(next);
        setDay(next);
      }}
      problem={undefined}
    />
  );
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await act(() => new Promise((resolve) => setTimeout(resolve, 25)));
  }
  throw new Error(`never saw: ${what}`);
}

beforeEach(async () => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<Field />));
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

it('takes the day picked in its calendar', async () => {
  const input = container.querySelector('input') as HTMLInputElement;
  expect(input.value).toBe('05/11/2026');
  await act(async () => container.querySelector<HTMLButtonElement>('[aria-label="Choose date"]')?.click());
  const calendar = () => document.querySelector('[role="dialog"][aria-label="Choose the From day"]');
  await until(() => calendar() !== null, 'the calendar');
  const day12 = [...(calendar()?.querySelectorAll<HTMLButtonElement>('button[role="gridcell"]') ?? [])].find(
    (b) => b.textContent === '12',
  );
  await act(async () => day12?.click());
  expect(held).toEqual(['2026-11-12']);
  expect(input.value).toBe('12/11/2026');
  await until(() => calendar() === null, 'the calendar closed');
});
