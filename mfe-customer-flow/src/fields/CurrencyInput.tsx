// Currency text fields (spec §5, §9): INR with lakh grouping (USD, AUD, PERCENT too) shown while the
// field is not being edited; AMOUNT and INTEREST keypress rules from the engine while it is.
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { formatCurrency, formatPercent } from '@originate/shared';
import { type KeyboardEvent, useState } from 'react';
import { flushSync } from 'react-dom';
import { amountKeypressAllowed, amountKeyUp, interestKeypressAllowed, toNumber } from '../engine';
import { errorText, type FieldRendererProps, fieldDomId } from './types';

type Currency = 'INR' | 'USD' | 'AUD' | 'PERCENT';

const SYMBOLS: Record<Currency, string> = { INR: '₹', USD: '$', AUD: 'A$', PERCENT: '%' };

/** '1234567.5' → '12,34,567.50' (INR), '1,234,567.50' (USD/AUD), '1234567.50' (PERCENT); other text unchanged. */
export function groupedAmount(raw: string, currency: Currency): string {
  const n = toNumber(raw);
  if (raw === '' || !Number.isFinite(n)) return raw;
  if (currency === 'PERCENT') return formatPercent(n).replace('%', '');
  // The symbol sits in the adornment; the input shows the grouped digits only.
  return formatCurrency(n, currency).replace(/^[^\d-]+/, '');
}

export function CurrencyInput({ field, label, value, error, readOnly, onChange, onBlur }: FieldRendererProps) {
  const details = field.field_type_details;
  const currency: Currency = details.currency ?? 'INR';
  const [editing, setEditing] = useState(false);
  const raw = typeof value === 'string' || typeof value === 'number' ? String(value) : '';

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const allowed =
      details.keypress === 'AMOUNT'
        ? amountKeypressAllowed(raw, event.key)
        : details.keypress === 'INTEREST'
          ? interestKeypressAllowed(raw, event.key)
          : true;
    if (!allowed) event.preventDefault();
  };

  const onKeyUp = () => {
    if (details.keypress !== 'AMOUNT') return;
    const cleaned = amountKeyUp(raw);
    if (cleaned !== raw) onChange(cleaned);
  };

  const symbol = SYMBOLS[currency];
  const adornment = <InputAdornment position={currency === 'PERCENT' ? 'end' : 'start'}>{symbol}</InputAdornment>;
  return (
    <TextField
      id={fieldDomId(field.key)}
      name={field.key}
      label={label}
      value={editing ? raw : groupedAmount(raw, currency)}
      onFocus={(event) => {
        // The grouped text turns into the raw digits: re-render now, so that text the browser had
        // selected whole (tabbing in, select-all) is still selected whole and typing replaces it.
        const input = event.target;
        const whole = input.value !== '' && input.selectionStart === 0 && input.selectionEnd === input.value.length;
        flushSync(() => setEditing(true));
        if (whole) input.select();
      }}
      onBlur={() => {
        setEditing(false);
        onBlur();
      }}
      onChange={(e) => onChange(e.target.value.replace(/,/g, ''))}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
      required={details.mandatory === true}
      error={error !== undefined}
      helperText={errorText(label, error) ?? details.placeholder}
      fullWidth
      disabled={readOnly}
      slotProps={{
        htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
        input: currency === 'PERCENT' ? { endAdornment: adornment } : { startAdornment: adornment },
      }}
    />
  );
}
