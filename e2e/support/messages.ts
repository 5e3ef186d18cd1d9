// Reading what the server sent, as its recipient would: the newest mail to an address from the run's mail
// catcher (maildev's API) and the newest SMS to a number from its SMS sink (tools/sms-sink), each polled until it
// arrives (the outbox's worker delivers after the request that enqueued it has answered).
import { getText, MAIL_CATCHER, SMS_SINK } from './system-under-test';

export interface CaughtMail {
  id: string;
  to: string[];
  from: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the mail, text part first, each once, in order. */
  links: string[];
  /** The Message-ID header: the outbox's idempotency key. */
  messageId: string | null;
  receivedAt: Date;
}

export interface CaughtSms {
  to: string;
  text: string;
  reference: string;
  receivedAt: Date;
  /** How many more times the same reference arrived (the sink counts repeats instead of storing them). */
  repeats: number;
}

interface WaitOptions {
  /** Only what arrived at or after this moment (take it before the action that sends). */
  after?: Date;
  /** How long to poll; default 30 s (a first delivery attempt that failed is retried after 10 s). */
  timeoutMs?: number;
}

/** maildev's JSON for one mail (the fields read here). */
interface MaildevMail {
  id: string;
  time: string;
  subject?: string;
  text?: string;
  html?: string;
  to?: { address: string }[];
  from?: { address: string }[];
  headers?: Record<string, string | string[] | undefined>;
}

const POLL_MS = 250;

/** Polls `read` until it answers a value, or fails with `whatWasThere()` (what was there instead). */
async function poll<T>(read: () => Promise<T | undefined>, timeoutMs: number, whatWasThere: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await read();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${whatWasThere()} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const decodeEntities = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** The links of a mail: URLs in its text, then the href of each anchor of its HTML. */
function linksIn(text: string, html = ''): string[] {
  const fromText = text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  const fromHtml = [...html.matchAll(/href\s*=\s*"([^"]+)"/gi)].map((m) => decodeEntities(m[1] ?? ''));
  return [...new Set([...fromText, ...fromHtml].filter((url) => /^https?:\/\//.test(url)))];
}

/** The one-time code in an OTP message: its first run of 4 to 8 digits. */
export function oneTimeCode(text: string): string {
  const code = /\b\d{4,8}\b/.exec(text)?.[0];
  if (!code) throw new Error(`no one-time code in: ${text}`);
  return code;
}

function toCaughtMail(mail: MaildevMail): CaughtMail {
  const text = mail.text ?? '';
  const html = mail.html ?? '';
  const messageId = mail.headers?.['message-id'];
  return {
    id: mail.id,
    to: (mail.to ?? []).map((a) => a.address),
    from: (mail.from ?? []).map((a) => a.address),
    subject: mail.subject ?? '',
    text,
    html,
    links: linksIn(text, html),
    messageId: typeof messageId === 'string' ? messageId : null,
    receivedAt: new Date(mail.time),
  };
}

/**
 * The newest mail to `address` (compared without case) that arrived at or after `after`, and whose subject
 * matches `subject` when given; polled until one arrives.
 */
export async function latestMail(
  address: string,
  opts: WaitOptions & { subject?: string | RegExp } = {},
): Promise<CaughtMail> {
  const wanted = address.toLowerCase();
  let seen: MaildevMail[] = [];
  const subjectMatches = (subject: string) =>
    opts.subject === undefined ||
    (typeof opts.subject === 'string' ? subject.includes(opts.subject) : opts.subject.test(subject));
  return poll(
    async () => {
      seen = JSON.parse(await getText(`${MAIL_CATCHER}/api/email?sort=desc`)) as MaildevMail[];
      const mail = seen.find(
        (m) =>
          (m.to ?? []).some((a) => a.address.toLowerCase() === wanted) &&
          (!opts.after || new Date(m.time) >= opts.after) &&
          subjectMatches(m.subject ?? ''),
      );
      return mail && toCaughtMail(mail);
    },
    opts.timeoutMs ?? 30_000,
    () =>
      `no mail to ${address}${opts.subject ? ` with subject ${opts.subject}` : ''}${
        opts.after ? ` since ${opts.after.toISOString()}` : ''
      } reached ${MAIL_CATCHER}; the newest there: ${JSON.stringify(
        seen.slice(0, 5).map((m) => ({ to: m.to?.map((a) => a.address), subject: m.subject, time: m.time })),
      )}`,
  );
}

/** The newest SMS to `to` (digits compared: a + or spaces do not matter) at or after `after`; polled until one arrives. */
export async function latestSms(to: string, opts: WaitOptions = {}): Promise<CaughtSms> {
  const query = new URLSearchParams({ to, ...(opts.after ? { after: opts.after.toISOString() } : {}) });
  let newest: unknown[] = [];
  return poll(
    async () => {
      const { messages } = JSON.parse(await getText(`${SMS_SINK}/api/sms?${query}`)) as {
        messages: (Omit<CaughtSms, 'receivedAt'> & { receivedAt: string })[];
      };
      if (messages.length === 0) {
        const all = JSON.parse(await getText(`${SMS_SINK}/api/sms`)) as { messages: unknown[] };
        newest = all.messages.slice(0, 5);
        return undefined;
      }
      const [sms] = messages;
      return sms && { ...sms, receivedAt: new Date(sms.receivedAt) };
    },
    opts.timeoutMs ?? 30_000,
    () =>
      `no SMS to ${to}${opts.after ? ` since ${opts.after.toISOString()}` : ''} reached ${SMS_SINK}; the newest there: ${JSON.stringify(newest)}`,
  );
}
