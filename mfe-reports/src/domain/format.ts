// How figures read (spec §9): amounts in INR with lakh grouping (the contract's formatCurrency), counts
// with Indian grouping, percentages with 2 decimals; axes use the short lakh/crore forms a banker reads.
import { achievementPercent, formatCurrency, formatPercent } from '@originate/contract';

export type ValueKind = 'count' | 'amount' | 'hours' | 'percent';

const countFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** What a missing value reads as (no target set, nothing decided). */
const NONE = '—';

export function formatValue(kind: ValueKind, value: number | null): string {
  if (value === null || !Number.isFinite(value)) return NONE;
  switch (kind) {
    case 'count':
      return countFormat.format(value);
    case 'amount':
      return formatCurrency(value, 'INR');
    case 'hours':
      return `${value.toFixed(1)} h`;
    case 'percent':
      return formatPercent(value);
  }
}

const shortNumber = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1).replace(/\.0$/, ''));

/** An axis tick: 1,50,00,000 → '₹1.5 Cr', 2,50,000 → '₹2.5 L', 12,000 → '₹12,000'. */
export function formatAxisAmount(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e7) return `₹${shortNumber(value / 1e7)} Cr`;
  if (abs >= 1e5) return `₹${shortNumber(value / 1e5)} L`;
  return `₹${countFormat.format(value)}`;
}

/** part of whole in percent, 2 decimals; null when there is no whole (0 leads: no rate): the contract's rule. */
export const percentOf = (part: number, whole: number): number | null => achievementPercent(part, whole);
