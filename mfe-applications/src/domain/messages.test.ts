import type { MessageLogEntry, TemplateSummary } from '@originate/contract';
import { canGenerateLetters, messageReason, messageWhat, offeredTemplates, STATUS_CHIPS, sendBody } from './messages';

const entry = (over: Partial<MessageLogEntry>): MessageLogEntry => ({
  messageId: 'MSG-1',
  channel: 'EMAIL',
  kind: 'TEMPLATE',
  to: 'asha@example.in',
  subject: 'Your loan is sanctioned',
  template: { template_id: 'SANCTIONED', template_name: 'Sanctioned', verNum: 2 },
  status: 'SENT',
  attempts: 1,
  lastError: null,
  createdAt: '2026-12-01T09:00:00.000Z',
  sentAt: '2026-12-01T09:00:02.000Z',
  createdBy: 'USR-OFFICER',
  attachments: [],
  ...over,
});

const summary = (over: Partial<TemplateSummary>): TemplateSummary => ({
  template_id: 'SANCTIONED',
  template_name: 'Sanctioned',
  template_type: 'EMAIL',
  verNum: 1,
  subject: 'Sanctioned',
  events: [],
  languages: [],
  createdBy: 'USR-ADMIN',
  createdAt: '2026-12-01T09:00:00.000Z',
  current: false,
  ...over,
});

describe('the delivery log', () => {
  it('says what a message was: its template and version, and why it left', () => {
    expect(messageWhat(entry({}))).toBe('Sanctioned v2 · Sent by staff');
    expect(messageWhat(entry({ kind: 'OTP', template: null }))).toBe('One-time code');
  });

  it('gives the reason of a failed, retrying or waiting message, none for a sent one', () => {
    expect(messageReason(entry({ status: 'FAILED', attempts: 6, lastError: '550 mailbox unavailable' }))).toBe(
      'Failed after 6 attempts: 550 mailbox unavailable',
    );
    expect(messageReason(entry({ status: 'RETRYING', attempts: 1, lastError: 'ECONNREFUSED' }))).toBe(
      'Attempt 1 failed, will retry: ECONNREFUSED',
    );
    expect(messageReason(entry({ status: 'QUEUED', attempts: 0, lastError: 'no mail server configured' }))).toBe(
      'no mail server configured',
    );
    expect(messageReason(entry({ lastError: 'an earlier try failed' }))).toBeNull();
  });

  it('has a chip for every status, failure in the error colour', () => {
    expect(STATUS_CHIPS.FAILED).toEqual({ label: 'Failed', color: 'error' });
    expect(STATUS_CHIPS.SENT).toEqual({ label: 'Sent', color: 'success' });
  });
});

describe('the send and letter dialogs', () => {
  const list = [
    summary({ verNum: 1 }),
    summary({ verNum: 2, current: true }),
    summary({ template_id: 'SMS_SANCTIONED', template_name: 'Sanctioned SMS', template_type: 'SMS' }),
    summary({ template_id: 'SANCTION_LETTER', template_name: 'Sanction letter', template_type: 'PDF' }),
  ];

  it('offer the current version of each template of the kinds asked for', () => {
    expect(offeredTemplates(list, ['EMAIL', 'SMS']).map((t) => [t.template_id, t.latest.verNum])).toEqual([
      ['SMS_SANCTIONED', 1],
      ['SANCTIONED', 2],
    ]);
    expect(offeredTemplates(list, ['PDF']).map((t) => t.template_id)).toEqual(['SANCTION_LETTER']);
  });

  it('send the version shown with the documents ticked, and none with an SMS', () => {
    const [sms, email] = offeredTemplates(list, ['EMAIL', 'SMS']);
    expect(sendBody('APP-1', email as never, ['F-1', 'F-2'])).toEqual({
      applicationId: 'APP-1',
      template_id: 'SANCTIONED',
      verNum: 2,
      attachments: ['F-1', 'F-2'],
    });
    expect(sendBody('APP-1', sms as never, ['F-1']).attachments).toEqual([]);
  });

  it('offer letters to staff who may write documents', () => {
    expect(canGenerateLetters({ roles: ['CPA', 'MANAGE_DOCUMENT'] })).toBe(true);
    expect(canGenerateLetters({ roles: ['CPA'] })).toBe(false);
  });
});
