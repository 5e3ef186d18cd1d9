// How an applicant's first save begins: the application it creates and its applicant's session, in one
// transaction, so there is never an application without its session or the reverse.
import type { ProductConfig, SaveApplicationBody } from '@originate/contract';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { createApplicantSession, type IssuedSession } from '../auth';
import { createFlowApplication, type FlowContext } from './flow-applications';

type TtlConfig = Pick<Config, 'accessTokenTtlSeconds' | 'refreshTokenTtlSeconds'>;

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
