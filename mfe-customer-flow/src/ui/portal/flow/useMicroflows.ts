// A field's microflow (button or blur): saved first when the application does not exist yet, then its
// actions applied: looked-up values, verified fields, a file preview or download.

import { classifyError, type FieldConfig, MICROFLOW_ERROR_MESSAGE, type MicroflowAction } from '@originate/contract';
import { type FormState, type Step, setFieldValue } from '@originate/flow-engine';
import { openModal, reportError } from '@originate/web';
import { type Dispatch, type RefObject, useCallback } from 'react';
import { executeMicroflow, fetchDocument } from '../../../api/flow';
import { valuesOf } from '../../../domain/flowModel';
import type { FlowAction } from '../../../domain/flowState';
import type { Latest } from './latest';

interface MicroflowArgs {
  step: Step | undefined;
  latest: RefObject<Latest>;
  formRef: RefObject<FormState | null>;
  settle(): void;
  commit(next: FormState, changedKeys: readonly string[]): void;
  ensureApplication(): Promise<string>;
  dispatch: Dispatch<FlowAction>;
}

export function useMicroflows({ step, latest, formRef, settle, commit, ensureApplication, dispatch }: MicroflowArgs) {
  const applyActions = useCallback(
    async (actions: readonly MicroflowAction[]) => {
      settle();
      const current = formRef.current;
      if (!current) return;
      let f = current;
      const changed: string[] = [];
      for (const action of actions) {
        switch (action.type) {
          case 'LOOKUP':
          case 'APPLICATION_UPDATE':
            for (const [key, value] of Object.entries(action.values)) {
              if (f.fields.some((field) => field.key === key)) f = setFieldValue(f, key, value);
              else latest.current.values = { ...latest.current.values, [key]: value };
              changed.push(key);
            }
            break;
          case 'VERIFY_FIELDS':
            dispatch({ type: 'verified', keys: action.keys, isVerified: action.isVerified });
            break;
          case 'PREVIEW_FILE': {
            const blob = await fetchDocument(action.fileId);
            const preview = { fileName: action.fileName, url: URL.createObjectURL(blob), mimeType: blob.type };
            dispatch({ type: 'preview', preview });
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
      if (changed.length > 0) commit(f, changed);
    },
    [commit, settle, formRef, latest, dispatch],
  );

  return useCallback(
    async (field: FieldConfig) => {
      const microflow = field.microflow;
      if (!microflow || !step || !formRef.current) return;
      try {
        const applicationId = await ensureApplication();
        const { actions } = await executeMicroflow(microflow.id, {
          componentId: step.componentId,
          applicationId,
          customFields: valuesOf(step, latest.current.values, latest.current.joint),
        });
        await applyActions(actions);
      } catch (error) {
        // Validation answers name the field ('Pincode - is invalid'); anything else gets the spec's default.
        if (classifyError(error).kind === 'validation') reportError(error);
        else openModal({ message: MICROFLOW_ERROR_MESSAGE, showClose: true });
      }
    },
    [step, ensureApplication, applyActions, formRef, latest],
  );
}
