// The detail's delivery log and its two actions, as pure rules: how each status reads, what the log says
// about a message that has not left, which templates each dialog offers and what the send carries.
import {
  documentPermission,
  type MessageLogEntry,
  type MessageStatus,
  type SendMailCommonBody,
  type TemplateSummary,
  type TemplateType,
  type User,
} from '@originate/contract';
import { type TemplateEntry, templateEntries } from './templates';

export const STATUS_CHIPS: Record<
  MessageStatus,
  { label: string; color: 'default' | 'info' | 'success' | 'warning' | 'error' }
> = {
  QUEUED: { label: 'Queued', color: 'default' },
  SENDING: { label: 'Sending', color: 'info' },
  SENT: { label: 'Sent', color: 'success' },
  RETRYING: { label: 'Retrying', color: 'warning' },
  FAILED: { label: 'Failed', color: 'error' },
};

const KIND_LABELS: Record<MessageLogEntry['kind'], string> = {
  OTP: 'One-time code',
  PASSWORD_RESET: 'Password reset',
  TEMPLATE: 'Sent by staff',
  LIFECYCLE: 'Lifecycle event',
  RESUME_LINK: 'Resume link sent by the applicant',
};

/** What the message was: its template (name and version) and why it left, e.g. 'Sanction letter v2 · Sent by staff'. */
export function messageWhat(entry: MessageLogEntry): string {
  const kind = KIND_LABELS[entry.kind];
  return entry.template ? `${entry.template.template_name} v${entry.template.verNum} · ${kind}` : kind;
}

/** The reason under the status: why it failed, why it waits, or nothing for a message that left. */
export function messageReason(entry: MessageLogEntry): string | null {
  if (entry.status === 'SENT' || !entry.lastError) return null;
  if (entry.status === 'FAILED')
    return `Failed after ${entry.attempts} ${entry.attempts === 1 ? 'attempt' : 'attempts'}: ${entry.lastError}`;
  if (entry.status === 'RETRYING') return `Attempt ${entry.attempts} failed, will retry: ${entry.lastError}`;
  return entry.lastError;
}

/** The templates a dialog offers, the current version of each: EMAIL and SMS to send, PDF for letters. */
export function offeredTemplates(
  summaries: readonly TemplateSummary[],
  types: readonly TemplateType[],
): TemplateEntry[] {
  return templateEntries(summaries).filter((e) => types.includes(e.template_type));
}

/** Documents go only with an e-mail: an SMS carries text. */
export const carriesAttachments = (type: TemplateType) => type === 'EMAIL';

/** The send: the template's current version, the documents ticked (none for an SMS). */
export function sendBody(
  applicationId: string,
  template: TemplateEntry,
  fileIds: readonly string[],
): SendMailCommonBody {
  return {
    applicationId,
    template_id: template.template_id,
    verNum: template.latest.verNum,
    attachments: carriesAttachments(template.template_type) ? [...fileIds] : [],
  };
}

/**
 * Who generates letters from the detail: a letter is a document written to Docs, so MANAGE_DOCUMENT (the
 * server's check). Sending a message needs only what opening the application needs.
 */
export function canGenerateLetters(caller: Pick<User, 'roles'>): boolean {
  return documentPermission(caller.roles) === null;
}
