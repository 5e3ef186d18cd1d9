// Currency text fields (spec §5, §9): INR with lakh grouping (USD, AUD, EUR, PERCENT too) shown while the
// field is not being edited; AMOUNT and INTEREST keypress rules from the engine while it is. Every
// currency groups with ',' and marks decimals with '.' (EUR too: the contract formats it en-IE), so the
// keypress masks and the comma stripping below hold for all of them.
import { type CurrencyCode, formatCurrency, formatPercent } from '@originate/contract';
import { toNumber } from '@originate/flow-engine';
import type { KeyboardEvent } from 'react';
import { useDomValue, useFirstValue } from './domValue';
import { FieldFrame, singleControl } from './FieldFrame';
import { amountKeypressAllowed, amountKeyUp, interestKeypressAllowed } from './inputMasks';
import { type FieldRendererProps, inputText } from './types';

type Currency = CurrencyCode | 'PERCENT';

const SYMBOLS: Record<Currency, string> = { INR: '₹', USD: '$', AUD: 'A$', EUR: '€', PERCENT: '%' };

/** '1234567.5' → '12,34,567.50' (INR), '1,234,567.50' (USD/AUD/EUR), '1234567.50' (PERCENT); other text unchanged. */
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
  const raw = inputText(value);
  // The browser edits the input (domValue.ts): grouped while the field is left, the raw digits while in it.
  const grouped = groupedAmount(raw, currency);
  const inputRef = useDomValue(grouped);
  const firstValue = useFirstValue(grouped);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const typed = event.currentTarget.value;
    const allowed =
      details.keypress === 'AMOUNT'
        ? amountKeypressAllowed(typed, event.key)
        : details.keypress === 'INTEREST'
          ? interestKeypressAllowed(typed, event.key)
          : true;
    if (!allowed) event.preventDefault();
  };

  const onKeyUp = (event: KeyboardEvent<HTMLInputElement>) => {
    if (details.keypress !== 'AMOUNT') return;
    const input = event.currentTarget;
    const cleaned = amountKeyUp(input.value);
    if (cleaned === input.value) return;
    input.value = cleaned;
    onChange(cleaned, 'shown');
  };

  const { id, required, frame, aria } = singleControl({ field, label, error, readOnly }, undefined, {
    placeholderInControl: true,
  });
  const symbol = (
    <span className={currency === 'PERCENT' ? 'of-adorn-end' : 'of-adorn'} aria-hidden="true">
      {SYMBOLS[currency]}
    </span>
  );
  return (
    <FieldFrame {...frame}>
      <div className="of-box">
        {currency !== 'PERCENT' && symbol}
        <input
          id={id}
          name={field.key}
          className="of-input"
          type="text"
          inputMode="decimal"
          spellCheck={false}
          autoComplete="off"
          defaultValue={firstValue}
          ref={inputRef}
          placeholder={details.placeholder}
          required={required}
          disabled={readOnly}
          {...aria}
          onFocus={(event) => {
            // The grouped text turns into the raw digits; text the browser had selected whole (tabbing in,
            // select-all) stays selected whole, so typing replaces it.
            const input = event.target;
            const whole = input.value !== '' && input.selectionStart === 0 && input.selectionEnd === input.value.length;
            input.value = raw;
            if (whole) input.select();
          }}
          onBlur={(event) => {
            event.target.value = groupedAmount(event.target.value.replace(/,/g, ''), currency);
            onBlur();
          }}
          onChange={(e) => onChange(e.target.value.replace(/,/g, ''), 'shown')}
          onKeyDown={onKeyDown}
          onKeyUp={onKeyUp}
        />
        {currency === 'PERCENT' && symbol}
      </div>
    </FieldFrame>
  );
}
