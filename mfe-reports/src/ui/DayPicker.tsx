// A bank day of the filter bar (From, To), typed and shown in the spec's DD/MM/YYYY (§9) whatever the browser's
// locale (a native date input follows the browser: mm/dd/yyyy in en-US). The filter keeps YYYY-MM-DD; '' is
// "not a day" (empty, half typed or impossible), which the range check words under the field. The field holds
// what was typed; a whole DD/MM/YYYY day (strict: 31/02 is none) becomes the value. The calendar button opens a
// calendar (DayCalendar) whose library comes on that first click: the Dashboard, the landing page, paints its
// filters without it.
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import TextField from '@mui/material/TextField';
import { lazy, Suspense, useRef, useState } from 'react';
import { DAY_DISPLAY_FORMAT, displayDay, parseDisplayDay } from '../domain/dates';

const DayCalendar = lazy(() => import('./DayCalendar'));

/**
 * The date pickers' calendar icon (its path), drawn by the SvgIcon the shell already loaded: importing it from
 * '@mui/x-date-pickers/icons' brought MUI's utils and a second copy of its theme code (about 13 KiB br) to the
 * Dashboard's first screen.
 */
function CalendarIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M17 12h-5v5h5v-5zM16 1v2H8V1H6v2H5c-1.11 0-1.99.9-1.99 2L3 19c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2h-1V1h-2zm3 18H5V8h14v11z" />
    </SvgIcon>
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
  const [text, setText] = useState(() => (value ? displayDay(value) : ''));
  // A new day from outside (the calendar, a reset) replaces the text; "no day" keeps what was typed.
  const [seenDay, setSeenDay] = useState(value);
  if (value !== seenDay) {
    setSeenDay(value);
    if (value !== '' && value !== parseDisplayDay(text)) setText(displayDay(value));
  }
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLDivElement>(null);
  return (
    <>
      <TextField
        ref={field}
        label={label}
        size="small"
        value={text}
        placeholder={DAY_DISPLAY_FORMAT}
        error={Boolean(problem)}
        helperText={problem}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseDisplayDay(event.target.value));
        }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', autoComplete: 'off', spellCheck: false },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  size="small"
                  // Not naming the field: getByLabel('From') would find this button too (a label's substring).
                  aria-label="Choose date"
                  aria-haspopup="dialog"
                  title={`Choose the ${label} day`}
                  onClick={() => setOpen((was) => !was)}
                >
                  <CalendarIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {open && (
        <Suspense fallback={null}>
          <DayCalendar
            anchor={field.current}
            label={label}
            value={value}
            onPick={(day) => {
              setOpen(false);
              onChange(day);
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
