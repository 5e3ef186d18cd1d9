// Settings' pure rules: which tabs a user sees (spec §6: configuration is the operations admin's), the
// tab a URL names, and the product-limit form read into ProductLimits with a problem per bad entry.
import { OPS_ADMIN_ROLE, type ProductLimits } from '@originate/contract';

export const SETTINGS_TABS = [
  { id: 'teams', label: 'My teams' },
  { id: 'users', label: 'Users' },
  { id: 'products', label: 'Products' },
  { id: 'theme', label: 'Theme' },
] as const;
export type SettingsTabId = (typeof SETTINGS_TABS)[number]['id'];

/** Everyone picks their teams; users, products and theme are for an operations admin only. */
export function settingsTabsFor(roles: readonly string[]): (typeof SETTINGS_TABS)[number][] {
  return roles.includes(OPS_ADMIN_ROLE) ? [...SETTINGS_TABS] : SETTINGS_TABS.filter((t) => t.id === 'teams');
}

/** The tab ?tab= names when this user may see it, else the first. */
export function tabOf(query: string | null, roles: readonly string[]): SettingsTabId {
  const tabs = settingsTabsFor(roles);
  return tabs.find((t) => t.id === query)?.id ?? 'teams';
}

/** One limit as typed: text boxes, so the admin may be halfway through a number. */
interface LimitDraft {
  field: string;
  min: string;
  max: string;
}
export interface LimitsDraft {
  amount?: LimitDraft;
  tenure?: LimitDraft & { unit: 'months' | 'years' };
  rate?: LimitDraft;
}

export function draftOf(limits: ProductLimits): LimitsDraft {
  const text = (l: { field: string; min: number; max: number }) => ({
    field: l.field,
    min: String(l.min),
    max: String(l.max),
  });
  return {
    ...(limits.amount ? { amount: text(limits.amount) } : {}),
    ...(limits.tenure ? { tenure: { ...text(limits.tenure), unit: limits.tenure.unit } } : {}),
    ...(limits.rate ? { rate: text(limits.rate) } : {}),
  };
}

const LABELS = { amount: 'Loan amount', tenure: 'Tenure', rate: 'Interest rate' } as const;

/** The draft as limits, or the problems ('Loan amount minimum: enter a number') that keep it from saving. */
export function limitsOfDraft(draft: LimitsDraft): { limits: ProductLimits } | { problems: string[] } {
  const problems: string[] = [];
  const number = (kind: keyof LimitsDraft, end: 'minimum' | 'maximum', text: string): number => {
    const value = Number(text.replace(/,/g, '').trim());
    if (text.trim() === '' || !Number.isFinite(value) || value < 0) {
      problems.push(`${LABELS[kind]} ${end}: enter a number of 0 or more`);
    } else if (kind === 'tenure' && !Number.isInteger(value)) {
      problems.push(`${LABELS[kind]} ${end}: enter whole ${draft.tenure?.unit ?? 'months'}`);
    }
    return value;
  };
  const limits: ProductLimits = {};
  for (const kind of ['amount', 'tenure', 'rate'] as const) {
    const d = draft[kind];
    if (!d) continue;
    const min = number(kind, 'minimum', d.min);
    const max = number(kind, 'maximum', d.max);
    if (Number.isFinite(min) && Number.isFinite(max) && min >= max) {
      problems.push(`${LABELS[kind]}: the minimum must be below the maximum`);
    }
    if (kind === 'tenure' && draft.tenure) limits.tenure = { field: d.field, min, max, unit: draft.tenure.unit };
    else limits[kind === 'amount' ? 'amount' : 'rate'] = { field: d.field, min, max };
  }
  return problems.length > 0 ? { problems } : { limits };
}
