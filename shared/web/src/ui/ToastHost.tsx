// The one toast host (shell and any standalone remote page): renders `toastsAtom` from the shared store.
import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { sharedStore } from '../session/store';
import { toastsAtom } from './feedback';

// Snackbar and Alert load with the first toast, so a page that shows none (the login page) never pays for them.
const ToastSnackbar = lazy(() => import('./ToastSnackbar'));

/** One toast at a time, oldest first; each hides itself after 6 s or on its close button. */
export function ToastHost() {
  const toast = useAtomValue(toastsAtom, { store: sharedStore })[0];
  if (!toast) return null;
  return (
    <Suspense fallback={null}>
      <ToastSnackbar key={toast.id} toast={toast} />
    </Suspense>
  );
}
