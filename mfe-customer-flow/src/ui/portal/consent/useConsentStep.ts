// The flow's buttons around consents and the end page: Next on the consent step and Submit anywhere ask for every
// mandatory consent first (the message names them, focus goes to the first box); Submit takes the receipt pass
// before the submit ends the applicant's session; which action is running, for the buttons' 'Saving…'.

import { reportError, showToast } from '@originate/web';
import { useCallback, useRef, useState } from 'react';
import { takeReceiptPass } from '../../../api/consents';
import type { FlowSetup } from '../../../api/loadFlow';
import { useConsents } from '../../../api/useConsents';
import { consentCheckboxId, missingConsentsMessage } from '../../../domain/consentRules';
import type { FlowOptions } from '../flow/options';
import type { FlowController } from '../useFlow';

export type RunningAction = 'save' | 'next' | 'submit' | null;

export function useConsentStep(setup: FlowSetup, flow: FlowController, options: Pick<FlowOptions, 'role'>) {
  const componentId = flow.step?.componentId;
  const consents = useConsents(
    setup.productCode,
    flow.application?.application_id,
    (set) => set.componentId === componentId,
  );
  const [showMissing, setShowMissing] = useState(false);
  const [pass, setPass] = useState<string | null>(null);
  const [running, setRunning] = useState<RunningAction>(null);
  const onConsentStep = consents.set !== undefined && consents.set.componentId === flow.step?.componentId;
  // The callbacks stay the same for the memoised buttons; they read the newest state when called.
  const latest = useRef({ consents, flow, onConsentStep });
  latest.current = { consents, flow, onConsentStep };

  const refused = useCallback(() => {
    const { missing } = latest.current.consents;
    const first = missing[0];
    if (!first) return false;
    setShowMissing(true);
    showToast(missingConsentsMessage(missing), 'error');
    requestAnimationFrame(() => document.getElementById(consentCheckboxId(first.consentId))?.focus());
    return true;
  }, []);

  const run = useCallback(async (action: Exclude<RunningAction, null>, work: () => Promise<void>) => {
    setRunning(action);
    try {
      await work();
    } finally {
      setRunning(null);
    }
  }, []);

  const next = useCallback(async () => {
    if (latest.current.onConsentStep && refused()) return;
    await run('next', () => latest.current.flow.next());
  }, [refused, run]);

  const save = useCallback(() => run('save', () => latest.current.flow.save()), [run]);

  const role = options.role;
  const submit = useCallback(async () => {
    if (latest.current.consents.set && refused()) return;
    await run('submit', async () => {
      const applicationId = latest.current.flow.application?.application_id;
      if (role === 'applicant' && applicationId) {
        try {
          setPass((await takeReceiptPass(applicationId)).pass);
        } catch (error) {
          // The submit goes on: the applicant reads the receipt by signing in to My applications.
          reportError(error);
        }
      }
      await latest.current.flow.submit();
    });
  }, [refused, run, role]);

  return { consents, onConsentStep, showMissing, pass, running, next, save, submit };
}
