// An application's delivery log (GET applicationMessages): each message with what became of it. The text
// itself is not part of it (an OTP's never is); a QUEUED message of a channel this server has no transport
// for says so, as its reason.
import { type MessageLogEntry, NO_MAIL_SERVER, NO_SMS_GATEWAY } from '@originate/contract';
import type { MessagesConfig } from '../../config';
import type { Queryable } from '../../db';

/** The newest messages a log shows. */
const LOG_LIMIT = 200;

interface LogRow extends Record<string, unknown> {
  message_id: string;
  channel: MessageLogEntry['channel'];
  kind: MessageLogEntry['kind'];
  recipient: string;
  subject: string | null;
  template_id: string | null;
  template_name: string | null;
  template_ver: number | null;
  status: MessageLogEntry['status'];
  attempts: number;
  last_error: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  created_by: string | null;
  attachments: { fileId: string; fileName: string | null }[];
}

const iso = (at: Date | string) => new Date(at).toISOString();

export async function deliveryLog(
  db: Queryable,
  config: Pick<MessagesConfig, 'smtpUrl' | 'smsGatewayUrl'>,
  applicationId: string,
): Promise<MessageLogEntry[]> {
  const rows = await db.query<LogRow>(
    `SELECT m.message_id, m.channel, m.kind, m.recipient, m.subject, m.template_id, m.template_name, m.template_ver,
            m.status, m.attempts, m.last_error, m.created_at, m.sent_at, u.username AS created_by,
            coalesce((SELECT jsonb_agg(jsonb_build_object('fileId', a.value->>'fileId', 'fileName', d.file_name)
                                       ORDER BY a.ordinality)
                        FROM jsonb_array_elements(m.attachments) WITH ORDINALITY a
                        LEFT JOIN documents d ON d.file_id = a.value->>'fileId'), '[]'::jsonb) AS attachments
       FROM messages m LEFT JOIN users u ON u.userid = m.created_by
      WHERE m.application_id = $1
      ORDER BY m.created_at DESC, m.message_id DESC LIMIT $2`,
    [applicationId, LOG_LIMIT],
  );
  return rows.map((r) => {
    const unconfigured =
      r.status === 'QUEUED' &&
      ((r.channel === 'EMAIL' && !config.smtpUrl) || (r.channel === 'SMS' && !config.smsGatewayUrl));
    return {
      messageId: r.message_id,
      channel: r.channel,
      kind: r.kind,
      to: r.recipient,
      subject: r.subject,
      template:
        r.template_id && r.template_ver
          ? { template_id: r.template_id, template_name: r.template_name ?? r.template_id, verNum: r.template_ver }
          : null,
      status: r.status,
      attempts: r.attempts,
      lastError: unconfigured ? (r.channel === 'EMAIL' ? NO_MAIL_SERVER : NO_SMS_GATEWAY) : r.last_error,
      createdAt: iso(r.created_at),
      sentAt: r.sent_at ? iso(r.sent_at) : null,
      createdBy: r.created_by,
      attachments: r.attachments.map((a) => ({ fileId: a.fileId, fileName: a.fileName ?? a.fileId })),
    };
  });
}
