// Radio groups (spec §5): one of the property's options (ChoiceGroup).
import { ChoiceGroup } from './ChoiceGroup';
import type { FieldRendererProps } from './types';

export function RadioInput({ value, onChange, options = [], ...props }: FieldRendererProps) {
  const current = typeof value === 'string' ? value : '';
  return (
    <ChoiceGroup
      {...props}
      type="radio"
      options={options}
      isChecked={(option) => current === option}
      onPick={(option) => onChange(option)}
    />
  );
}
