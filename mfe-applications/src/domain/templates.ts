// Settings → Templates and the detail's messages, as pure rules: the editor's draft and what it sends, the
// problems each field shows before saving, a placeholder put in at the cursor, the list grouped by type with
// its versions, and which templates the detail's dialogs offer.
import {
  type CreateTemplateBody,
  type LifecycleEvent,
  PLACEHOLDER_LISTS,
  PLACEHOLDERS,
  type PlaceholderEntry,
  SMS_LIMITS,
  TEMPLATE_TYPES,
  type TemplatePreviewAnswer,
  type TemplateSummary,
  type TemplateType,
  type TemplateVersion,
} from '@originate/contract';
import type { FieldProblem } from './lifecycleEditor';

export const TYPE_LABELS: Record<TemplateType, string> = {
  EMAIL: 'E-mail',
  SMS: 'SMS',
  HTML: 'HTML page',
  PDF: 'PDF letter',
};

export const EVENT_LABELS: Record<LifecycleEvent, string> = {
  SUBMITTED: 'Application submitted',
  QUERY_RAISED: 'Query raised to the applicant',
  SANCTIONED: 'Sanctioned',
  REJECTED: 'Rejected',
};

/** Only messages leave on a lifecycle event: an HTML page or a PDF letter is made on request. */
export const sendsOnEvents = (type: TemplateType) => type === 'EMAIL' || type === 'SMS';
/** A subject line: the e-mail's, and an HTML page's title. */
export const hasSubject = (type: TemplateType) => type === 'EMAIL' || type === 'HTML';

export interface TemplateDraft {
  template_id: string;
  template_name: string;
  template_type: TemplateType;
  subject: string;
  body: string;
  events: LifecycleEvent[];
  translations: TemplateVersion['translations'];
  /** The version this draft saves over (the newest one known when it was opened); null for a new template. */
  baseVerNum: number | null;
}

export function newDraft(type: TemplateType): TemplateDraft {
  return {
    template_id: '',
    template_name: '',
    template_type: type,
    subject: '',
    body: '',
    events: [],
    translations: {},
    baseVerNum: null,
  };
}

/** A stored version as the editor's draft; saving it makes the version after `latestVerNum`. */
export function draftOf(version: TemplateVersion, latestVerNum: number): TemplateDraft {
  return {
    template_id: version.template_id,
    template_name: version.template_name,
    template_type: version.template_type,
    subject: version.subject ?? '',
    body: version.body,
    events: [...version.events],
    translations: version.translations,
    baseVerNum: latestVerNum,
  };
}

/** The subject as sent: only where the type has one, and none rather than an empty one. */
export function subjectOf(draft: Pick<TemplateDraft, 'template_type' | 'subject'>): string | null {
  const subject = draft.subject.trim();
  return hasSubject(draft.template_type) && subject !== '' ? subject : null;
}

/** What the editor sends to createTemplate: a subject only where the type has one, events only for messages. */
export function toCreateBody(draft: TemplateDraft): CreateTemplateBody {
  return {
    template_id: draft.template_id.trim(),
    template_name: draft.template_name.trim(),
    template_type: draft.template_type,
    subject: subjectOf(draft),
    body: draft.body,
    translations: draft.translations,
    events: sendsOnEvents(draft.template_type) ? draft.events : [],
    baseVerNum: draft.baseVerNum,
  };
}

/** Whether the draft differs from the version it was opened from (a new one: whether anything was typed). */
export function isChanged(draft: TemplateDraft, from: TemplateDraft): boolean {
  return JSON.stringify(toCreateBody(draft)) !== JSON.stringify(toCreateBody(from));
}

/**
 * What each field says before saving; the server checks the placeholders (each unknown one is named at
 * `body` when saving, and in the preview as it is typed).
 */
export function draftProblems(draft: TemplateDraft): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (draft.baseVerNum === null && draft.template_id.trim() === '') {
    problems.push({ field: 'template_id', reason: 'is required' });
  }
  if (draft.template_name.trim() === '') problems.push({ field: 'template_name', reason: 'is required' });
  if (draft.template_type === 'EMAIL' && draft.subject.trim() === '') {
    problems.push({ field: 'subject', reason: 'an e-mail needs a subject' });
  }
  if (draft.body.trim() === '') problems.push({ field: 'body', reason: 'is required' });
  return problems;
}

/** `token` typed in at the cursor (replacing a selection); where the cursor goes after it. */
export function insertAtCursor(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  token: string,
): { text: string; caret: number } {
  const start = Math.max(0, Math.min(selectionStart, text.length));
  const end = Math.max(start, Math.min(selectionEnd, text.length));
  return { text: text.slice(0, start) + token + text.slice(end), caret: start + token.length };
}

export interface PaletteItem {
  /** What the chip shows, e.g. 'applicant.name' or '#loan.schedule'. */
  label: string;
  description: string;
  /** What a click types in. */
  token: string;
}

const GROUP_NAMES: Record<string, string> = {
  applicant: 'Applicant',
  application: 'Application',
  loan: 'Loan',
  bank: 'Bank',
};

/**
 * The contract's placeholders by what they come from (Applicant, Application, Loan, Bank, Other), then the lists
 * a template repeats a block for: a click types the whole block with each row's keys, as a table row.
 */
export function placeholderGroups(): { name: string; items: PaletteItem[] }[] {
  const groups = new Map<string, PaletteItem[]>();
  const item = (p: PlaceholderEntry): PaletteItem => ({
    label: p.name,
    description: p.description,
    token: `{{${p.name}}}`,
  });
  for (const p of PLACEHOLDERS) {
    const name = GROUP_NAMES[p.name.split('.')[0] ?? ''] ?? 'Other';
    groups.set(name, [...(groups.get(name) ?? []), item(p)]);
  }
  const lists = Object.entries(PLACEHOLDER_LISTS).map(([list, keys]) => ({
    label: `#${list}`,
    description: `A block repeated for each row of ${list}: ${keys.map((k) => k.name).join(', ')}`,
    token: `{{#${list}}}\n| ${keys.map((k) => `{{${k.name}}}`).join(' | ')} |\n{{/${list}}}`,
  }));
  return [
    ...[...groups.entries()].map(([name, items]) => ({ name, items })),
    ...(lists.length > 0 ? [{ name: 'Repeated blocks', items: lists }] : []),
  ];
}

export interface TemplateEntry {
  template_id: string;
  template_name: string;
  template_type: TemplateType;
  /** Newest first. */
  versions: TemplateSummary[];
  latest: TemplateSummary;
}

/** Every version listed, one entry per template (newest version first), by type in TEMPLATE_TYPES order, by name. */
export function templateEntries(summaries: readonly TemplateSummary[]): TemplateEntry[] {
  const byId = new Map<string, TemplateSummary[]>();
  for (const s of summaries) byId.set(s.template_id, [...(byId.get(s.template_id) ?? []), s]);
  const entries = [...byId.values()].map((versions) => {
    const sorted = [...versions].sort((a, b) => b.verNum - a.verNum);
    const latest = sorted[0] as TemplateSummary;
    return {
      template_id: latest.template_id,
      template_name: latest.template_name,
      template_type: latest.template_type,
      versions: sorted,
      latest,
    };
  });
  return entries.sort(
    (a, b) =>
      TEMPLATE_TYPES.indexOf(a.template_type) - TEMPLATE_TYPES.indexOf(b.template_type) ||
      a.template_name.localeCompare(b.template_name),
  );
}

/** The SMS's length as the gateway bills it: '1 SMS (42 of 160 characters)', '2 SMS parts (170 characters, 153 a part)'. */
export function smsSegmentsText(count: NonNullable<TemplatePreviewAnswer['smsSegments']>): string {
  const limits = SMS_LIMITS[count.encoding];
  const unicode = count.encoding === 'UCS-2' ? ', Unicode' : '';
  if (count.segments <= 1) return `1 SMS (${count.units} of ${limits.single} characters${unicode})`;
  return `${count.segments} SMS parts (${count.units} characters${unicode}, ${limits.perPart} a part)`;
}

/** Who writes templates: an operations admin (the server's isOpsAdmin); other staff read them. */
export function mayEditTemplates(roles: readonly string[]): boolean {
  return roles.includes('ADMIN');
}

/** A refusal of a save, as the editor says it: 409 means someone saved a version since this one was opened. */
export function staleVersionText(baseVerNum: number | null): string {
  return baseVerNum === null
    ? 'A template with this id exists already. Pick another id, or open that template to change it.'
    : `Someone saved another version of this template since you opened version ${baseVerNum}. Reload the template to edit the latest one (your changes here are not saved).`;
}
