// Text inputs the browser edits itself (uncontrolled): a keystroke then re-renders nothing in React, which
// keeps typing within a frame on a 500-field step. The form's value still reaches the input when it changes
// from elsewhere (a formula, a lookup, a restored draft, the grouped amount after leaving), but never while
// the applicant types in it: then the input is the newest truth and the form at most a frame behind.
import { type RefObject, useLayoutEffect, useRef } from 'react';

export function useDomValue(shown: string): RefObject<HTMLInputElement | null> {
  const ref = useRef<HTMLInputElement | null>(null);
  useLayoutEffect(() => {
    const input = ref.current;
    if (input && input !== input.ownerDocument.activeElement && input.value !== shown) input.value = shown;
  }, [shown]);
  return ref;
}

/**
 * The label of an input React does not control: MUI cannot see a value set from outside, so the label
 * moves up whenever the form holds one (else MUI's own rule: focused or typed into). It moves without
 * animating: a keystroke's formulas can fill twenty fields at once, and twenty labels in transition
 * hold up the frames that show the next keystrokes.
 */
export function labelProps(shown: string): { shrink?: true; disableAnimation: true } {
  return shown === '' ? { disableAnimation: true } : { shrink: true, disableAnimation: true };
}
