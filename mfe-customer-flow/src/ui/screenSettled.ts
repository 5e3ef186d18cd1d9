// Whether the applicant's screen has settled: no flow still loading, no step still mounting its fields. What
// the portal only needs later (the slot host: the federation runtime, the remotes' manifest) waits for it,
// so a 500-field step's first render neither downloads nor runs that code.
import { useEffect, useSyncExternalStore } from 'react';

let busy = 0;
const listeners = new Set<() => void>();
let notifying = false;

function changed(): void {
  // One notice per burst: a loader's end and a step's start in the same commit leave the screen busy.
  if (notifying) return;
  notifying = true;
  queueMicrotask(() => {
    notifying = false;
    for (const listener of listeners) listener();
  });
}

/** While `active`, the screen is not settled (a flow loading, a step mounting its fields in slices). */
export function useScreenBusy(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    busy += 1;
    changed();
    return () => {
      busy -= 1;
      changed();
    };
  }, [active]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once nothing marks the screen busy. */
export function useScreenSettled(): boolean {
  return useSyncExternalStore(subscribe, () => busy === 0);
}
