// Co-applicants and guarantors: added after the applicant's steps, removed with theirs.

import type { ApplicantType, FlowConfig, JointApplicant } from '@originate/contract';
import { canAddJointApplicant, type FlowContext, flowSteps, type Step } from '@originate/flow-engine';
import { showToast } from '@originate/web';
import { type Dispatch, type RefObject, type SetStateAction, useCallback } from 'react';
import { flowContext } from '../../../domain/flowModel';
import type { Latest } from './latest';

interface JointArgs {
  flow: FlowConfig;
  ctx: FlowContext;
  applicantType: ApplicantType;
  step: Step | undefined;
  latest: RefObject<Latest>;
  setJoint: Dispatch<SetStateAction<JointApplicant[]>>;
  goTo(target: Step, with_: { joint: JointApplicant[] }): void;
  writeDraft(unsynced: boolean): void;
}

export function useJointApplicants({ flow, ctx, applicantType, step, latest, setJoint, goTo, writeDraft }: JointArgs) {
  const addJoint = useCallback(
    (type: 'secondary' | 'guarantor') => {
      if (!canAddJointApplicant(flow, ctx, type)) return;
      const applicant: JointApplicant = {
        applicantId: `${type === 'secondary' ? 'co' : 'gu'}-${Date.now().toString(36)}`,
        applicantType: type,
        customFields: {},
      };
      const nextJoint = [...latest.current.joint, applicant];
      latest.current.joint = nextJoint;
      latest.current.changes += 1;
      setJoint(nextJoint);
      writeDraft(true);
      showToast(
        type === 'secondary'
          ? 'Co-applicant added: their steps follow yours'
          : 'Guarantor added: their steps follow yours',
        'success',
      );
    },
    [flow, ctx, writeDraft, latest, setJoint],
  );

  const removeJoint = useCallback(
    (index: number) => {
      const nextJoint = latest.current.joint.filter((_, i) => i !== index);
      latest.current.joint = nextJoint;
      latest.current.changes += 1;
      setJoint(nextJoint);
      // The current step may have belonged to the removed applicant: go back to the first step then.
      if (step?.jointIndex !== undefined) {
        const nctx = flowContext(applicantType, latest.current.values, nextJoint, latest.current.application);
        const first = flowSteps(flow, nctx)[0];
        if (first) goTo(first, { joint: nextJoint });
      }
      writeDraft(true);
    },
    [step, flow, applicantType, goTo, writeDraft, latest, setJoint],
  );

  return { addJoint, removeJoint };
}
