// The flow screen's state beside the form: the application as the server last answered, the save status,
// server-side validation errors, verified fields, the file preview and the busy and submitted flags.
// Pure: the flow session (flowSession.ts) holds it beside the values and the form, and the hooks in
// ui/portal/flow dispatch what happened through the session.

import type { FlowApplication, MandatoryResult } from '@originate/contract';
import { type FieldError, type ProgressStatus, progressKey, type Step } from '@originate/flow-engine';
import type { SyncStatus } from '../api/saveQueue';

interface Preview {
  fileName: string;
  url: string;
  mimeType: string;
}

export interface FlowState {
  application: FlowApplication | null;
  resumeToken: string | undefined;
  sync: SyncStatus;
  /** Keys a VERIFY_FIELDS action marked: true verified, false failed. */
  verified: Record<string, boolean>;
  /** Mandatory validations the server refused, by field key; an edit of the field clears it. */
  serverErrors: Record<string, FieldError>;
  preview: Preview | null;
  busy: boolean;
  submitted: boolean;
}

export type FlowAction =
  | { type: 'answered'; application: FlowApplication; resumeToken?: string | null }
  /** 'Send me this link' issued the application's new live link: this device keeps it (the old one is revoked). */
  | { type: 'resumeToken'; resumeToken: string }
  | { type: 'sync'; status: SyncStatus }
  | { type: 'validated'; results: readonly MandatoryResult[] }
  | { type: 'edited'; keys: readonly string[] }
  | { type: 'verified'; keys: readonly string[]; isVerified: boolean }
  | { type: 'preview'; preview: Preview | null }
  | { type: 'busy'; busy: boolean }
  | { type: 'submitted' };

export function initialFlowState(
  application: FlowApplication | null,
  resumeToken: string | undefined,
  unsynced: boolean,
): FlowState {
  return {
    application,
    resumeToken,
    sync: unsynced ? 'offline' : 'idle',
    verified: {},
    serverErrors: {},
    preview: null,
    busy: false,
    submitted: false,
  };
}

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'answered':
      return {
        ...state,
        application: action.application,
        resumeToken: action.resumeToken ? action.resumeToken : state.resumeToken,
      };
    case 'resumeToken':
      return { ...state, resumeToken: action.resumeToken };
    case 'sync':
      return state.sync === action.status ? state : { ...state, sync: action.status };
    case 'validated': {
      const serverErrors = { ...state.serverErrors };
      for (const result of action.results) {
        if (result.valid) delete serverErrors[result.key];
        else serverErrors[result.key] = { code: 'invalid', message: result.reason ?? 'is invalid' };
      }
      return { ...state, serverErrors };
    }
    case 'edited': {
      if (!action.keys.some((key) => key in state.serverErrors)) return state;
      const serverErrors = { ...state.serverErrors };
      for (const key of action.keys) delete serverErrors[key];
      return { ...state, serverErrors };
    }
    case 'verified':
      return {
        ...state,
        verified: { ...state.verified, ...Object.fromEntries(action.keys.map((k) => [k, action.isVerified])) },
      };
    case 'preview':
      return { ...state, preview: action.preview };
    case 'busy':
      return state.busy === action.busy ? state : { ...state, busy: action.busy };
    case 'submitted':
      return { ...state, submitted: true };
  }
}

/** The statuses of the given steps only (joint steps vanish with their applicants). */
export function statusesOf(
  statuses: Readonly<Record<string, ProgressStatus>>,
  steps: readonly Step[],
): Record<string, ProgressStatus> {
  const out: Record<string, ProgressStatus> = {};
  for (const step of steps) {
    const key = progressKey(step);
    const status = statuses[key];
    if (status) out[key] = status;
  }
  return out;
}
