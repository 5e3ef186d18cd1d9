// The common modal, toasts and spinner as atoms in the shared store plus plain functions, so any code
// (http client, remotes, non-React modules) can raise them and the shell renders them once.

import { MODAL_DEFAULT_SIZE, type ModalEntry, SPINNER_TIMEOUT_MS } from '@originate/contract';
import { atom } from 'jotai/vanilla';
import { sharedStore } from '../session/store';

type ModalSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

interface ModalAction {
  label: string;
  onClick?: () => void;
  variant?: 'text' | 'outlined' | 'contained';
}

export interface ModalOptions {
  title?: string;
  showClose?: boolean;
  /** Default 'md' (spec §9). */
  size?: ModalSize;
  /** Unless true the backdrop is static and the keyboard cannot close it (spec §2). */
  allowBackdropClose?: boolean;
  entries?: ModalEntry[];
  message?: string;
  actions?: ModalAction[];
}

export type OpenModal = ModalOptions & { id: number; size: ModalSize };

/** A toast's one button (e.g. 'Send me this link' after a save). */
export interface ToastAction {
  label: string;
  onClick(): void;
}

export interface Toast {
  id: number;
  message: string;
  severity: 'success' | 'info' | 'warning' | 'error';
  action?: ToastAction;
}

let nextId = 1;

export const modalAtom = atom<OpenModal | null>(null);

export function openModal(options: ModalOptions): void {
  sharedStore.set(modalAtom, { ...options, size: options.size ?? MODAL_DEFAULT_SIZE, id: nextId++ });
}

export function closeModal(): void {
  sharedStore.set(modalAtom, null);
}

export const toastsAtom = atom<Toast[]>([]);

export function showToast(message: string, severity: Toast['severity'] = 'info', action?: ToastAction): void {
  const toast: Toast = { id: nextId++, message, severity, ...(action ? { action } : {}) };
  sharedStore.set(toastsAtom, (toasts) => [...toasts, toast]);
}

export function dismissToast(id: number): void {
  sharedStore.set(toastsAtom, (toasts) => toasts.filter((t) => t.id !== id));
}

/** Drops the error and warning toasts, shown or waiting: what went wrong is over once the work succeeded. */
export function dismissProblemToasts(): void {
  sharedStore.set(toastsAtom, (toasts) => toasts.filter((t) => t.severity !== 'error' && t.severity !== 'warning'));
}

// A counter so nested show/hide pairs keep the spinner up until the outermost hides it.
const spinnerCountAtom = atom(0);
export const spinnerAtom = atom((get) => get(spinnerCountAtom) > 0);
let spinnerTimeout: ReturnType<typeof setTimeout> | undefined;

function stopSpinnerTimeout(): void {
  if (spinnerTimeout !== undefined) clearTimeout(spinnerTimeout);
  spinnerTimeout = undefined;
}

/** Shows the spinner; it hides itself after SPINNER_TIMEOUT_MS so a lost hideSpinner never blocks the page. */
export function showSpinner(): void {
  sharedStore.set(spinnerCountAtom, (n) => n + 1);
  stopSpinnerTimeout();
  spinnerTimeout = setTimeout(() => {
    spinnerTimeout = undefined;
    sharedStore.set(spinnerCountAtom, 0);
  }, SPINNER_TIMEOUT_MS);
}

export function hideSpinner(): void {
  const remaining = Math.max(0, sharedStore.get(spinnerCountAtom) - 1);
  sharedStore.set(spinnerCountAtom, remaining);
  if (remaining === 0) stopSpinnerTimeout();
}
