import { QUESTION_TOAST_TIMEOUT_MS } from '@originate/contract';
import { sharedStore } from '@originate/web';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QuestionToastHost } from './QuestionToastHost';
import { askInToast, questionToastsAtom } from './questionToast';

// React's act() outside testing-library.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLElement;

beforeEach(() => {
  jest.useFakeTimers();
  sharedStore.set(questionToastsAtom, []);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<QuestionToastHost />));
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  jest.useRealTimers();
});

// The question's Snackbar is a lazy chunk: an async act lets it resolve.
const question = () => document.querySelector('[role="alertdialog"]');
const button = (label: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === label) as HTMLButtonElement;

describe('question toasts', () => {
  it('stay 20000 ms (spec section 9)', async () => {
    expect(QUESTION_TOAST_TIMEOUT_MS).toBe(20000);
    await act(async () => askInToast('Save it now?', [{ label: 'Save' }, { label: 'Discard' }]));
    expect(question()?.textContent).toContain('Save it now?');
    act(() => jest.advanceTimersByTime(QUESTION_TOAST_TIMEOUT_MS - 1));
    expect(question()).not.toBeNull();
    expect(sharedStore.get(questionToastsAtom)).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    expect(sharedStore.get(questionToastsAtom)).toEqual([]);
  });

  it('an answer runs its action and closes the question; the next one then shows', async () => {
    const save = jest.fn();
    await act(async () => {
      askInToast('Save it now?', [{ label: 'Save', onClick: save }, { label: 'Discard' }]);
      askInToast('Second question?', [{ label: 'Yes' }]);
    });
    expect(question()?.getAttribute('aria-label')).toBe('Save it now?');
    act(() => button('Save').click());
    expect(save).toHaveBeenCalledTimes(1);
    expect(sharedStore.get(questionToastsAtom).map((t) => t.message)).toEqual(['Second question?']);
    expect(question()?.getAttribute('aria-label')).toBe('Second question?');
  });

  it('a click elsewhere on the page is no answer', async () => {
    await act(async () => askInToast('Save it now?', [{ label: 'Save' }]));
    act(() => jest.advanceTimersByTime(100));
    act(() => {
      document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
      document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    expect(sharedStore.get(questionToastsAtom)).toHaveLength(1);
  });
});
