// A bank day of the filter bar (From, To): MUI's DatePicker in the spec's DD/MM/YYYY (§9), whatever the
// browser's locale (a native date input follows the browser: mm/dd/yyyy in en-US). The filter keeps
// YYYY-MM-DD; '' is "not a day" (empty, half typed or impossible), which the range check words under the field.
//
// The field is one plain text input, not the picker's default field: since x-date-pickers v9 that is a
// sectioned contenteditable (the `enableAccessibleFieldDOMStructure={false}` input is gone), which neither
// takes a pasted or filled 'DD/MM/YYYY' whole nor keeps a half-typed day visible. Here the input holds what
// was typed; a whole DD/MM/YYYY day (strict: 31/02 is none) becomes the picker's value, anything else is no
// day; the calendar button opens the picker, and a day picked there replaces the text.
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker, type DatePickerFieldProps } from '@mui/x-date-pickers/DatePicker';
import { usePickerAdapter, usePickerContext, useSplitFieldProps } from '@mui/x-date-pickers/hooks';
import { CalendarIcon } from '@mui/x-date-pickers/icons';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { DAY_DISPLAY_FORMAT } from '../domain/dates';

/** The field's wire format (the filter's), the contract's bank day. */
const ISO_DAY = 'YYYY-MM-DD';
const ISO_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** What the bar tells the field beyond the picker's own props: the problem under it. */
const FieldProblem = createContext<string | undefined>(undefined);

const isoOf = (value: Dayjs | null) => (value?.isValid() ? value.format(ISO_DAY) : '');

function DayTextField(props: DatePickerFieldProps) {
  const { forwardedProps } = useSplitFieldProps(props, 'date');
  const picker = usePickerContext();
  const adapter = usePickerAdapter();
  const problem = useContext(FieldProblem);
  const label = typeof picker.label === 'string' ? picker.label : 'Day';
  const shown = (value: Dayjs | null) => (value?.isValid() ? value.format(picker.fieldFormat) : '');
  const [text, setText] = useState(() => shown(picker.value));
  // A new day from outside (the calendar, a reset) replaces the text; "no day" keeps what was typed.
  const day = isoOf(picker.value);
  const [seenDay, setSeenDay] = useState(day);
  if (day !== seenDay) {
    setSeenDay(day);
    if (day !== '' && day !== isoOf(adapter.parse(text, picker.fieldFormat))) setText(shown(picker.value));
  }
  return (
    <TextField
      {...forwardedProps}
      ref={picker.rootRef}
      className={picker.rootClassName}
      sx={picker.rootSx}
      label={picker.label}
      name={picker.name}
      size="small"
      value={text}
      placeholder={picker.fieldFormat}
      error={Boolean(problem)}
      helperText={problem}
      onChange={(event) => {
        setText(event.target.value);
        picker.setValue(adapter.parse(event.target.value.trim(), picker.fieldFormat));
      }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', autoComplete: 'off', spellCheck: false },
        input: {
          ref: picker.triggerRef,
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                size="small"
                // Not naming the field: getByLabel('From') would find this button too (a label's substring).
                aria-label="Choose date"
                title={`Choose the ${label} day`}
                disabled={picker.triggerStatus === 'disabled'}
                onClick={() => picker.setOpen((open) => !open)}
              >
                <CalendarIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** One bank day (YYYY-MM-DD, '' for none) shown and typed as DD/MM/YYYY, with a calendar. */
export function DayPicker({
  label,
  value,
  onChange,
  problem,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  /** The reason this day cannot be asked for, shown under the field (it names the field). */
  problem: string | undefined;
}) {
  const picked = ISO_DAY_PATTERN.test(value) ? dayjs(value) : null;
  return (
    <FieldProblem.Provider value={problem}>
      <DatePicker
        label={label}
        format={DAY_DISPLAY_FORMAT}
        value={picked?.isValid() ? picked : null}
        onChange={(next) => onChange(isoOf(next))}
        views={['year', 'month', 'day']}
        slots={{ field: DayTextField }}
      />
    </FieldProblem.Provider>
  );
}

/** The dayjs adapter for the bar's pickers (this remote only: neither package is a shared singleton). */
export function DayPickerProvider({ children }: { children: ReactNode }) {
  return <LocalizationProvider dateAdapter={AdapterDayjs}>{children}</LocalizationProvider>;
}
