// How a message leaves (README "Messages"): e-mail over SMTP through nodemailer's pooled transport (a few
// connections kept open and reused, so 10,000 mails do not open 10,000 connections), SMS as one POST of
// {to, text, reference} to the configured HTTP gateway. Both say whether a refusal is permanent (not worth
// retrying): an SMTP 5xx reply, a gateway's 4xx other than 408 and 429.
import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { MessagesConfig } from '../../config';

interface MailOut {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  idempotencyKey: string;
  attachments: { fileName: string; mimeType: string; data: Buffer }[];
}

interface SmsOut {
  to: string;
  text: string;
  idempotencyKey: string;
}

/** A failed send: its reason as the delivery log shows it, and whether trying again could help. */
export class SendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface Transports {
  mail: ((message: MailOut) => Promise<void>) | null;
  sms: ((message: SmsOut) => Promise<void>) | null;
  close(): void;
}

/**
 * The Message-ID that carries the idempotency key, so a provider that sees the same mail twice (a
 * redelivery after a crash) can drop the repeat: the key itself when it is safe in a header, else its hash.
 */
function messageIdOf(idempotencyKey: string, mailFrom: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'originate.localhost';
  const local = /^[A-Za-z0-9._:+-]{1,128}$/.test(idempotencyKey)
    ? idempotencyKey
    : createHash('sha256').update(idempotencyKey).digest('hex');
  return `<${local}@${domain}>`;
}

function smtpTransport(config: MessagesConfig, smtpUrl: string) {
  const url = new URL(smtpUrl);
  // What the URL does not say: pooled, as many connections as sends at once, and the send timeout.
  const defaults: Record<string, string> = {
    pool: 'true',
    maxConnections: String(config.concurrency),
    connectionTimeout: String(config.sendTimeoutMs),
    greetingTimeout: String(config.sendTimeoutMs),
    socketTimeout: String(config.sendTimeoutMs),
  };
  for (const [key, value] of Object.entries(defaults)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  const transporter = nodemailer.createTransport(url.toString());
  const send = async (message: MailOut) => {
    try {
      await transporter.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        messageId: messageIdOf(message.idempotencyKey, config.mailFrom),
        attachments: message.attachments.map((a) => ({
          filename: a.fileName,
          contentType: a.mimeType,
          content: a.data,
        })),
      });
    } catch (error) {
      const { responseCode, message: text } = error as { responseCode?: number; message?: string };
      throw new SendError(
        `mail server: ${text ?? String(error)}`,
        typeof responseCode === 'number' && responseCode >= 500,
      );
    }
  };
  return { send, close: () => transporter.close() };
}

function smsTransport(config: MessagesConfig, gatewayUrl: string) {
  return async (message: SmsOut) => {
    let res: Response;
    try {
      res = await fetch(gatewayUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: message.to, text: message.text, reference: message.idempotencyKey }),
        signal: AbortSignal.timeout(config.sendTimeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      throw new SendError(`SMS gateway: ${(error as Error).message}${cause ? ` (${cause})` : ''}`, false);
    }
    const body = (await res.text().catch(() => '')).slice(0, 200);
    if (res.ok) return;
    const permanent = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
    throw new SendError(`SMS gateway answered ${res.status}${body ? `: ${body}` : ''}`, permanent);
  };
}

/** The transports the configuration names; a channel without one is null (its messages wait QUEUED). */
export function openTransports(config: MessagesConfig): Transports {
  const smtp = config.smtpUrl ? smtpTransport(config, config.smtpUrl) : null;
  return {
    mail: smtp?.send ?? null,
    sms: config.smsGatewayUrl ? smsTransport(config, config.smsGatewayUrl) : null,
    close: () => smtp?.close(),
  };
}
