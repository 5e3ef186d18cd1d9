// The newest of everything, for saves built when their turn in the queue comes and for handlers that
// run ahead of the render (a keystroke's values are here before they are on screen).

import type { FlowApplication, FormValues, JointApplicant } from '@originate/contract';
import type { FlowContext, ProgressStatus, Step } from '@originate/flow-engine';

export interface Latest {
  values: FormValues;
  joint: JointApplicant[];
  step: Step | undefined;
  statuses: Record<string, ProgressStatus>;
  application: FlowApplication | null;
  resumeToken: string | undefined;
  ctx: FlowContext;
  /** Counts edits: a save's answer compares it to know whether changes came in meanwhile. */
  changes: number;
}
