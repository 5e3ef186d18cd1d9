// Text inputs the browser edits itself (uncontrolled): a keystroke then re-renders nothing in React, which
// keeps typing within a frame on a 500-field step. The form's value still reaches the input when it changes
// from elsewhere (a formula, a lookup, a restored draft, the grouped amount after leaving), but never while
// the applicant types in it: then the input is the newest truth and the form at most a frame behind.
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

export function useDomValue<E extends HTMLInputElement | HTMLTextAreaElement = HTMLInputElement>(
  shown: string,
): RefObject<E | null> {
  const ref = useRef<E | null>(null);
  useLayoutEffect(() => {
    const input = ref.current;
    if (input && input !== input.ownerDocument.activeElement && input.value !== shown) input.value = shown;
  }, [shown]);
  return ref;
}

/**
 * The value an uncontrolled input starts with, fixed at mount: later values reach it through useDomValue.
 * A defaultValue prop that followed the form would make React rewrite the input's value attribute on
 * every change as well (twenty formula fields per keystroke).
 */
export function useFirstValue(shown: string): string {
  return useState(shown)[0];
}
