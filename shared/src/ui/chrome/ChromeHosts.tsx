// What the root shell always carries: the back-clicked flag, and the common modal, toasts and spinner
// (each loaded only once there is something to show; the toast host does that itself).
import { backClickedAtom, modalAtom, sharedStore, spinnerAtom, ToastHost } from '@originate/shared';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';

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
