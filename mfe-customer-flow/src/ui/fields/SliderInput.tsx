// range (two thumbs, [low, high]) and slider (one thumb), bounds and step from the engine (0..100 by
// default, step 1: the thumbs move along the grid the engine validates): the browser's own range inputs,
// with the value shown beside the label.
import { numericBounds, numericStep, toNumber } from '@originate/flow-engine';
import { FieldFrame } from './FieldFrame';
import { errorText, type FieldRendererProps, fieldDomId, helperId } from './types';

function percentOf(value: number, min: number, max: number): number {
  return max > min ? Math.min(100, Math.max(0, ((value - min) / (max - min)) * 100)) : 0;
}

export function SliderInput({ field, label, value, error, readOnly, onChange, onBlur }: FieldRendererProps) {
  const details = field.field_type_details;
  const { min, max } = numericBounds(field);
  const range = details.type === 'range';
  const shown = errorText(label, error);
  const id = fieldDomId(field.key);
  const n = toNumber(value as string | number);
  const current: [number, number] | number = range
    ? Array.isArray(value) && value.length === 2
      ? [toNumber(value[0] as string | number), toNumber(value[1] as string | number)]
      : [min, max]
    : Number.isFinite(n)
      ? n
      : min;
  const shownValue = Array.isArray(current) ? `${current[0]} – ${current[1]}` : String(current);
  const thumb = (index: 0 | 1 | null, at: number, name: string) => (
    <input
      type="range"
      className="of-range"
      id={index === 1 ? `${id}-max` : id}
      name={index === null ? field.key : `${field.key}.${index}`}
      aria-label={name}
      min={min}
      max={max}
      step={numericStep(field)}
      value={at}
      disabled={readOnly}
      aria-describedby={shown ? helperId(field.key) : undefined}
      aria-invalid={shown !== undefined || undefined}
      onChange={(e) => {
        const next = Number(e.target.value);
        if (!Array.isArray(current)) return onChange(next);
        // A thumb never passes the other one.
        onChange(index === 0 ? [Math.min(next, current[1]), current[1]] : [current[0], Math.max(next, current[0])]);
      }}
      onPointerUp={onBlur}
      onKeyUp={onBlur}
      onBlur={onBlur}
    />
  );
  return (
    <FieldFrame
      fieldKey={field.key}
      label={
        <>
          {label}: <output className="of-value">{shownValue}</output>
        </>
      }
      required={details.mandatory === true}
      helper={shown}
      invalid={shown !== undefined}
      disabled={readOnly}
    >
      {Array.isArray(current) ? (
        // Two range inputs over one track: each thumb takes the pointer, the track between them is the range.
        <div className="of-range-pair">
          <span
            className="of-range-span"
            style={{ left: `${percentOf(current[0], min, max)}%`, right: `${100 - percentOf(current[1], min, max)}%` }}
          />
          {thumb(0, current[0], `${label} minimum`)}
          {thumb(1, current[1], `${label} maximum`)}
        </div>
      ) : (
        thumb(null, current, label)
      )}
    </FieldFrame>
  );
}
