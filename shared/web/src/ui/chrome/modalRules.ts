// Common modal rules (spec §2): centred, default size md, static backdrop and no keyboard close unless allowed.
import type { OpenModal } from '../feedback';

export type CloseReason = 'backdropClick' | 'escapeKeyDown' | 'closeButton' | 'action';

export function modalMaxWidth(modal: Partial<Pick<OpenModal, 'size'>>): NonNullable<OpenModal['size']> {
  return modal.size ?? 'md';
}

/** Whether a close request is honoured. The close button and actions always close. */
export function mayClose(modal: Pick<OpenModal, 'allowBackdropClose'>, reason: CloseReason): boolean {
  if (reason === 'backdropClick' || reason === 'escapeKeyDown') return modal.allowBackdropClose === true;
  return true;
}
