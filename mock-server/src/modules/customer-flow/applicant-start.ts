// How an applicant's session begins: the first save's application, its session and the device it is bound
// to in one transaction, so there is never an application without its session or the reverse; a resume
// link's session, the use of its token and the fresh token it hands the device likewise (README "Resume links").
import type { ProductConfig, ResumeDestination, SaveApplicationBody } from '@originate/contract';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db';
import { createApplicantSession, type IssuedSession } from '../auth';
import { consumeResumeToken, createFlowApplication, type FlowContext, issueResumeToken } from './flow-applications';
import { bindDevice, knowsDevice, liveToken, masked, verifiedDestinations } from './resume';

type TtlConfig = Pick<Config, 'accessTokenTtlSeconds' | 'refreshTokenTtlSeconds' | 'applicantSessionMaxHours'>;

/** The first save: a new application, its applicant's session, and the device that made it. */
export function startApplication(
  db: Db,
  product: ProductConfig,
  flowCtx: FlowContext,
  body: SaveApplicationBody,
  device: string,
  config: TtlConfig,
  now: Date,
): Promise<{ applicationId: string; session: IssuedSession }> {
  return db.transaction(async (tx) => {
    const applicationId = await createFlowApplication(tx, product, flowCtx, body, now);
    await bindDevice(tx, applicationId, device, now);
    const session = await createApplicantSession(tx, applicationId, config, now);
    return { applicationId, session };
  });
}

export interface Resumed {
  applicationId: string;
  session: IssuedSession;
  resumeToken: string;
}

/**
 * On a device that may resume: the token used up, the device bound, a session of its application and a
 * fresh token for the device (a tab closed before any save comes back with it), or null for a dead token.
 */
async function resumeOnDevice(
  tx: Queryable,
  token: string,
  device: string,
  config: TtlConfig,
  now: Date,
): Promise<Resumed | null> {
  const applicationId = await consumeResumeToken(tx, token, now);
  if (!applicationId) return null;
  await bindDevice(tx, applicationId, device, now);
  return {
    applicationId,
    session: await createApplicantSession(tx, applicationId, config, now),
    resumeToken: await issueResumeToken(tx, applicationId, now),
  };
}

/** A device that has just passed the one-time code resumes (resumeOnDevice in its own transaction). */
export function resumeVerifiedDevice(
  db: Db,
  token: string,
  device: string,
  config: TtlConfig,
  now: Date,
): Promise<Resumed | null> {
  return db.transaction((tx) => resumeOnDevice(tx, token, device, config, now));
}

/**
 * A resume link opened: on the device the application knows, resumed; on any other, only where a
 * one-time code can go (masked), nothing of the application; null for a dead token.
 */
export function openResumeLink(
  db: Db,
  token: string,
  device: string,
  config: TtlConfig,
  now: Date,
): Promise<Resumed | { verify: { destinations: ResumeDestination[] } } | null> {
  return db.transaction(async (tx) => {
    const live = await liveToken(tx, token, now);
    if (!live) return null;
    // An application staff started has no applicant device yet: the first device to open staff's link
    // becomes it (staff sent the link to the applicant), as the device of a first save does.
    if (live.firstStaffLink || (await knowsDevice(tx, live.applicationId, device))) {
      return resumeOnDevice(tx, token, device, config, now);
    }
    return { verify: { destinations: (await verifiedDestinations(tx, live.applicationId)).map(masked) } };
  });
}
