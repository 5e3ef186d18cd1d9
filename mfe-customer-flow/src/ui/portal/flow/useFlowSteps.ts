// The flow context and its steps, each keeping its identity while typing changes neither: steps, the
// stepper and every callback built on them are not recomputed per keystroke.

import type { ApplicantType, FlowApplication, FlowConfig, FormValues, JointApplicant } from '@originate/contract';
import { type FlowContext, flowSteps, type Step } from '@originate/flow-engine';
import { useMemo, useRef } from 'react';
import { flowContext } from '../../../domain/flowModel';

export function useFlowSteps(
  flow: FlowConfig,
  applicantType: ApplicantType,
  values: FormValues,
  joint: readonly JointApplicant[],
  application: FlowApplication | null,
  stepFilter: ((step: Step) => boolean) | undefined,
): { ctx: FlowContext; steps: Step[] } {
  const lastCtx = useRef<FlowContext | null>(null);
  const ctx = useMemo(() => {
    const next = flowContext(applicantType, values, joint, application);
    const previous = lastCtx.current;
    if (previous && JSON.stringify(previous) === JSON.stringify(next)) return previous;
    lastCtx.current = next;
    return next;
  }, [applicantType, values, joint, application]);
  // A new list would re-run the statuses effect (a full createFormState of every step).
  const lastSteps = useRef<Step[]>([]);
  const steps = useMemo(() => {
    const all = flowSteps(flow, ctx);
    const next = stepFilter ? all.filter(stepFilter) : all;
    const previous = lastSteps.current;
    const same =
      next.length === previous.length && next.every((s, i) => JSON.stringify(s) === JSON.stringify(previous[i]));
    if (same) return previous;
    lastSteps.current = next;
    return next;
  }, [flow, ctx, stepFilter]);
  return { ctx, steps };
}
