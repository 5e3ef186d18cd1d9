// A dropdown of several values (an array): MUI's Autocomplete with chips in the form's field frame, in a
// chunk of its own (SelectInput).
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { FieldFrame } from './FieldFrame';
import { errorText, type FieldRendererProps, fieldDomId, helperId } from './types';

export default function MultiSelect({
  field,
  label,
  value,
  error,
  readOnly,
  onChange,
  onBlur,
  options = [],
}: FieldRendererProps) {
  const details = field.field_type_details;
  const selected = Array.isArray(value) ? value.map(String) : [];
  const chosen = options.filter((option) => selected.includes(option.value));
  const id = fieldDomId(field.key);
  const helper = errorText(label, error) ?? details.placeholder;
  return (
    <FieldFrame
      fieldKey={field.key}
      controlId={id}
      label={label}
      required={details.mandatory === true}
      helper={helper}
      invalid={error !== undefined}
      disabled={readOnly}
    >
      <Autocomplete
        multiple
        id={id}
        options={options}
        value={chosen}
        disabled={readOnly}
        getOptionLabel={(option) => option.label}
        isOptionEqualToValue={(a, b) => a.value === b.value}
        onChange={(_e, next) => {
          onChange(next.map((option) => option.value));
          onBlur();
        }}
        onBlur={onBlur}
        renderValue={(items, getItemProps) =>
          items.map((option, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} label={option.label} size="small" {...itemProps} />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            name={field.key}
            required={details.mandatory === true && chosen.length === 0}
            error={error !== undefined}
            slotProps={{
              ...params.slotProps,
              htmlInput: {
                ...params.slotProps.htmlInput,
                'aria-describedby': helper ? helperId(field.key) : undefined,
              },
            }}
          />
        )}
      />
    </FieldFrame>
  );
}
