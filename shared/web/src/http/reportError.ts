// The one error path: turns classifyError's outcome into the modal, a toast or the generic message.
import { classifyError } from '@originate/contract';
import { modTimeUpdatesStoppedAtom, sharedStore } from '../session/store';
import { openModal, showToast } from '../ui/feedback';

export function reportError(error: unknown): void {
  const outcome = classifyError(error);
  switch (outcome.kind) {
    case 'validation':
      openModal({
        title: outcome.title,
        showClose: true,
        entries: outcome.items.map((description) => ({ type: 'error', description })),
      });
      return;
    case 'passthrough':
      showToast(outcome.message, 'error');
      return;
    case 'generic':
      openModal({ message: outcome.message, showClose: true });
      return;
    case 'resubmission':
      sharedStore.set(modTimeUpdatesStoppedAtom, true);
      return;
    case 'sessionExpired':
    case 'invalidUser':
      // The client already toasted, cleared the session and navigated when the call failed.
      return;
  }
}
