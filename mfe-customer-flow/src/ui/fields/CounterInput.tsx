// Counter (spec §5): − and + buttons that move by the field's step (default 1) only within the bounds
// (engine counterStep); the number between them is a spin button (arrow keys, + and −).
import { counterStep, numericBounds, numericStep, toNumber } from '@originate/flow-engine';
import { FieldFrame, singleControl } from './FieldFrame';
import type { FieldRendererProps } from './types';

export function CounterInput({ field, label, value, error, readOnly, onChange, onBlur }: FieldRendererProps) {
  const { min, max } = numericBounds(field);
  const n = toNumber(value as string | number);
  const current = Number.isFinite(n) ? n : min;
  const { id, required, frame, aria } = singleControl({ field, label, error, readOnly });
  const step = (delta: 1 | -1) => {
    onChange(counterStep(current, delta, min, max, numericStep(field)));
    onBlur();
  };
  return (
    <FieldFrame {...frame}>
      <div className="of-box">
        <button
          type="button"
          className="of-step"
          aria-label={`Decrease ${label}`}
          onClick={() => step(-1)}
          disabled={readOnly || current <= min}
        >
          −
        </button>
        <input
          id={id}
          name={field.key}
          className="of-input"
          value={String(current)}
          readOnly
          disabled={readOnly}
          role="spinbutton"
          aria-valuemin={min}
          aria-valuemax={max}
          aria-valuenow={current}
          aria-required={required || undefined}
          {...aria}
          onKeyDown={(e) => {
            if (e.key === 'ArrowUp' || e.key === '+') step(1);
            if (e.key === 'ArrowDown' || e.key === '-') step(-1);
          }}
        />
        <button
          type="button"
          className="of-step"
          aria-label={`Increase ${label}`}
          onClick={() => step(1)}
          disabled={readOnly || current >= max}
        >
          +
        </button>
      </div>
    </FieldFrame>
  );
}
