// Picks the renderer for a field from its type and binds it to the form (engine FormState).
import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { FieldConfig, FieldOptions, FieldValue } from '@originate/shared';
import type { ReactNode } from 'react';
import { containerColumns, containerHeaders, type FieldError, type FormState } from '../engine';
import { CheckInput } from './CheckInput';
import { CounterInput } from './CounterInput';
import { CurrencyInput } from './CurrencyInput';
import { DateInput } from './DateInput';
import { FileUploadHub } from './FileUploadHub';
import { HeadingField } from './HeadingField';
import { OtpInput } from './OtpInput';
import { RadioInput } from './RadioInput';
import { SelectInput } from './SelectInput';
import { SignatureInput } from './SignatureInput';
import { SliderInput } from './SliderInput';
import { TableField } from './TableField';
import { TextInput } from './TextInput';
import type { FieldRendererProps } from './types';

/** The form as the renderers see it: the engine's state plus what to do on each input. */
export interface FormBinding {
  state: FormState;
  /** The error to show for a field or cell key (the engine computes all; shown once dirty). */
  shownError(key: string): FieldError | undefined;
  label(field: FieldConfig): string;
  translate(text: string): string;
  optionsOf(field: FieldConfig): FieldOptions['values'] | undefined;
  readOnly(key: string): boolean;
  setValue(key: string, value: FieldValue): void;
  blur(key: string): void;
  setCell(containerKey: string, row: number | 'headers', key: string, value: FieldValue): void;
  blurCell(containerKey: string, row: number | 'headers', key: string): void;
  addRow(containerKey: string): boolean;
  removeRow(containerKey: string, row: number): void;
  /** Runs the field's button microflow. */
  runMicroflow?(field: FieldConfig): void;
  /** Keys a VERIFY_FIELDS action marked: true verified, false failed. */
  verified(key: string): boolean | undefined;
}

/** A renderer for one scalar field (also table cells). */
export function ScalarField(props: FieldRendererProps): ReactNode {
  const details = props.field.field_type_details;
  switch (details.type) {
    case 'text':
      return details.currency_field ? <CurrencyInput {...props} /> : <TextInput {...props} />;
    case 'password':
    case 'textarea':
      return <TextInput {...props} />;
    case 'date':
      return <DateInput {...props} />;
    case 'checkbox':
    case 'toggle':
      return <CheckInput {...props} />;
    case 'dropdown':
      return <SelectInput {...props} />;
    case 'radio':
      return <RadioInput {...props} />;
    case 'range':
    case 'slider':
      return <SliderInput {...props} />;
    case 'counter':
      return <CounterInput {...props} />;
    case 'file_upload':
      return <FileUploadHub {...props} />;
    case 'signature':
      return <SignatureInput {...props} />;
    case 'heading':
      return <HeadingField text={props.label} />;
    case 'otp':
    case 'container':
      // These need the whole form (a recipient field, the table's columns): FieldRenderer renders them.
      return null;
  }
}

export function FieldRenderer({ field, binding }: { field: FieldConfig; binding: FormBinding }) {
  const { state } = binding;
  if (state.hidden.has(field.key)) return null;
  const details = field.field_type_details;
  const common: FieldRendererProps = {
    field,
    label: binding.label(field),
    value: state.values[field.key],
    error: binding.shownError(field.key),
    readOnly: binding.readOnly(field.key),
    options: binding.optionsOf(field),
    onChange: (value) => binding.setValue(field.key, value),
    onBlur: () => binding.blur(field.key),
  };
  let control: ReactNode;
  if (details.type === 'otp') {
    const recipientValue = details.recipient_field ? state.values[details.recipient_field] : undefined;
    const recipient =
      typeof recipientValue === 'string' || typeof recipientValue === 'number' ? String(recipientValue) : '';
    control = <OtpInput {...common} recipient={recipient} />;
  } else if (details.type === 'container') {
    const visible = (f: FieldConfig) => !state.hidden.has(f.key);
    control = (
      <TableField
        {...common}
        headers={containerHeaders(state.fields, field.key).filter(visible)}
        columns={containerColumns(state.fields, field.key).filter(visible)}
        cellErrors={Object.fromEntries(
          Object.keys(state.cellErrors)
            .filter((key) => key.startsWith(`${field.key}.`))
            .map((key) => [key, binding.shownError(key)]),
        )}
        optionsOf={binding.optionsOf}
        labelOf={binding.label}
        onCell={(row, key, value) => binding.setCell(field.key, row, key, value)}
        onCellBlur={(row, key) => binding.blurCell(field.key, row, key)}
        onAddRow={() => binding.addRow(field.key)}
        onRemoveRow={(row) => binding.removeRow(field.key, row)}
        renderCell={(props) => <ScalarField {...props} />}
      />
    );
  } else {
    control = <ScalarField {...common} />;
  }
  const verified = binding.verified(field.key);
  const microflow = field.microflow;
  if (verified === undefined && microflow?.trigger !== 'button') return control;
  return (
    <Box>
      {control}
      <Stack direction="row" spacing={1} sx={{ mt: 0.75, alignItems: 'center' }}>
        {microflow?.trigger === 'button' && binding.runMicroflow && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => binding.runMicroflow?.(field)}
            disabled={common.readOnly}
          >
            {binding.translate(microflow.label ?? 'Verify')}
          </Button>
        )}
        {verified === true && <Chip icon={<VerifiedIcon />} label="Verified" color="success" size="small" />}
        {verified === false && <Chip label="Not verified" color="error" size="small" variant="outlined" />}
      </Stack>
    </Box>
  );
}
