// Dropdowns (spec §5): single (a value or null) or multiple (an array); options from get_fields_config.
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { errorText, type FieldRendererProps, fieldDomId } from './types';

export function SelectInput(props: FieldRendererProps) {
  return props.field.field_type_details.multiple ? <MultiSelect {...props} /> : <SingleSelect {...props} />;
}

function SingleSelect({ field, label, value, error, readOnly, onChange, onBlur, options = [] }: FieldRendererProps) {
  const details = field.field_type_details;
  return (
    <TextField
      select
      id={fieldDomId(field.key)}
      name={field.key}
      label={label}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => {
        onChange(e.target.value === '' ? null : e.target.value);
        onBlur();
      }}
      onBlur={onBlur}
      required={details.mandatory === true}
      error={error !== undefined}
      helperText={errorText(label, error) ?? details.placeholder}
      fullWidth
      disabled={readOnly}
    >
      {!details.mandatory && (
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

function MultiSelect({ field, label, value, error, readOnly, onChange, onBlur, options = [] }: FieldRendererProps) {
  const details = field.field_type_details;
  const selected = Array.isArray(value) ? value.map(String) : [];
  const chosen = options.filter((option) => selected.includes(option.value));
  return (
    <Autocomplete
      multiple
      id={fieldDomId(field.key)}
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
          label={label}
          required={details.mandatory === true && chosen.length === 0}
          error={error !== undefined}
          helperText={errorText(label, error) ?? details.placeholder}
        />
      )}
    />
  );
}
