// What every root page carries (the shell, and a remote's standalone page): the back-clicked flag, and
// the common modal, toasts and spinner (each loaded only once there is something to show).

import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { backClickedAtom, sharedStore } from '../../session/store';
import { modalAtom, spinnerAtom } from '../feedback';
import { ToastHost } from '../ToastHost';

const CommonModal = lazy(() => import('./CommonModal'));
const SpinnerHost = lazy(() => import('./SpinnerHost'));

export function ChromeHosts() {
  const modal = useAtomValue(modalAtom);
  const spinning = useAtomValue(spinnerAtom);

  useEffect(() => {
    const onPopState = () => sharedStore.set(backClickedAtom, true);
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  return (
    <Suspense fallback={null}>
      {modal && <CommonModal modal={modal} />}
      <ToastHost />
      {spinning && <SpinnerHost />}
    </Suspense>
  );
}
