// What the root shell always carries: the http client's navigate, the back-clicked flag, and the
// common modal, toasts and spinner (each loaded only once there is something to show).
import { backClickedAtom, configureHttp, modalAtom, sharedStore, spinnerAtom, toastsAtom } from '@originate/shared';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

const CommonModal = lazy(() => import('./CommonModal'));
const ToastHost = lazy(() => import('./ToastHost'));
const SpinnerHost = lazy(() => import('./SpinnerHost'));

export function ShellChrome() {
  const navigate = useNavigate();
  const modal = useAtomValue(modalAtom);
  const hasToasts = useAtomValue(toastsAtom).length > 0;
  const spinning = useAtomValue(spinnerAtom);

  useEffect(() => {
    // './login' (the refresh 'Invalid user' target) and '/' both resolve against the root.
    configureHttp({ navigate: (to) => navigate(to.replace(/^\.\//, '/')) });
  }, [navigate]);

  useEffect(() => {
    const onPopState = () => sharedStore.set(backClickedAtom, true);
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  return (
    <Suspense fallback={null}>
      {modal && <CommonModal modal={modal} />}
      {hasToasts && <ToastHost />}
      {spinning && <SpinnerHost />}
    </Suspense>
  );
}
