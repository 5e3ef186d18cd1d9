// Dates (spec §5): the field's format (default DD/MM/YYYY), kept as text in that format. Typed by its
// digits (dateMask.ts) or picked from a calendar; the bounds (BETWEEN_DATE, BETWEEN_AGE, BETWEEN_DAYS) come
// from the engine, which also judges the value. The calendar and its date library load on the first press
// of the calendar button, never for a step that merely shows dates.
import { DATE_FORMAT } from '@originate/contract';
import { parseDate } from '@originate/flow-engine';
import { lazy, Suspense, useRef, useState } from 'react';
import { maskDate } from './dateMask';
import { useDomValue, useFirstValue } from './domValue';
import { FieldFrame, singleControl } from './FieldFrame';
import { type FieldRendererProps, inputText } from './types';

const DateCalendarPopover = lazy(() => import('./DateCalendarPopover'));

const CALENDAR_ICON = (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M19 4h-1V2h-2v2H8V2H6v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2m0 16H5V10h14zm0-12H5V6h14z"
    />
  </svg>
);

export function DateInput({ field, label, value, error, readOnly, onChange, onBlur }: FieldRendererProps) {
  const details = field.field_type_details;
  const format = details.date_format ?? DATE_FORMAT;
  const shown = inputText(value);
  const inputRef = useDomValue<HTMLInputElement>(shown);
  const firstValue = useFirstValue(shown);
  const anchor = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // A half-typed or impossible date is no value yet: the input keeps the text, the form sees null, and
  // leaving the field says so.
  const [typedInvalid, setTypedInvalid] = useState(false);
  const { id, required, frame, aria } = singleControl(
    { field, label, error, readOnly },
    typedInvalid ? `${label} is invalid` : undefined,
  );

  const take = (text: string) => {
    const date = text === '' ? undefined : parseDate(text, format);
    onChange(date ? date.format(format) : null, 'shown');
    return date !== undefined || text === '';
  };

  return (
    <FieldFrame {...frame}>
      <div className="of-box" ref={anchor}>
        <input
          id={id}
          name={field.key}
          className="of-input"
          type="text"
          inputMode="numeric"
          spellCheck={false}
          autoComplete="off"
          placeholder={format}
          defaultValue={firstValue}
          ref={inputRef}
          required={required}
          disabled={readOnly}
          {...aria}
          onChange={(e) => {
            const input = e.target;
            // Deleting keeps what is left as it is, separators included; typing lays the digits into the format.
            const deleting = (e.nativeEvent as InputEvent).inputType?.startsWith('delete');
            if (!deleting) {
              const masked = maskDate(input.value, format);
              if (masked !== input.value) input.value = masked;
            }
            if (take(input.value)) setTypedInvalid(false);
          }}
          onBlur={(e) => {
            setTypedInvalid(!take(e.target.value));
            onBlur();
          }}
        />
        {!readOnly && (
          <button
            type="button"
            className="of-step of-pick"
            aria-label={`Choose ${label} from a calendar`}
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
          >
            {CALENDAR_ICON}
          </button>
        )}
      </div>
      {open && (
        <Suspense fallback={null}>
          <DateCalendarPopover
            anchor={anchor.current}
            field={field}
            label={label}
            format={format}
            value={shown}
            onPick={(text) => {
              const input = inputRef.current;
              if (input) input.value = text;
              setTypedInvalid(false);
              onChange(text);
              setOpen(false);
              onBlur();
              input?.focus();
            }}
            onClose={() => {
              setOpen(false);
              inputRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </FieldFrame>
  );
}
