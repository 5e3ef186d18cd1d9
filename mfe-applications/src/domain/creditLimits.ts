// A decision's credit limits as plain functions: the FOIR cap and the LTV bands, each problem named by its band and
// rule. The limits come from the contract's schema and the rules are the server's own (ltvBandProblems), said so
// while typing; the server checks the saved document again.
import { type DecisionDocument, formatCurrency, type LtvBand } from '@originate/contract';
import { DecisionConfigBodySchema } from '@originate/contract/schemas';
import { rupees } from './amounts';
import type { FieldProblem } from './lifecycleEditor';

const documentSchema = DecisionConfigBodySchema.properties.document.properties;
const bandSchema = documentSchema.ltvCaps.items.properties;
const amountSchema = bandSchema.upToAmount.anyOf[0];

/** A bound the schema sets (typebox keeps them as plain JSON Schema keywords). */
function bound(schema: object, keyword: 'minimum' | 'maximum' | 'exclusiveMinimum' | 'maxItems'): number {
  const value = (schema as Record<string, unknown>)[keyword];
  if (typeof value !== 'number') throw new Error(`The decision schema has no ${keyword} here`);
  return value;
}

/** What the schema allows: the FOIR cap and a band's max LTV in percent, a band's amount, how many bands. */
export const CREDIT_LIMITS = {
  foirCap: {
    min: bound(documentSchema.foirCapPercent, 'minimum'),
    max: bound(documentSchema.foirCapPercent, 'maximum'),
  },
  maxPercent: { min: bound(bandSchema.maxPercent, 'minimum'), max: bound(bandSchema.maxPercent, 'maximum') },
  /** Above this (exclusive). */
  amountAbove: bound(amountSchema, 'exclusiveMinimum'),
  amountMax: bound(amountSchema, 'maximum'),
  maxBands: bound(documentSchema.ltvCaps, 'maxItems'),
} as const;

export const foirCapField = 'document.foirCapPercent';
export const bandField = (band: number, part: keyof LtvBand) => `document.ltvCaps[${band}].${part}`;

const percentProblem = (value: number, range: { min: number; max: number }): string | null =>
  Number.isFinite(value) && value >= range.min && value <= range.max
    ? null
    : `must be from ${range.min} to ${range.max}%`;

/** The FOIR cap's and every band's problems, each at its field: 'Band 2: the amount must be above band 1's …'. */
export function creditLimitProblems(document: Pick<DecisionDocument, 'foirCapPercent' | 'ltvCaps'>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const foir = percentProblem(document.foirCapPercent, CREDIT_LIMITS.foirCap);
  if (foir) problems.push({ field: foirCapField, reason: `The FOIR cap ${foir}` });
  const bands = document.ltvCaps ?? [];
  bands.forEach((band, i) => {
    const name = `Band ${i + 1}`;
    const amount = band.upToAmount;
    if (amount === null) {
      if (i !== bands.length - 1) {
        problems.push({
          field: bandField(i, 'upToAmount'),
          reason: `${name}: only the last band may be open-ended: give it the amount it goes up to`,
        });
      }
    } else if (!Number.isFinite(amount)) {
      problems.push({ field: bandField(i, 'upToAmount'), reason: `${name}: the amount must be a number of rupees` });
    } else if (amount <= CREDIT_LIMITS.amountAbove) {
      problems.push({
        field: bandField(i, 'upToAmount'),
        reason: `${name}: the amount must be above ${formatCurrency(CREDIT_LIMITS.amountAbove)}`,
      });
    } else if (amount > CREDIT_LIMITS.amountMax) {
      problems.push({
        field: bandField(i, 'upToAmount'),
        reason: `${name}: the amount must be at most ${formatCurrency(CREDIT_LIMITS.amountMax)}`,
      });
    } else {
      const previous = i > 0 ? bands[i - 1]?.upToAmount : undefined;
      if (typeof previous === 'number' && Number.isFinite(previous) && amount <= previous) {
        problems.push({
          field: bandField(i, 'upToAmount'),
          reason: `${name}: the amount must be above band ${i}'s ${formatCurrency(previous)}: bands rise by amount`,
        });
      }
    }
    const percent = percentProblem(band.maxPercent, CREDIT_LIMITS.maxPercent);
    if (percent) problems.push({ field: bandField(i, 'maxPercent'), reason: `${name}: the max LTV ${percent}` });
  });
  return problems;
}

export function setFoirCap(document: DecisionDocument, percent: number): DecisionDocument {
  return { ...document, foirCapPercent: percent };
}

export function setBand(document: DecisionDocument, band: number, change: Partial<LtvBand>): DecisionDocument {
  const bands = (document.ltvCaps ?? []).map((b, i) => (i === band ? { ...b, ...change } : b));
  return { ...document, ltvCaps: bands };
}

/**
 * One band more, within the schema's count. The first is open-ended (every amount) at 75%, the RBI's strictest
 * housing cap; a later one goes before an open-ended last band, its amount left for the admin to give.
 */
export function addBand(document: DecisionDocument): DecisionDocument {
  const bands = document.ltvCaps ?? [];
  if (bands.length >= CREDIT_LIMITS.maxBands) return document;
  const last = bands.at(-1);
  if (!last) return { ...document, ltvCaps: [{ upToAmount: null, maxPercent: 75 }] };
  const added: LtvBand = { upToAmount: null, maxPercent: last.maxPercent };
  return {
    ...document,
    ltvCaps: last.upToAmount === null ? [...bands.slice(0, -1), added, last] : [...bands, added],
  };
}

/** Without its last band a decision has no LTV caps at all (the schema wants at least one band when there are). */
export function removeBand(document: DecisionDocument, band: number): DecisionDocument {
  const bands = (document.ltvCaps ?? []).filter((_b, i) => i !== band);
  if (bands.length > 0) return { ...document, ltvCaps: bands };
  const { ltvCaps: _removed, ...rest } = document;
  return rest;
}

/** A version's LTV bands in a line: 'up to ₹30,00,000 (30 lakh) 90%, above 80%', or 'none'. */
function ltvBandsText(bands: DecisionDocument['ltvCaps']): string {
  if (!bands) return 'none';
  return bands
    .map((b) => `${b.upToAmount === null ? 'above' : `up to ${rupees(b.upToAmount)}`} ${b.maxPercent}%`)
    .join(', ');
}

/** The FOIR cap and LTV caps changed between two versions: ['FOIR cap 55% → 50%', 'LTV caps none → …']. */
export function creditLimitChanges(before: DecisionDocument, after: DecisionDocument): string[] {
  const changes: string[] = [];
  if (before.foirCapPercent !== after.foirCapPercent) {
    changes.push(`FOIR cap ${before.foirCapPercent}% → ${after.foirCapPercent}%`);
  }
  if (ltvBandsText(before.ltvCaps) !== ltvBandsText(after.ltvCaps)) {
    changes.push(`LTV caps ${ltvBandsText(before.ltvCaps)} → ${ltvBandsText(after.ltvCaps)}`);
  }
  return changes;
}
