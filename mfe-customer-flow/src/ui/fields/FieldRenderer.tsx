// Picks the renderer for a field from its type and binds it to the form (engine FormState).
import VerifiedIcon from '@mui/icons-material/Verified';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FieldConfig, FieldValue } from '@originate/contract';
import { containerColumns, containerHeaders } from '@originate/flow-engine';
import { lazy, memo, type ReactNode, Suspense, useCallback, useMemo, useRef } from 'react';
import { CheckGroupInput } from './CheckGroupInput';
import { CheckInput } from './CheckInput';
import { CounterInput } from './CounterInput';
import { CurrencyInput } from './CurrencyInput';
import { DateInput } from './DateInput';
import { sameError, useCellErrors, useFieldView, useFormSelector, useFormStore, useVisibleCells } from './formStore';
import { HeadingField } from './HeadingField';
import { OtpInput } from './OtpInput';
import { RadioInput } from './RadioInput';
import { SelectInput } from './SelectInput';
import { SliderInput } from './SliderInput';
import { TableField } from './TableField';
import { TextInput } from './TextInput';
import type { FieldRendererProps, FormBinding } from './types';

// Loaded when a step first shows one: signature_pad, the upload list and its file preview.
const FileUploadHub = lazy(() => import('./FileUploadHub').then((m) => ({ default: m.FileUploadHub })));
const SignatureInput = lazy(() => import('./SignatureInput').then((m) => ({ default: m.SignatureInput })));
// With decimal.js: only a step with a loan calculator loads it.
const LoanCalculatorField = lazy(() =>
  import('./LoanCalculatorField').then((m) => ({ default: m.LoanCalculatorField })),
);

/** Stands in for a renderer still loading: its label, so the screen does not jump. */
function Loading({ label }: { label: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 1 }}>
      {label}
    </Typography>
  );
}

/** A renderer for one scalar field (also table cells). */
export function ScalarField(props: FieldRendererProps): ReactNode {
  const details = props.field.field_type_details;
  switch (details.type) {
    case 'text':
      if (details.loan_calculator) {
        return (
          <Suspense fallback={<Loading label={props.label} />}>
            <LoanCalculatorField {...props} />
          </Suspense>
        );
      }
      return details.currency_field ? <CurrencyInput {...props} /> : <TextInput {...props} />;
    case 'password':
    case 'textarea':
      return <TextInput {...props} />;
    case 'date':
      return <DateInput {...props} />;
    case 'checkbox':
      return details.multiple ? <CheckGroupInput {...props} /> : <CheckInput {...props} />;
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
      return (
        <Suspense fallback={<Loading label={props.label} />}>
          <FileUploadHub {...props} />
        </Suspense>
      );
    case 'signature':
      return (
        <Suspense fallback={<Loading label={props.label} />}>
          <SignatureInput {...props} />
        </Suspense>
      );
    case 'heading':
      return <HeadingField text={props.label} />;
    case 'otp':
    case 'container':
      // These need the whole form (a recipient field, the table's columns): FieldRenderer renders them.
      return null;
  }
}

interface ControlProps extends FieldRendererProps {
  /** An OTP field's recipient. */
  recipient: string;
}

function sameControl(a: ControlProps, b: ControlProps): boolean {
  return (
    a.field === b.field &&
    a.label === b.label &&
    a.value === b.value &&
    sameError(a.error, b.error) &&
    a.readOnly === b.readOnly &&
    a.options === b.options &&
    a.recipient === b.recipient &&
    a.onChange === b.onChange &&
    a.onBlur === b.onBlur
  );
}

/**
 * The field's control, re-rendered only when what it shows changes: a rule hiding or showing the field
 * toggles its wrapper's `hidden` and leaves the MUI input alone (no re-render, no textarea re-measure).
 */
const FieldControl = memo(function FieldControl({ recipient, ...common }: ControlProps) {
  const type = common.field.field_type_details.type;
  if (type === 'otp') return <OtpInput {...common} recipient={recipient} />;
  if (type === 'container') return <BoundTable {...common} />;
  return <ScalarField {...common} />;
}, sameControl);

/** A top-level field's slot, in a run of them that skips layout and paint off the screen (fieldStyles.ts `of-chunk`). */
function FieldBox({ hidden, children }: { hidden: boolean; children: ReactNode }) {
  return (
    <div className="of-slot" hidden={hidden}>
      {children}
    </div>
  );
}

/** One top-level field, re-rendered only when its own slice of the form changes (see formStore). */
export const FieldRenderer = memo(function FieldRenderer({ field }: { field: FieldConfig }) {
  const store = useFormStore();
  const view = useFieldView(field);
  const { key } = field;
  const onChange = useCallback(
    (value: FieldValue, shown?: 'shown') => {
      // A value the control already shows (a field the browser edits) needs no render of its own.
      if (!shown) store.type(key, value);
      store.get().setValue(key, value);
    },
    [store, key],
  );
  const onBlur = useCallback(() => {
    store.get().blur(key);
    store.untype(key);
  }, [store, key]);
  // Once shown, a field stays mounted: a rule hiding it again only hides it (display: none keeps it out
  // of the accessibility tree and the tab order), so crossing a rule's threshold remounts nothing. While
  // hidden, the control keeps what it last showed: the engine empties a hidden field's value and gives it
  // back when shown, and neither is worth a render of twenty-odd controls per rule flip on a keystroke.
  const shown = useRef<ReactNode>(null);
  if (view.hidden && shown.current === null) return null;
  const control = view.hidden ? (
    shown.current
  ) : (
    <FieldControl
      field={field}
      label={view.label}
      value={view.value}
      error={view.error}
      readOnly={view.readOnly}
      options={view.options}
      recipient={view.recipient}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
  shown.current = control;
  const microflow = field.microflow;
  if (view.verified === undefined && microflow?.trigger !== 'button')
    return <FieldBox hidden={view.hidden}>{control}</FieldBox>;
  return (
    <FieldBox hidden={view.hidden}>
      {control}
      <Stack direction="row" spacing={1} sx={{ mt: 0.75, alignItems: 'center' }}>
        {view.microflowLabel && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => store.get().runMicroflow?.(field)}
            disabled={view.readOnly}
          >
            {view.microflowLabel}
          </Button>
        )}
        {view.verified === true && <Chip icon={<VerifiedIcon />} label="Verified" color="success" size="small" />}
        {view.verified === false && <Chip label="Not verified" color="error" size="small" variant="outlined" />}
      </Stack>
    </FieldBox>
  );
});

const renderCell = (props: FieldRendererProps) => <ScalarField {...props} />;

/** A container table bound to the form: its visible headers and columns, cell errors and row actions. */
function BoundTable(props: FieldRendererProps) {
  const store = useFormStore();
  const { key } = props.field;
  // From the store's subscription, not store.get() at first render: a step's table mounts before
  // FormLayout hands the store that step's binding (layout effect), when get() is still the previous step's.
  const fields = useFormSelector(pickFields, Object.is);
  const children = useMemo(() => [...containerHeaders(fields, key), ...containerColumns(fields, key)], [fields, key]);
  const visible = useVisibleCells(children);
  const { headers, columns } = useMemo(() => {
    const shown = new Set(visible.split('\n'));
    const fields = children.filter((child) => shown.has(child.key));
    return {
      headers: fields.filter((child) => child.isSectionHeader === true),
      columns: fields.filter((child) => child.isSectionHeader !== true),
    };
  }, [children, visible]);
  const cellErrors = useCellErrors(key);
  const onCell = useCallback(
    (row: number | 'headers', cell: string, value: FieldValue) => store.get().setCell(key, row, cell, value),
    [store, key],
  );
  const onCellBlur = useCallback(
    (row: number | 'headers', cell: string) => store.get().blurCell(key, row, cell),
    [store, key],
  );
  const onAddRow = useCallback(() => store.get().addRow(key), [store, key]);
  const onRemoveRow = useCallback((row: number) => store.get().removeRow(key, row), [store, key]);
  const optionsOf = useCallback((f: FieldConfig) => store.get().optionsOf(f), [store]);
  const labelOf = useFormSelector(pickLabel, Object.is);
  return (
    <TableField
      {...props}
      headers={headers}
      columns={columns}
      cellErrors={cellErrors}
      optionsOf={optionsOf}
      labelOf={labelOf}
      onCell={onCell}
      onCellBlur={onCellBlur}
      onAddRow={onAddRow}
      onRemoveRow={onRemoveRow}
      renderCell={renderCell}
    />
  );
}

const pickLabel = (binding: FormBinding) => binding.label;
const pickFields = (binding: FormBinding) => binding.state.fields;
