// Saves, queued one at a time and offline-safe: a draft waits for the connection (it is on the device),
// a first save creates the application and the applicant's session, every answer is adopted by the session.

import type { FlowApplication, FlowConfig } from '@originate/contract';
import type { Step } from '@originate/flow-engine';
import { reportError } from '@originate/web';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { storeApplicantSession } from '../../../api/applicantSession';
import { createApplication, saveAsApplicant, saveAsUser } from '../../../api/flow';
import { createSaveQueue } from '../../../api/saveQueue';
import { currentDevice } from '../../../domain/device';
import { saveBody } from '../../../domain/flowModel';
import type { FlowSession } from '../../../domain/flowSession';
import type { FlowOptions } from './options';
import type { useMandatoryValidations } from './useMandatoryValidations';

interface SavesArgs {
  flow: FlowConfig;
  opts: FlowOptions;
  session: FlowSession;
  validations: ReturnType<typeof useMandatoryValidations>;
  step: Step | undefined;
}

export function useSaves({ flow, opts, session, validations, step }: SavesArgs) {
  const deviceType = useMemo(() => currentDevice().deviceType, []);

  /** One save of everything, as DRAFT or SAVED, at the given step (where a resume continues). */
  const send = useCallback(
    async (mode: 'DRAFT' | 'SAVED', at: Step) => {
      const l = session.current();
      const changesAtBuild = l.changes;
      const body = saveBody({
        flow,
        ctx: l.ctx,
        applicationId: l.application?.application_id,
        mode,
        step: at,
        values: l.values,
        joint: l.joint,
        statuses: l.statuses,
        deviceType,
        modTime: l.application?.mod_time,
        captchaResponse: l.application ? undefined : opts.captchaResponse,
      });
      if (opts.role === 'staff') {
        const answer = await saveAsUser(body, opts.lang);
        session.answered(answer, changesAtBuild);
        opts.onSaved?.();
        return answer.application;
      }
      if (!l.application) {
        const answer = await createApplication(body, opts.lang);
        storeApplicantSession(answer.session, answer.application.application_id);
        session.answered(answer, changesAtBuild);
        validations.start(answer.application.application_id);
        return answer.application;
      }
      const answer = await saveAsApplicant(body, opts.lang);
      session.answered(answer, changesAtBuild);
      validations.run(answer.application.application_id, Object.keys(body.customFields));
      return answer.application;
    },
    [flow, deviceType, opts, session, validations],
  );

  const queue = useMemo(
    () =>
      createSaveQueue<FlowApplication>({
        onStatus: (status) => session.dispatch({ type: 'sync', status }),
        onRetryRefused: reportError,
      }),
    [session],
  );
  useEffect(() => () => queue.dispose(), [queue]);

  /** Saves as a draft; on a network failure the save waits for the connection (the draft is on the device). */
  const saveDraft = useCallback(
    (at: Step) => queue.save(() => send('DRAFT', at), { keepOffline: true }),
    [queue, send],
  );

  // A draft this device kept but the server never got goes out as soon as the screen opens.
  const sentUnsynced = useRef(false);
  useEffect(() => {
    if (!session.unsyncedAtStart || sentUnsynced.current || !step) return;
    sentUnsynced.current = true;
    saveDraft(step).catch(reportError);
  }, [session, step, saveDraft]);

  /** The application id, saving first when the application does not exist yet (uploads, OTP, microflows). */
  const ensureApplication = useCallback(async (): Promise<string> => {
    const existing = session.current().application?.application_id;
    if (existing) return existing;
    if (!step) throw new Error('The flow has no step');
    const saved = await queue.save(() => send('DRAFT', step), { keepOffline: false });
    if (!saved) throw new TypeError('Failed to fetch');
    return saved.application_id;
  }, [queue, send, step, session]);

  return { send, queue, saveDraft, ensureApplication };
}
