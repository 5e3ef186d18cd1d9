// A field's microflow (button or blur): saved first when the application does not exist yet, then its
// actions applied: looked-up values (through the session), verified fields, a file preview or download.

import {
  classifyError,
  type FieldConfig,
  type FormValues,
  MICROFLOW_ERROR_MESSAGE,
  type MicroflowAction,
} from '@originate/contract';
import type { Step } from '@originate/flow-engine';
import { openModal, reportError } from '@originate/web';
import { useCallback } from 'react';
import { executeMicroflow, fetchDocument } from '../../../api/flow';
import { valuesOf } from '../../../domain/flowModel';
import type { FlowSession } from '../../../domain/flowSession';

interface MicroflowArgs {
  step: Step | undefined;
  session: FlowSession;
  ensureApplication(): Promise<string>;
}

export function useMicroflows({ step, session, ensureApplication }: MicroflowArgs) {
  const applyActions = useCallback(
    async (actions: readonly MicroflowAction[]) => {
      session.settle();
      if (!session.current().form) return;
      const answered: FormValues = {};
      for (const action of actions) {
        switch (action.type) {
          case 'LOOKUP':
          case 'APPLICATION_UPDATE':
            Object.assign(answered, action.values);
            break;
          case 'VERIFY_FIELDS':
            session.dispatch({ type: 'verified', keys: action.keys, isVerified: action.isVerified });
            break;
          case 'PREVIEW_FILE': {
            const blob = await fetchDocument(action.fileId);
            const preview = { fileName: action.fileName, url: URL.createObjectURL(blob), mimeType: blob.type };
            session.dispatch({ type: 'preview', preview });
            break;
          }
          case 'DOWNLOAD_FILE': {
            const blob = await fetchDocument(action.fileId);
            const url = URL.createObjectURL(blob);
            const link = document.createElement('a');
            link.href = url;
            link.download = action.fileName;
            link.click();
            setTimeout(() => URL.revokeObjectURL(url), 0);
            break;
          }
        }
      }
      session.applyValues(answered);
    },
    [session],
  );

  return useCallback(
    async (field: FieldConfig) => {
      const microflow = field.microflow;
      if (!microflow || !step || !session.current().form) return;
      try {
        const applicationId = await ensureApplication();
        const l = session.current();
        const { actions } = await executeMicroflow(microflow.id, {
          componentId: step.componentId,
          applicationId,
          customFields: valuesOf(step, l.values, l.joint),
        });
        await applyActions(actions);
      } catch (error) {
        // Validation answers name the field ('Pincode - is invalid'); anything else gets the spec's default.
        if (classifyError(error).kind === 'validation') reportError(error);
        else openModal({ message: MICROFLOW_ERROR_MESSAGE, showClose: true });
      }
    },
    [step, ensureApplication, applyActions, session],
  );
}
