// Whether the applicant's screen has settled: no flow still loading, no step still mounting its fields. What
// the portal only needs later (the slot host: the federation runtime, the remotes' manifest) waits for it,
// so a 500-field step's first render neither downloads nor runs that code.
import { useEffect, useSyncExternalStore } from 'react';
import { afterPaint } from './portal/flow/afterPaint';

let busy = 0;
/** Settled: nothing busy, and the frame after the last busy part ended is out (its paint is not delayed). */
let settled = true;
let pending: (() => void) | undefined;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function changed(): void {
  if (busy > 0) {
    pending?.();
    pending = undefined;
    if (settled) {
      settled = false;
      notify();
    }
    return;
  }
  // A loader's end and a step's start in the same commit leave the screen busy: decided after the paint.
  pending ??= afterPaint(() => {
    pending = undefined;
    if (busy === 0 && !settled) {
      settled = true;
      notify();
    }
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

/** True once nothing marks the screen busy and the frame after that painted. */
export function useScreenSettled(): boolean {
  return useSyncExternalStore(subscribe, () => settled);
}
