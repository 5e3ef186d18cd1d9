// Checkbox groups (a checkbox with `multiple`): one box per option of the property (ChoiceGroup), the value
// the array of the ticked options' values in the options' order.
import { ChoiceGroup } from './ChoiceGroup';
import type { FieldRendererProps } from './types';

export function CheckGroupInput({ value, onChange, options = [], ...props }: FieldRendererProps) {
  const ticked = new Set(Array.isArray(value) ? value.map(String) : []);
  return (
    <ChoiceGroup
      {...props}
      type="checkbox"
      options={options}
      isChecked={(option) => ticked.has(option)}
      onPick={(option, on) => onChange(options.map((o) => o.value).filter((v) => (v === option ? on : ticked.has(v))))}
    />
  );
}
