// A loan calculator field (field_type_details.loan_calculator): the EMI, total interest, APR and the repayment
// schedule of the amount and tenure the applicant is choosing, worked out in the browser with the contract's
// loanCost (decimal.js, exact paise), the arithmetic the server's /calculations/calculate answers with. Loaded
// only when a step shows one, so decimal.js stays out of the portal's first bundle.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type FieldConfig, formatCurrency, formatPercent } from '@originate/contract';
import { type LoanCost, loanCost, tenureText } from '@originate/contract/templates';
import { useDeferredValue, useMemo } from 'react';
import { useFormSelector } from './formStore';
import { errorText, type FieldRendererProps, type FormBinding } from './types';

type Calculator = NonNullable<FieldRendererProps['field']['field_type_details']['loan_calculator']>;

interface Terms {
  amount: number;
  months: number;
  rate: number;
  /**
   * The rule a chosen term breaks, in the field's own message ('Please enter amount between the range of
   * ₹50,000 and ₹25,00,000'): a schedule for a loan the product does not offer would mislead.
   */
  problem: string | undefined;
}

/** A form value as a number ('2,50,000' and '250000' alike); NaN when it is none. */
function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.replace(/,/g, '').trim();
  return text === '' ? Number.NaN : Number(text);
}

// Object.is: a term not chosen yet is NaN, and a snapshot that never equals itself would render for ever.
const sameTerms = (a: Terms, b: Terms) =>
  Object.is(a.amount, b.amount) &&
  Object.is(a.months, b.months) &&
  Object.is(a.rate, b.rate) &&
  a.problem === b.problem;

/** The first term outside its field's rules, as the field says it; an empty term is no problem yet. */
function problemOf(binding: FormBinding, keys: readonly (string | undefined)[]): string | undefined {
  const { errors, fields } = binding.state;
  for (const key of keys) {
    const error = key ? errors?.[key] : undefined;
    if (!error || error.code === 'required') continue;
    const field = fields?.find((f) => f.key === key);
    return errorText(field ? binding.label(field) : '', error);
  }
  return undefined;
}

/** The loan's cost on the terms the form holds, or null while one is missing or out of range. */
function costOf(terms: Terms): LoanCost | null {
  const { amount, months, rate } = terms;
  if (!(amount >= 1 && amount < 1e10) || !Number.isInteger(months) || months < 1 || months > 600) return null;
  if (!(rate >= 0 && rate <= 99.99)) return null;
  try {
    return loanCost({ amount, annualRatePercent: rate, tenureMonths: months });
  } catch {
    return null;
  }
}

/** The terms the form's values choose for this calculator. */
function termsOf(calculator: Calculator, values: Record<string, unknown>): Omit<Terms, 'problem'> {
  const tenure = numberOf(values[calculator.tenure_field]);
  return {
    amount: numberOf(values[calculator.amount_field]),
    months: calculator.tenure_unit === 'YEARS' ? tenure * 12 : tenure,
    rate: calculator.rate_field ? numberOf(values[calculator.rate_field]) : (calculator.rate_percent ?? Number.NaN),
  };
}

/**
 * The summary's words for a calculator, which holds no value of its own: the EMI of the chosen terms and the
 * rate it was worked at, so the applicant checks the figure they are applying for.
 */
export function LoanCalculatorSummary({ field, values }: { field: FieldConfig; values: Record<string, unknown> }) {
  const terms = termsOf(field.field_type_details.loan_calculator as Calculator, values);
  const cost = costOf({ ...terms, problem: undefined });
  if (cost === null) return '—';
  return `${formatCurrency(Number(cost.emi))} a month over ${tenureText(terms.months)} at ${formatPercent(terms.rate)} a year`;
}

export function LoanCalculatorField({ field, label }: FieldRendererProps) {
  const calculator = field.field_type_details.loan_calculator as Calculator;
  const pick = useMemo(
    () =>
      (binding: FormBinding): Terms => ({
        ...termsOf(calculator, binding.state.values as Record<string, unknown>),
        problem: problemOf(binding, [calculator.amount_field, calculator.tenure_field, calculator.rate_field]),
      }),
    [calculator],
  );
  // Deferred: dragging the tenure slider stays smooth, the schedule follows when the browser has time.
  const terms = useDeferredValue(useFormSelector(pick, sameTerms));
  const cost = useMemo(() => (terms.problem === undefined ? costOf(terms) : null), [terms]);
  const id = `loan-calculator-${field.key}`;

  return (
    <Box component="section" aria-labelledby={`${id}-label`} sx={{ py: 1 }}>
      <Typography id={`${id}-label`} variant="subtitle2" color="text.secondary">
        {label}
      </Typography>
      {terms.problem !== undefined ? (
        <Typography color="error" role="status" data-testid="emi-problem">
          {terms.problem}
        </Typography>
      ) : cost === null ? (
        <Typography color="text.secondary">Choose the amount and tenure to see your EMI.</Typography>
      ) : (
        <>
          <Typography variant="h5" component="p" aria-live="polite" data-testid="emi">
            {formatCurrency(Number(cost.emi))} a month
          </Typography>
          <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', my: 1 }}>
            <Typography variant="body2">
              {formatCurrency(Number(cost.amount))} over {tenureText(terms.months)} at {formatPercent(terms.rate)} a
              year
            </Typography>
            <Typography variant="body2">Total interest {formatCurrency(Number(cost.totalInterest))}</Typography>
            <Typography variant="body2">APR {formatPercent(Number(cost.apr))}</Typography>
          </Stack>
          {/* It scrolls: focusable so a keyboard can scroll it too. */}
          <Box
            tabIndex={0}
            role="region"
            aria-label="Repayment schedule by month"
            sx={{ maxHeight: 280, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Table size="small" stickyHeader aria-label="Repayment schedule">
              <TableHead>
                <TableRow>
                  <TableCell>Month</TableCell>
                  <TableCell align="right">Opening balance</TableCell>
                  <TableCell align="right">Interest</TableCell>
                  <TableCell align="right">Principal</TableCell>
                  <TableCell align="right">Closing balance</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {cost.schedule.map((row, i) => (
                  <TableRow key={row.month}>
                    <TableCell>{row.month}</TableCell>
                    <TableCell align="right">
                      {formatCurrency(Number(i === 0 ? cost.amount : cost.schedule[i - 1]?.balance))}
                    </TableCell>
                    <TableCell align="right">{formatCurrency(Number(row.interest))}</TableCell>
                    <TableCell align="right">{formatCurrency(Number(row.principal))}</TableCell>
                    <TableCell align="right">{formatCurrency(Number(row.balance))}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Box>
  );
}
