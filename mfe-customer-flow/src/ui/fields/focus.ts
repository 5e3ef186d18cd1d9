import { fieldDomId } from './types';

const FOCUSABLE =
  'input:not([type=hidden]), textarea, select, button, [tabindex]:not([tabindex="-1"]), [role=spinbutton]';

/**
 * Asks a form still mounting its fields in slices (FormLayout, a long table) to mount all of them now,
 * synchronously: dispatched on the document when a field to focus is not in the DOM yet.
 */
export const RENDER_ALL_EVENT = 'originate:render-all-fields';

function find(key: string, root: ParentNode): HTMLElement | null {
  // fieldDomId keeps letters, digits, '_' and '-' only: safe inside the quotes.
  return root.querySelector<HTMLElement>(`[id="${fieldDomId(key)}"]`);
}

/** Moves focus to a field's control (or the first focusable thing inside it) and scrolls it into view. */
export function focusField(key: string, root: ParentNode = document): boolean {
  let element = find(key, root);
  if (!element) {
    document.dispatchEvent(new Event(RENDER_ALL_EVENT));
    element = find(key, root);
  }
  if (!element) return false;
  const target = element.matches(FOCUSABLE) ? element : element.querySelector<HTMLElement>(FOCUSABLE);
  if (!target) return false;
  target.focus();
  target.scrollIntoView?.({ block: 'center' });
  return true;
}
