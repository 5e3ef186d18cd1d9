// A field's frame in the form's own stylesheet (fieldStyles.ts): its label, the control, and the helper
// line (the error when one shows, else the placeholder text), wired for assistive technology.
import type { ReactNode } from 'react';
import { errorText, type FieldRendererProps, fieldDomId, helperId } from './types';

export interface FrameProps {
  /** The field (or cell) key: the helper's id comes from it. */
  fieldKey: string;
  /** The id of the control the label names; none for a group (a fieldset names itself with its legend). */
  controlId?: string;
  /** A group's id (the fieldset's): where focus goes to reach its first control. */
  groupId?: string;
  label: ReactNode;
  required: boolean;
  /** The error text or, without one, the helper text. */
  helper?: string;
  invalid: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** What the control itself carries so that its helper and state are announced with it. */
export function describedBy(fieldKey: string, helper: string | undefined, invalid: boolean) {
  return {
    'aria-describedby': helper ? helperId(fieldKey) : undefined,
    'aria-invalid': invalid || undefined,
  };
}

/**
 * What a one-control field's frame and its control share: the control's id, the helper line (the error,
 * else the placeholder, unless the control shows the placeholder itself: said twice, it stayed under a
 * filled field), required and invalid. `ownProblem` is a problem only the control knows (a half-typed
 * date), shown when the form has none.
 */
export function singleControl(
  { field, label, error, readOnly }: Pick<FieldRendererProps, 'field' | 'label' | 'error' | 'readOnly'>,
  ownProblem?: string,
  { placeholderInControl = false }: { placeholderInControl?: boolean } = {},
) {
  const id = fieldDomId(field.key);
  const hint = placeholderInControl ? undefined : field.field_type_details.placeholder;
  const helper = errorText(label, error) ?? ownProblem ?? hint;
  const invalid = error !== undefined || ownProblem !== undefined;
  const required = field.field_type_details.mandatory === true;
  return {
    id,
    helper,
    required,
    frame: { fieldKey: field.key, controlId: id, label, required, helper, invalid, disabled: readOnly },
    aria: describedBy(field.key, helper, invalid),
  };
}

/** The asterisk is for the eye; the control's required state is what assistive technology reads. */
export function RequiredMark({ required }: { required: boolean }) {
  return required ? <span aria-hidden="true"> *</span> : null;
}

export function FieldFrame({
  fieldKey,
  controlId,
  groupId,
  label,
  required,
  helper,
  invalid,
  disabled,
  children,
}: FrameProps) {
  const state = { 'data-invalid': invalid || undefined, 'data-disabled': disabled || undefined };
  const helperLine = helper ? (
    <p className="of-helper" id={helperId(fieldKey)}>
      {helper}
    </p>
  ) : null;
  if (controlId === undefined)
    return (
      <fieldset className="of-field" id={groupId} {...state}>
        <legend className="of-label">
          {label}
          <RequiredMark required={required} />
        </legend>
        {children}
        {helperLine}
      </fieldset>
    );
  return (
    <div className="of-field" {...state}>
      <label className="of-label" htmlFor={controlId}>
        {label}
        <RequiredMark required={required} />
      </label>
      {children}
      {helperLine}
    </div>
  );
}
