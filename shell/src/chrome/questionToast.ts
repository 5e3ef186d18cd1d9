// Toasts that ask the user something (spec §9 "Question toast timeout 20000 ms"): they carry answer
// buttons and stay 20 s, long enough to read and decide, where the web package's plain toasts (showToast) stay 6 s.
// The shell's own: the web package's toast has no answers and one duration; the duration is the contract's constant (QUESTION_TOAST_TIMEOUT_MS).
import { sharedStore } from '@originate/web';
import { atom } from 'jotai/vanilla';

interface Answer {
  label: string;
  onClick?: () => void;
}

export interface QuestionToast {
  id: number;
  kind: 'question';
  message: string;
  /** The first is the suggested answer; the toast closes on any. */
  answers: Answer[];
}

let nextId = 1;

/** Questions in the order asked; the host shows the first. */
export const questionToastsAtom = atom<QuestionToast[]>([]);

export function askInToast(message: string, answers: Answer[]): void {
  const toast: QuestionToast = { id: nextId++, kind: 'question', message, answers };
  sharedStore.set(questionToastsAtom, (all) => [...all, toast]);
}

export function dismissQuestion(id: number): void {
  sharedStore.set(questionToastsAtom, (all) => all.filter((t) => t.id !== id));
}
