// Settings' pure rules: which tabs a user sees (spec §6: configuration is the operations admin's), the
// tab a URL names, the product-limit form (and the product's rate) read into ProductLimits with a problem per bad entry, a consent's
// new wording as its next version, and a history row's subject and changes in words.
import type { CONFIG_AUDIT_KINDS, ConsentSet, ProductLimits } from '@originate/contract';
import { OPS_ADMIN_ROLE } from '@originate/contract';

export const SETTINGS_TABS = [
  { id: 'teams', label: 'My teams' },
  { id: 'users', label: 'Users' },
  { id: 'products', label: 'Products' },
  { id: 'consents', label: 'Consent texts' },
  { id: 'theme', label: 'Theme' },
  { id: 'history', label: 'History' },
] as const;
export type SettingsTabId = (typeof SETTINGS_TABS)[number]['id'];

/** Everyone picks their teams; the other tabs are for an operations admin only. */
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
  /** The product's rate (% a year) for EMIs and letters; '' sets none. */
  ratePercent: string;
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
    ratePercent: limits.ratePercent === undefined ? '' : String(limits.ratePercent),
  };
}

/** The largest rate a loan calculator prices at (contract flow.ts loan_calculator.rate_percent). */
const MAX_RATE_PERCENT = 99.99;

const LABELS = { amount: 'Loan amount', tenure: 'Tenure', rate: 'Interest rate' } as const;

/** The draft as limits, or the problems ('Loan amount minimum: enter a number') that keep it from saving. */
export function limitsOfDraft(draft: LimitsDraft): { limits: ProductLimits } | { problems: string[] } {
  const problems: string[] = [];
  const number = (kind: keyof typeof LABELS, end: 'minimum' | 'maximum', text: string): number => {
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
  const rate = draft.ratePercent.trim();
  if (rate !== '') {
    const value = Number(rate);
    if (Number.isFinite(value) && value >= 0 && value <= MAX_RATE_PERCENT) limits.ratePercent = value;
    else problems.push(`Rate for EMIs and letters: enter a rate from 0 to ${MAX_RATE_PERCENT} (% a year), e.g. 11.49`);
  }
  return problems.length > 0 ? { problems } : { limits };
}

/**
 * The set with one consent's new wording saved as its next version (a version always means the same words:
 * applicants' records name it), or why it cannot be saved.
 */
export function withNewWording(
  set: ConsentSet,
  consentId: string,
  wording: { title: string; text: string },
): { set: ConsentSet } | { problems: string[] } {
  const current = set.consents.find((c) => c.consentId === consentId);
  if (!current) return { problems: [`The consent ${consentId} is no longer in the set: reload the page`] };
  const title = wording.title.trim();
  const text = wording.text.trim();
  const problems: string[] = [];
  if (!title) problems.push('Title: enter the heading applicants see');
  if (!text) problems.push('Text: enter the wording applicants agree to');
  if (problems.length > 0) return { problems };
  if (title === current.title && text === current.text) {
    return { problems: ['The wording is unchanged: there is no new version to save'] };
  }
  const next = { ...current, title, text, version: current.version + 1 };
  return { set: { ...set, consents: set.consents.map((c) => (c.consentId === consentId ? next : c)) } };
}

type AuditKind = (typeof CONFIG_AUDIT_KINDS)[number];

/** What a history row changed, in words: 'Consent texts of PL', 'Roles and teams of USR-0002'. */
export function auditSubject(kind: AuditKind, key: string): string {
  if (kind === 'PRODUCT') return `Product ${key}`;
  if (kind === 'PRODUCT_LIMITS') return `Limits of product ${key}`;
  if (kind === 'PRODUCT_DOCUMENTS') return `Documents of product ${key}`;
  if (kind === 'USER_ACCESS') return `Roles and teams of user ${key}`;
  const [type, name] = key.split('/');
  if (type === 'Theme') return 'Theme';
  if (type === 'Consent') return `Consent texts of product ${name}`;
  return `Configuration ${key}`;
}

export interface AuditChange {
  what: string;
  before: string;
  after: string;
}

/** The longest value a history row shows; a long wording is cut with an ellipsis (the saved text is whole). */
const SHOWN_CHARACTERS = 120;
/** What names an item of a list, so a change reads 'consents › declaration › text', not an index. */
const ITEM_KEYS = ['consentId', 'fieldKey', 'id', 'key'] as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const itemName = (item: unknown): string | null => {
  if (!isRecord(item)) return null;
  const key = ITEM_KEYS.find((k) => typeof item[k] === 'string');
  return key ? String(item[key]) : null;
};

function shown(value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map((v) => itemName(v) ?? shown(v)).join(', ');
  const text = isRecord(value) ? JSON.stringify(value) : String(value);
  return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS - 1)}…` : text;
}

/** Each value that differs between what a configuration was and what it became, by its path. */
export function auditChanges(before: unknown, after: unknown, path = ''): AuditChange[] {
  const named = (list: unknown[]) => list.every((item) => itemName(item) !== null);
  if (Array.isArray(before) && Array.isArray(after) && named(before) && named(after) && after.length > 0) {
    const byName = (list: unknown[]) => new Map(list.map((item) => [itemName(item) as string, item]));
    const was = byName(before);
    const is = byName(after);
    const gone = [...was.keys()].filter((k) => !is.has(k));
    const added = [...is.keys()].filter((k) => !was.has(k));
    const changes: AuditChange[] = [];
    if (gone.length > 0 || added.length > 0) {
      changes.push({ what: path || 'list', before: gone.join(', ') || '(none)', after: added.join(', ') || '(none)' });
    }
    for (const [name, item] of is) {
      if (was.has(name)) changes.push(...auditChanges(was.get(name), item, `${path} › ${name}`));
    }
    return changes;
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((k) => auditChanges(before[k], after[k], path ? `${path} › ${k}` : k));
  }
  if (isRecord(after) && (before === null || before === undefined) && path === '') {
    return [{ what: 'everything', before: '(none)', after: 'created' }];
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  if (typeof before === 'string' && typeof after === 'string') {
    // Long wordings that differ late are shown from a little before the first difference, where it can be seen.
    let same = 0;
    while (same < before.length && before[same] === after[same]) same += 1;
    const from = Math.max(0, same - 20);
    const cut = (text: string) => (from > 0 ? `…${shown(text.slice(from))}` : shown(text));
    return [{ what: path || 'value', before: cut(before), after: cut(after) }];
  }
  return [{ what: path || 'value', before: shown(before), after: shown(after) }];
}
