// Messages from templates (README "Templates and letters"): staff send an EMAIL or SMS template to the applicant
// of an application (sendMailCommon), and lifecycle events send every current template that names them. The
// recipient is always the e-mail or mobile the application records, never one typed by staff; the message is
// written to the outbox (modules/messages) in the same transaction as what causes it.
import { randomUUID } from 'node:crypto';
import type { LifecycleEvent, SendMailCommonBody, TemplateType, TemplateVersion } from '@originate/contract';
import type { Db, Queryable } from '../../db';
import { conflict, invalid } from '../../http/errors';
import type { UserRecord } from '../../platform/context';
import { addWorklog, loadApplication } from '../applications';
import { enqueueMessage, type OutgoingMessage } from '../messages';
import { applicationData, type Recipient } from './letter-data';
import { dataFor } from './letters';
import { languageFor, type RenderedTemplate, renderVersion } from './render';
import { templatesForEvent, templateVersion } from './store';

type Channel = OutgoingMessage['channel'];

const isMessageType = (type: TemplateType): type is Channel => type === 'EMAIL' || type === 'SMS';

const addressOf = (channel: Channel, recipient: Recipient) =>
  channel === 'EMAIL' ? recipient.email : recipient.mobile;

/** The outbox message of a rendered template. */
function messageOf(
  channel: Channel,
  to: string,
  version: TemplateVersion,
  rendered: RenderedTemplate,
  more: Pick<OutgoingMessage, 'kind' | 'applicationId' | 'attachments' | 'idempotencyKey' | 'createdBy'>,
): OutgoingMessage {
  return {
    channel,
    to,
    text: rendered.text,
    ...(channel === 'EMAIL'
      ? { subject: rendered.subject ?? version.template_name, html: rendered.html ?? undefined }
      : {}),
    template: { template_id: version.template_id, verNum: version.verNum, template_name: version.template_name },
    ...more,
  };
}

/**
 * POST sendMailCommon: 403/404 without access to the application; 400 naming template_id when it is no EMAIL or
 * SMS template, attachments[i] when a file is not a live document of the application (or the message is an SMS);
 * 409 when the application records no address for the channel.
 */
export async function sendTemplateMessage(db: Db, user: UserRecord, body: SendMailCommonBody, now: Date) {
  await loadApplication(db, user, body.applicationId);
  const version = await templateVersion(db, body.template_id, body.verNum);
  const channel = version.template_type;
  if (!isMessageType(channel)) {
    throw invalid(
      'template_id',
      `is a ${channel} template: only EMAIL and SMS templates are sent (a PDF is generated)`,
    );
  }
  if (channel === 'SMS' && body.attachments.length > 0) {
    throw invalid('attachments', 'must be empty: an SMS carries no attachments');
  }
  const rows = await db.query<{ file_id: string }>(
    `SELECT file_id FROM documents WHERE file_id = ANY($1::text[]) AND application_id = $2 AND removed_at IS NULL`,
    [body.attachments, body.applicationId],
  );
  const live = new Set(rows.map((r) => r.file_id));
  body.attachments.forEach((fileId, i) => {
    if (!live.has(fileId)) throw invalid(`attachments[${i}]`, `is not a document of application ${body.applicationId}`);
  });
  const found = await dataFor(db, body.applicationId, version, now);
  const to = addressOf(channel, found.recipient);
  if (!to) {
    throw conflict(
      `Application ${body.applicationId} records no ${channel === 'EMAIL' ? 'e-mail address' : 'Indian mobile number'} for the applicant: nothing can be sent`,
    );
  }
  const rendered = renderVersion(
    version,
    found.data,
    languageFor(version.translations, undefined, found.recipient.languages),
  );
  return db.transaction(async (tx) => {
    const { messageId } = await enqueueMessage(
      tx,
      messageOf(channel, to, version, rendered, {
        kind: 'TEMPLATE',
        applicationId: body.applicationId,
        attachments: body.attachments.map((fileId) => ({ fileId })),
        idempotencyKey: `template:${randomUUID()}`,
        createdBy: user.userid,
      }),
      now,
    );
    await addWorklog(tx, {
      applicationId: body.applicationId,
      taskId: null,
      userId: user.userid,
      action: 'send_message',
      detail: {
        messageId,
        channel,
        template_id: version.template_id,
        verNum: version.verNum,
        attachments: body.attachments,
      },
      at: now,
    });
    return { messageId };
  });
}

/**
 * A lifecycle event of an application, in the transaction of the change: every current EMAIL or SMS template
 * whose events name it goes to the applicant's address for its channel (a template whose channel the
 * application has no address for is left out). Keyed by the application, event, template and instant, so the
 * same change never queues one twice.
 */
export async function announceLifecycleEvent(
  tx: Queryable,
  applicationId: string,
  event: LifecycleEvent,
  now: Date,
): Promise<void> {
  const templates = await templatesForEvent(tx, event);
  const dataByType = new Map<TemplateType, Awaited<ReturnType<typeof applicationData>>>();
  for (const version of templates) {
    const channel = version.template_type;
    if (!isMessageType(channel)) continue;
    if (!dataByType.has(channel)) dataByType.set(channel, await applicationData(tx, applicationId, channel, now));
    const found = dataByType.get(channel);
    const to = found ? addressOf(channel, found.recipient) : null;
    if (!found || !to) continue;
    const rendered = renderVersion(
      version,
      found.data,
      languageFor(version.translations, undefined, found.recipient.languages),
    );
    await enqueueMessage(
      tx,
      messageOf(channel, to, version, rendered, {
        kind: 'LIFECYCLE',
        applicationId,
        idempotencyKey: `lifecycle:${applicationId}:${event}:${version.template_id}:${now.getTime()}`,
        createdBy: null,
      }),
      now,
    );
  }
}
