// Where keyboard focus goes when the screen changes under it: the new step's (or page's) heading, so a keyboard
// user goes on from the top of what they now see and a screen reader says where they are. Without it the button
// pressed was disabled while it saved (or was gone), which left focus on <body>: the next Tab started again from
// the top of the page.
import { type RefObject, useEffect, useRef } from 'react';

/**
 * A ref for a heading (give it tabIndex -1) that takes focus each time `key` changes; at mount only when focus
 * was lost (the button that opened this screen is gone), so a page opened from a link keeps the browser's start.
 * The page scrolls by itself on a step change (useFlow's `navigated`), so focusing does not scroll again.
 */
export function useHeadingFocus<T extends HTMLElement>(key: string): RefObject<T | null> {
  const ref = useRef<T>(null);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const first = shown.current === null;
    shown.current = key;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (first && !lost) return;
    ref.current?.focus({ preventScroll: !first });
  }, [key]);
  return ref;
}
