import { PLACEHOLDERS, type TemplateSummary, type TemplateVersion } from '@originate/contract';
import {
  draftOf,
  draftProblems,
  insertAtCursor,
  isChanged,
  mayEditTemplates,
  newDraft,
  placeholderGroups,
  smsSegmentsText,
  staleVersionText,
  templateEntries,
  toCreateBody,
} from './templates';

const summary = (over: Partial<TemplateSummary>): TemplateSummary => ({
  template_id: 'SANCTION_LETTER',
  template_name: 'Sanction letter',
  template_type: 'PDF',
  verNum: 1,
  subject: null,
  events: [],
  languages: [],
  createdBy: 'USR-ADMIN',
  createdAt: '2026-12-01T09:00:00.000Z',
  current: false,
  ...over,
});

const version = (over: Partial<TemplateVersion>): TemplateVersion => ({
  ...summary({ template_id: 'SANCTIONED', template_name: 'Sanctioned', template_type: 'EMAIL', verNum: 2 }),
  subject: 'Your loan {{application.id}} is sanctioned',
  events: ['SANCTIONED'],
  body: 'Dear {{applicant.name}},',
  translations: {},
  ...over,
});

describe('the template draft', () => {
  it('opens a stored version to save over the newest one, and sends what the type has', () => {
    const draft = draftOf(version({}), 3);
    expect(draft.baseVerNum).toBe(3);
    expect(toCreateBody(draft)).toEqual({
      template_id: 'SANCTIONED',
      template_name: 'Sanctioned',
      template_type: 'EMAIL',
      subject: 'Your loan {{application.id}} is sanctioned',
      body: 'Dear {{applicant.name}},',
      translations: {},
      events: ['SANCTIONED'],
      baseVerNum: 3,
    });
  });

  it('sends no subject for an SMS or a PDF, none for an HTML page left without a title, and events only for messages', () => {
    const sms = { ...newDraft('SMS'), template_id: 'X', template_name: 'X', subject: 'left over', body: 'Hi' };
    expect(toCreateBody(sms).subject).toBeNull();
    expect(toCreateBody({ ...sms, template_type: 'HTML', subject: '  ' }).subject).toBeNull();
    expect(toCreateBody({ ...sms, template_type: 'HTML', subject: ' Offer ' }).subject).toBe('Offer');
    expect(toCreateBody({ ...sms, events: ['SUBMITTED'] }).events).toEqual(['SUBMITTED']);
    expect(toCreateBody({ ...sms, template_type: 'PDF', events: ['SUBMITTED'] }).events).toEqual([]);
    expect(toCreateBody(sms).baseVerNum).toBeNull();
  });

  it('names each field that is missing before saving: id (new only), name, an e-mail subject, the body', () => {
    expect(draftProblems(newDraft('EMAIL'))).toEqual([
      { field: 'template_id', reason: 'is required' },
      { field: 'template_name', reason: 'is required' },
      { field: 'subject', reason: 'an e-mail needs a subject' },
      { field: 'body', reason: 'is required' },
    ]);
    expect(draftProblems(draftOf(version({}), 2))).toEqual([]);
    expect(draftProblems({ ...draftOf(version({}), 2), subject: ' ', body: '' }).map((p) => p.field)).toEqual([
      'subject',
      'body',
    ]);
  });

  it('knows when it changed from where it started', () => {
    const start = draftOf(version({}), 2);
    expect(isChanged(start, start)).toBe(false);
    expect(isChanged({ ...start, body: `${start.body}\nThanks` }, start)).toBe(true);
    expect(isChanged({ ...start, events: [] }, start)).toBe(true);
  });

  it('says a 409 means someone saved since (or, for a new template, that the id is taken)', () => {
    expect(staleVersionText(4)).toContain('since you opened version 4');
    expect(staleVersionText(null)).toContain('A template with this id exists already');
  });

  it('lets only an operations admin edit', () => {
    expect(mayEditTemplates(['ADMIN'])).toBe(true);
    expect(mayEditTemplates(['CPA', 'BCM', 'MANAGE_DOCUMENT'])).toBe(false);
  });
});

describe('insertAtCursor (the palette types a placeholder in)', () => {
  it('puts the token at the cursor and the cursor after it', () => {
    expect(insertAtCursor('Dear ,', 5, 5, '{{applicant.name}}')).toEqual({
      text: 'Dear {{applicant.name}},',
      caret: 23,
    });
  });
  it('replaces a selection, and keeps a cursor outside the text inside it', () => {
    expect(insertAtCursor('Dear NAME,', 5, 9, '{{applicant.name}}')).toEqual({
      text: 'Dear {{applicant.name}},',
      caret: 23,
    });
    expect(insertAtCursor('Hi', 99, 120, '{{today}}')).toEqual({ text: 'Hi{{today}}', caret: 11 });
  });
});

describe('placeholderGroups (the palette)', () => {
  it("offers every placeholder of the contract's catalogue once, grouped by what it comes from", () => {
    const groups = placeholderGroups();
    const offered = groups.flatMap((g) => g.items.map((i) => i.token));
    for (const p of PLACEHOLDERS) expect(offered).toContain(`{{${p.name}}}`);
    expect(groups.map((g) => g.name)).toEqual(['Applicant', 'Application', 'Loan', 'Bank', 'Other', 'Repeated blocks']);
    expect(groups.find((g) => g.name === 'Other')?.items.map((i) => i.label)).toEqual(['today', 'validUntil']);
  });

  it("types a list's whole block, each row's keys as a table row", () => {
    const block = placeholderGroups()
      .find((g) => g.name === 'Repeated blocks')
      ?.items.find((i) => i.label === '#loan.schedule');
    expect(block?.token).toBe(
      '{{#loan.schedule}}\n| {{month}} | {{emi}} | {{interest}} | {{principal}} | {{balance}} |\n{{/loan.schedule}}',
    );
  });
});

describe('templateEntries (the list)', () => {
  it('makes one entry per template with its versions newest first, by type then name', () => {
    const entries = templateEntries([
      summary({ verNum: 1 }),
      summary({ template_id: 'SMS_SANCTIONED', template_name: 'Sanctioned SMS', template_type: 'SMS', verNum: 1 }),
      summary({ verNum: 2, current: true }),
      summary({ template_id: 'KFS', template_name: 'Key facts statement', verNum: 1, current: true }),
    ]);
    expect(entries.map((e) => [e.template_id, e.latest.verNum, e.versions.map((v) => v.verNum)])).toEqual([
      ['KFS', 1, [1]],
      ['SANCTION_LETTER', 2, [2, 1]],
      ['SMS_SANCTIONED', 1, [1]],
    ]);
  });
});

describe('smsSegmentsText', () => {
  it('says how many SMS the text makes as the gateway counts them', () => {
    expect(smsSegmentsText({ encoding: 'GSM-7', units: 42, segments: 1 })).toBe('1 SMS (42 of 160 characters)');
    expect(smsSegmentsText({ encoding: 'GSM-7', units: 170, segments: 2 })).toBe(
      '2 SMS parts (170 characters, 153 a part)',
    );
    expect(smsSegmentsText({ encoding: 'UCS-2', units: 71, segments: 2 })).toBe(
      '2 SMS parts (71 characters, Unicode, 67 a part)',
    );
  });
});
