// 'Send me this link' (README "Resume links"): the applicant sends themselves the application's newest
// link by SMS or e-mail, to a destination verified for this application only. A new token is issued (the
// server keeps only hashes, so the link it sends is a new one) and, as every new token, it revokes the links
// before it; the device that asked keeps it too. Sent through the messages outbox, its text dropped once
// delivered; each send is in the worklog; at most one every 30 seconds and 5 an hour per application.
import { RESUME_LINK_MESSAGE_TEXT, type ResumeLinkSentAnswer } from '@originate/contract';
import type { Db } from '../../db';
import { conflict, invalid, notFound, TooManyRequestsError } from '../../http/errors';
import { addWorklog, type FlowDoc } from '../applications';
import { enqueueMessage } from '../messages';
import { issueResumeToken } from './flow-applications';
import { masked, verifiedDestinations } from './resume';

const SEND_LINK_RESEND_SECONDS = 30;
const SEND_LINKS_PER_HOUR = 5;

export async function sendResumeLink(
  db: Db,
  args: { applicationId: string; channel: 'SMS' | 'EMAIL'; origin: string },
  now: Date,
): Promise<ResumeLinkSentAnswer> {
  const { applicationId, channel } = args;
  return db.transaction(async (tx) => {
    // Under the row lock: two sends at once cannot both pass the limits, nor race a submit.
    const [row] = await tx.query<{ status: string; doc: FlowDoc }>(
      'SELECT status, doc FROM applications WHERE application_id = $1 FOR UPDATE',
      [applicationId],
    );
    if (!row) throw notFound('Application not found');
    if (row.doc.submitted_at || row.status !== 'ACTIVE') {
      throw conflict('The application has already been submitted: there is nothing left to resume');
    }
    const [sent] = await tx.query<{ last: Date | string | null; first: Date | string | null; n: number }>(
      `SELECT max(created_at) AS last, min(created_at) AS first, count(*)::int AS n FROM messages
        WHERE application_id = $1 AND kind = 'RESUME_LINK' AND created_at > $2`,
      [applicationId, new Date(now.getTime() - 3600_000)],
    );
    const wait = (from: Date | string, seconds: number) =>
      Math.max(1, Math.ceil((new Date(from).getTime() + seconds * 1000 - now.getTime()) / 1000));
    if (sent?.first && sent.n >= SEND_LINKS_PER_HOUR) throw new TooManyRequestsError(wait(sent.first, 3600));
    if (sent?.last && new Date(sent.last).getTime() + SEND_LINK_RESEND_SECONDS * 1000 > now.getTime()) {
      throw new TooManyRequestsError(wait(sent.last, SEND_LINK_RESEND_SECONDS));
    }
    const destination = (await verifiedDestinations(tx, applicationId)).find((d) => d.channel === channel);
    if (!destination) {
      throw invalid('channel', `is not a verified ${channel === 'SMS' ? 'mobile' : 'e-mail'} of this application`);
    }
    const token = await issueResumeToken(tx, applicationId, now);
    const link = new URL('/dynamic-resume', args.origin);
    link.searchParams.set('transactionToken', token);
    const to = masked(destination);
    await enqueueMessage(
      tx,
      {
        channel,
        kind: 'RESUME_LINK',
        to: channel === 'SMS' ? `+91${destination.recipient}` : destination.recipient,
        subject: `Continue your application ${applicationId}`,
        text: `${RESUME_LINK_MESSAGE_TEXT} ${link.toString()} It works for 7 days; any newer link replaces it.`,
        applicationId,
        idempotencyKey: `resume-link:${applicationId}:${now.getTime()}`,
      },
      now,
    );
    await addWorklog(tx, {
      applicationId,
      taskId: null,
      userId: null,
      action: 'resume_link_sent',
      detail: { channel, to: to.to },
      at: now,
    });
    return { sent: true, channel, to: to.to, resumeToken: token };
  });
}
