// The server's mandatory validations (spec §7): registered after the first save, then re-run, one call at a
// time, for the pending fields each save changed. Refusals show as the fields' errors until they pass.
import { reportError } from '@originate/web';
import { type Dispatch, type RefObject, useCallback, useMemo, useRef } from 'react';
import { addMandatoryValidations, updateMandatoryValidations } from '../../../api/flow';
import { createPromiseQueue } from '../../../api/promiseQueue';
import type { FlowAction } from '../../../domain/flowState';
import type { Latest } from './latest';

export function useMandatoryValidations(dispatch: Dispatch<FlowAction>, latest: RefObject<Latest>) {
  const validations = useMemo(() => createPromiseQueue(), []);
  const pending = useRef<Set<string>>(new Set());

  const run = useCallback(
    (applicationId: string, changed: readonly string[]) => {
      const fields = changed.filter((key) => pending.current.has(key));
      if (fields.length === 0) return;
      void validations
        .run(() => updateMandatoryValidations(applicationId, fields))
        .then(({ results }) => {
          for (const result of results) if (result.valid) pending.current.delete(result.key);
          dispatch({ type: 'validated', results });
        })
        .catch(reportError);
    },
    [validations, dispatch],
  );

  /** After the application's first save: register them, then check what is already filled. */
  const start = useCallback(
    (applicationId: string) => {
      void validations
        .run(() => addMandatoryValidations(applicationId))
        .then(({ pending: keys }) => {
          pending.current = new Set(keys);
          run(applicationId, Object.keys(latest.current.values));
        })
        .catch(reportError);
    },
    [validations, run, latest],
  );

  return useMemo(() => ({ run, start }), [run, start]);
}
