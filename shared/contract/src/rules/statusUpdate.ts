// POST /app/status_update (spec §7): a client asks for an application status, the server takes the
// application action that leads there from where the application is (spec §4's actions; which status
// each leads to is the state machine's, applyAction). COMPLETED is reached only by completing the last step.
import type { ApplicationAction } from '../contracts/backOffice';
import type { ApplicationStatus } from '../contracts/entities';
import { type ActionState, applyAction } from './backOffice';

/** The actions that lead to each status, in the order they are tried. */
const ACTIONS_TO: Readonly<Record<ApplicationStatus, readonly ApplicationAction[]>> = {
  ACTIVE: ['cancelReject', 'activate'],
  REJECTED: ['reject'],
  CANCELLED: ['cancel'],
  INACTIVE: ['inactivate'],
  DELETED: ['delete'],
  COMPLETED: [],
};

export type StatusUpdate = { ok: true; action: ApplicationAction } | { ok: false; reason: string };

/** The action that takes an application in `state` to `target`, or why none does. */
export function statusUpdateAction(target: ApplicationStatus, state: ActionState): StatusUpdate {
  if (target === state.status) return { ok: false, reason: `the application is already ${target}` };
  const candidates = ACTIONS_TO[target];
  if (candidates.length === 0) return { ok: false, reason: `${target} is reached by completing the last step` };
  const reasons: string[] = [];
  for (const action of candidates) {
    const outcome = applyAction(action, state);
    if (outcome.ok && outcome.status === target) return { ok: true, action };
    if (!outcome.ok) reasons.push(outcome.reason);
  }
  return { ok: false, reason: reasons.join('; ') };
}
