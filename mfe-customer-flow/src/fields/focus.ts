import { fieldDomId } from './types';

const FOCUSABLE =
  'input:not([type=hidden]), textarea, select, button, [tabindex]:not([tabindex="-1"]), [role=spinbutton]';

/** Moves focus to a field's control (or the first focusable thing inside it) and scrolls it into view. */
export function focusField(key: string, root: ParentNode = document): boolean {
  const element = root.querySelector<HTMLElement>(`#${CSS.escape(fieldDomId(key))}`);
  if (!element) return false;
  const target = element.matches(FOCUSABLE) ? element : element.querySelector<HTMLElement>(FOCUSABLE);
  if (!target) return false;
  target.focus();
  target.scrollIntoView?.({ block: 'center' });
  return true;
}
