import { sharedStore } from '@originate/web';
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { questionToastsAtom } from './questionToast';

// Snackbar loads with the first question, not with the Dashboard.
const QuestionSnackbar = lazy(() => import('./QuestionSnackbar'));

/** One question at a time, oldest first. */
export function QuestionToastHost() {
  const toast = useAtomValue(questionToastsAtom, { store: sharedStore })[0];
  return toast ? (
    <Suspense fallback={null}>
      <QuestionSnackbar key={toast.id} toast={toast} />
    </Suspense>
  ) : null;
}
