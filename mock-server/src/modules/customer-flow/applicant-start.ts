// How an applicant's session begins: the first save's application and its session in one transaction, so
// there is never an application without its session or the reverse; a resume link's session, the use of
// its token and the fresh token it hands the device likewise.
import type { ProductConfig, SaveApplicationBody } from '@originate/contract';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { createApplicantSession, type IssuedSession } from '../auth';
import { consumeResumeToken, createFlowApplication, type FlowContext, issueResumeToken } from './flow-applications';

type TtlConfig = Pick<Config, 'accessTokenTtlSeconds' | 'refreshTokenTtlSeconds' | 'applicantSessionMaxHours'>;

/** The first save: a new application and its applicant's session. */
export function startApplication(
  db: Db,
  product: ProductConfig,
  flowCtx: FlowContext,
  body: SaveApplicationBody,
  config: TtlConfig,
  now: Date,
): Promise<{ applicationId: string; session: IssuedSession }> {
  return db.transaction(async (tx) => {
    const applicationId = await createFlowApplication(tx, product, flowCtx, body, now);
    const session = await createApplicantSession(tx, applicationId, config, now);
    return { applicationId, session };
  });
}

/**
 * A resume link opened: its token used up, a session of its application and a fresh token for the device
 * that opened it (a tab closed before any save comes back with it), or null for a dead token.
 */
export function resumeApplication(
  db: Db,
  token: string,
  config: TtlConfig,
  now: Date,
): Promise<{ applicationId: string; session: IssuedSession; resumeToken: string } | null> {
  return db.transaction(async (tx) => {
    const applicationId = await consumeResumeToken(tx, token, now);
    if (!applicationId) return null;
    return {
      applicationId,
      session: await createApplicantSession(tx, applicationId, config, now),
      resumeToken: await issueResumeToken(tx, applicationId, now),
    };
  });
}
