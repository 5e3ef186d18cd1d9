// The server's mandatory validations (spec §7): registered after the first save, then re-run, one call at a
// time, for the pending fields each save changed (the session keeps which are pending). Refusals show as the
// fields' errors until they pass.
import { reportError } from '@originate/web';
import { useCallback, useMemo } from 'react';
import { addMandatoryValidations, updateMandatoryValidations } from '../../../api/flow';
import { createPromiseQueue } from '../../../api/promiseQueue';
import type { FlowSession } from '../../../domain/flowSession';

export function useMandatoryValidations(session: FlowSession) {
  const validations = useMemo(() => createPromiseQueue(), []);

  const run = useCallback(
    (applicationId: string, changed: readonly string[]) => {
      const fields = session.pendingValidations(changed);
      if (fields.length === 0) return;
      void validations
        .run(() => updateMandatoryValidations(applicationId, fields))
        .then(({ results }) => session.dispatch({ type: 'validated', results }))
        .catch(reportError);
    },
    [validations, session],
  );

  /** After the application's first save: register them, then check what is already filled. */
  const start = useCallback(
    (applicationId: string) => {
      void validations
        .run(() => addMandatoryValidations(applicationId))
        .then(({ pending }) => {
          session.expectValidations(pending);
          run(applicationId, Object.keys(session.current().values));
        })
        .catch(reportError);
    },
    [validations, run, session],
  );

  return useMemo(() => ({ run, start }), [run, start]);
}
