// A decision's credit limits, edited with its tables: the FOIR cap and the LTV bands (each: loans up to an amount may
// be at most a percent of the property's value), every problem under its field (domain/creditLimits).
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type DecisionDocument, formatCurrency, type LtvBand } from '@originate/contract';
import { useState } from 'react';
import { bandField, CREDIT_LIMITS, foirCapField } from '../../domain/creditLimits';
import type { ProblemsAt } from '../lifecycles/problems';

export interface CreditLimitEdits {
  setFoirCap: (percent: number) => void;
  setBand: (band: number, change: Partial<LtvBand>) => void;
  addBand: () => void;
  removeBand: (band: number) => void;
}

/** Empty text is null (where allowed), text that is no number NaN: the domain names the problem. */
const read = (text: string, emptyIsNull: boolean): number | null =>
  text.trim() === '' ? (emptyIsNull ? null : Number.NaN) : Number(text.trim());
const BAND_ROW = { alignItems: 'flex-start' } as const;
const same = (a: number | null, b: number | null) => Object.is(a, b);

/**
 * A number typed as text: what was typed stays while it reads as the value (so '7.' or a blank is not rewritten),
 * and the value's own text shows when it changes from outside (Discard).
 */
function NumberField({
  label,
  value,
  emptyIsNull,
  onChange,
  readOnly,
  problem,
  hint,
  placeholder,
  width,
  unit,
}: {
  label: string;
  value: number | null;
  emptyIsNull: boolean;
  onChange: (value: number | null) => void;
  readOnly: boolean;
  problem: string | undefined;
  hint: string;
  placeholder?: string;
  width: number;
  /** '₹' before the amount, '%' after a percent. */
  unit: '₹' | '%';
}) {
  const adornment = <InputAdornment position={unit === '₹' ? 'start' : 'end'}>{unit}</InputAdornment>;
  const [text, setText] = useState(value === null ? '' : String(value));
  const shown = same(read(text, emptyIsNull), value) ? text : value === null ? '' : String(value);
  return (
    <TextField
      size="small"
      value={shown}
      onChange={(e) => {
        setText(e.target.value);
        onChange(read(e.target.value, emptyIsNull));
      }}
      error={problem !== undefined}
      helperText={problem ?? hint}
      placeholder={placeholder}
      sx={{ width }}
      slotProps={{
        input: unit === '₹' ? { readOnly, startAdornment: adornment } : { readOnly, endAdornment: adornment },
        htmlInput: { 'aria-label': label, inputMode: 'decimal' },
      }}
    />
  );
}

export function CreditLimitsEditor({
  document,
  problems,
  readOnly,
  edits,
}: {
  document: Pick<DecisionDocument, 'foirCapPercent' | 'ltvCaps'>;
  problems: ProblemsAt;
  readOnly: boolean;
  edits: CreditLimitEdits;
}) {
  const bands = document.ltvCaps ?? [];
  const { foirCap, maxPercent, maxBands } = CREDIT_LIMITS;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="credit-limits-heading">
      <Typography id="credit-limits-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Credit limits
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={4} sx={{ mt: 1.5 }}>
        <Stack spacing={0.5}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            FOIR cap
          </Typography>
          <NumberField
            label="FOIR cap %"
            value={document.foirCapPercent}
            emptyIsNull={false}
            onChange={(v) => edits.setFoirCap(v ?? Number.NaN)}
            readOnly={readOnly}
            problem={problems.exact(foirCapField)}
            hint={`% of monthly income all EMIs may take, ${foirCap.min} to ${foirCap.max}`}
            width={240}
            unit="%"
          />
        </Stack>

        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            LTV caps by loan amount
          </Typography>
          {bands.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="no-ltv-caps">
              No LTV caps: a loan of any amount may be up to the property's full value.
            </Typography>
          ) : (
            <>
              <Typography variant="caption" color="text.secondary">
                Bands rise by amount; the first band a loan fits sets its cap. Leave the last band's amount empty to
                cover every larger loan.
              </Typography>
              {bands.map((band, i) => (
                // Bands are edited in place and have no id of their own: the index keys them.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Stack key={i} direction="row" spacing={1} sx={BAND_ROW} data-testid={`band-${i + 1}`}>
                  <Typography variant="body2" sx={{ pt: 1, width: 56, flexShrink: 0 }}>
                    Band {i + 1}
                  </Typography>
                  <NumberField
                    label={`Band ${i + 1} loans up to ₹`}
                    value={band.upToAmount}
                    emptyIsNull
                    onChange={(v) => edits.setBand(i, { upToAmount: v })}
                    readOnly={readOnly}
                    problem={problems.exact(bandField(i, 'upToAmount'))}
                    hint={
                      band.upToAmount === null
                        ? 'Any larger amount'
                        : Number.isFinite(band.upToAmount)
                          ? `Loans up to ${formatCurrency(band.upToAmount)}`
                          : 'Loans up to, in rupees'
                    }
                    placeholder="Any larger amount"
                    width={260}
                    unit="₹"
                  />
                  <NumberField
                    label={`Band ${i + 1} max LTV %`}
                    value={band.maxPercent}
                    emptyIsNull={false}
                    onChange={(v) => edits.setBand(i, { maxPercent: v ?? Number.NaN })}
                    readOnly={readOnly}
                    problem={problems.exact(bandField(i, 'maxPercent'))}
                    hint={`Max LTV %, ${maxPercent.min} to ${maxPercent.max}`}
                    width={170}
                    unit="%"
                  />
                  {!readOnly && (
                    <Tooltip title="Remove band">
                      <IconButton
                        size="small"
                        aria-label={`Remove band ${i + 1}`}
                        onClick={() => edits.removeBand(i)}
                        sx={{ mt: 0.5 }}
                      >
                        <DeleteOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </Stack>
              ))}
            </>
          )}
          {!readOnly && (
            <span>
              <Button
                size="small"
                startIcon={<AddOutlined />}
                onClick={edits.addBand}
                disabled={bands.length >= maxBands}
              >
                Add a band
              </Button>
              {bands.length >= maxBands && (
                <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                  At most {maxBands} bands
                </Typography>
              )}
            </span>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
