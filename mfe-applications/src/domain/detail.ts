// The detail's pure logic: which tabs, actions and buttons it offers (always through the contract's rules:
// visibleTabs, taskSubStatus, applyAction, actionPermission), the header's view model, how a refused
// completion reads, and the upload check. Components only render what these return.
import {
  type ActionState,
  type ActorContext,
  APPLICATION_ACTIONS,
  ApiError,
  type Application,
  type ApplicationAction,
  type Approval,
  type ApprovalAction,
  type Audit,
  actionPermission,
  applyAction,
  COMPLETION_ERRORS,
  type CompletionError,
  type DetailTab,
  documentPermission,
  type FieldAccessViewer,
  formatBankDateTime,
  fourEyesRefusal,
  futureTimeProblem,
  type QueryStatus,
  rebookRefusal,
  type SubTask,
  type TaskConfigs,
  taskSubStatus,
  type User,
  uploadCheck,
  visibleTabs,
  type Worklog,
} from '@originate/contract';
import { rupees } from './amounts';
import { STATUS_LABELS } from './lists';

type Caller = Pick<User, 'userid' | 'roles' | 'teams'>;

/** Spec §2/§6 tabs, by the contract's visibleTabs from the task's own state (sub-status computed here from it). */
export function detailTabs(configs: TaskConfigs, caller: Caller, now: Date): DetailTab[] {
  const { task } = configs;
  return visibleTabs({
    status: configs.status,
    subStatus: taskSubStatus(task.progress, task.callbackRequested, task.reviewDate, now),
    roles: caller.roles,
    assigned: configs.assigned,
    editingDisabled: configs.editingDisabled,
  });
}

/** The detail's tabs: the Summary first, the read-only form where the Save tab is not shown, then the spec's tabs. */
export type ShownTab = DetailTab | 'Summary' | 'Application form';

export function shownTabs(tabs: readonly DetailTab[]): ShownTab[] {
  return ['Summary', ...(tabs.includes('Save') ? [] : (['Application form'] as const)), ...tabs];
}

/** The access the form gets: WRITE exactly when the Save tab shows (assigned and editing enabled, spec §5/§6). */
export function formAccess(tabs: readonly DetailTab[]): 'WRITE' | 'READ' {
  return tabs.includes('Save') ? 'WRITE' : 'READ';
}

/** Who the form's field access control is evaluated for (the flowForm slot's viewer): the user's roles and teams. */
export function fieldAccessViewer(user: Pick<User, 'roles' | 'teams'>): FieldAccessViewer {
  return { roles: user.roles, teams: user.teams };
}

/** The Actions tab's actions: every application action except assignment and completion (their own places). */
export type DetailAction = Exclude<ApplicationAction, 'assign' | 'reassign' | 'complete_step/user'>;
const DETAIL_ACTIONS = APPLICATION_ACTIONS.filter(
  (a): a is DetailAction => a !== 'assign' && a !== 'reassign' && a !== 'complete_step/user',
);

export const ACTION_LABELS: Record<DetailAction, string> = {
  reject: 'Reject',
  cancelReject: 'Cancel rejection',
  cancel: 'Cancel',
  inactivate: 'Inactivate',
  activate: 'Activate',
  revert_stage: 'Revert stage',
  release: 'Release',
  delete: 'Delete',
  request_for_callback: 'Request for callback',
  complete_callback: 'Complete callback',
};

function actorOf(configs: TaskConfigs, caller: Caller): ActorContext {
  return {
    userid: caller.userid,
    roles: caller.roles,
    teams: caller.teams,
    assigned: configs.assigned,
    // The server answered getConfigs only because the caller has access to the task.
    hasAccess: true,
    assignee: configs.task.assignedTo,
    taskTeams: configs.task.assignedTeam,
  };
}

function stateOf(configs: TaskConfigs): ActionState {
  return {
    status: configs.status,
    progress: configs.task.progress,
    assigned: configs.task.assignedTo !== null,
    callbackRequested: configs.task.callbackRequested,
    hasPreviousStep: configs.hasPreviousStep,
  };
}

/** The application actions the state machine allows now and the caller may perform (spec §4, §6). */
export function offeredActions(configs: TaskConfigs, caller: Caller): DetailAction[] {
  const state = stateOf(configs);
  const actor = actorOf(configs, caller);
  return DETAIL_ACTIONS.filter((a) => applyAction(a, state).ok && actionPermission(a, actor, configs.status) === null);
}

/** Rebook (spec §6): the open callback moves; the contract's rebookRefusal, and whoever may complete the callback. */
export function canRebook(configs: TaskConfigs, caller: Caller): boolean {
  return (
    rebookRefusal(stateOf(configs)) === null &&
    actionPermission('complete_callback', actorOf(configs, caller), configs.status) === null
  );
}

/** What the approvals panel offers on one approval: its buttons, or why the caller may not decide it. */
export interface ApprovalOffer {
  actions: ApprovalAction[];
  /** Why nothing is offered, in words for the officer; null when something is, or when it is decided. */
  refusal: string | null;
}

/**
 * Approve, reject, forward and send back, only while the approval is pending, only to a user the server lets
 * act on it (its `canAct`: the level's approvers) and whom the four-eyes rule (the contract's
 * fourEyesRefusal, on the facts the answer carries) does not refuse. Forward goes up one level, so the final
 * level has none.
 */
export function approvalOffer(approval: Approval, userid: string): ApprovalOffer {
  if (approval.status !== 'PENDING') return { actions: [], refusal: null };
  const fourEyes = fourEyesRefusal(userid, approval.fourEyes);
  if (fourEyes !== null) return { actions: [], refusal: `You cannot decide this approval: ${fourEyes}.` };
  if (!approval.canAct) {
    return { actions: [], refusal: approval.cannotActReason ?? 'You are not an approver of this level.' };
  }
  const final = approval.level >= approval.levelCount;
  return {
    actions: final ? ['approve', 'reject', 'send_back'] : ['approve', 'reject', 'forward', 'send_back'],
    refusal: null,
  };
}

/** The level an approval is at, in words: 'Level 1 of 3, Branch Credit Manager: decides up to ₹5,00,000 (5 lakh)'. */
export function approvalLevelText(approval: Approval): string {
  const limit = approval.maxAmount === null ? 'decides any amount' : `decides up to ${rupees(approval.maxAmount)}`;
  return `Level ${approval.level} of ${approval.levelCount}, ${approval.levelName}: ${limit}`;
}

/**
 * Who decides it now: the named approver or any approver of the level's teams, and how many distinct
 * approvers the level still needs; and what approving does when the loan is above the level's limit.
 */
export function approvalWaitText(approval: Approval): string | null {
  if (approval.status !== 'PENDING') return null;
  const who = approval.approver
    ? approval.approver.displayName
    : approval.approverTeams.length > 0
      ? `any approver of ${approval.approverTeams.map((t) => t.name).join(' or ')}`
      : 'an approver of this level';
  const done = new Set(approval.fourEyes.approvedAtThisLevelBy).size;
  const needed = approval.requiredApprovers - done;
  const count =
    approval.requiredApprovers > 1
      ? ` (${needed} of ${approval.requiredApprovers} distinct approvers still needed)`
      : '';
  const above =
    approval.maxAmount !== null && approval.loanAmount > approval.maxAmount && approval.level < approval.levelCount
      ? ` The loan of ${rupees(approval.loanAmount)} is above this level's limit: approving forwards it to level ${approval.level + 1}.`
      : '';
  return `Waiting for ${who}${count}.${above}`;
}

const DECISION_WORDS: Record<ApprovalAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  forward: 'forwarded',
  send_back: 'sent back',
};

/** One history line: '06/12/2026 10:01:02 · level 1 · Vikram Nair approved → level 2: fine'. */
export function decisionLine(decision: Approval['decisions'][number]): string {
  const to = decision.toLevel === null ? '' : ` → level ${decision.toLevel}`;
  const comment = decision.comment ? `: ${decision.comment}` : '';
  return `${formatBankDateTime(decision.at)} · level ${decision.level} · ${decision.by.displayName} ${DECISION_WORDS[decision.action]}${to}${comment}`;
}

export const APPROVAL_LABELS: Record<ApprovalAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  forward: 'Forward',
  send_back: 'Send back',
};

export type QueryButton = 'update' | 'close' | 'reopen' | 'comment';

/** What a query offers in its status: an open one is edited, commented and closed; a closed one reopened. */
export function queryButtons(status: QueryStatus): QueryButton[] {
  switch (status) {
    case 'OPEN':
      return ['update', 'comment', 'close'];
    case 'RESOLVED':
      return ['comment', 'close', 'reopen'];
    case 'CLOSED':
      return ['reopen'];
  }
}

/** Document writes (upload, delete, metadata, merge, copy): the contract's documentPermission, as the server enforces it. */
export function canManageDocuments(caller: Pick<User, 'roles'>): boolean {
  return documentPermission(caller.roles) === null;
}

/** Spec §5 before an upload: 30 MB and the upload kinds; null when the file may go. */
export function uploadProblem(file: { name: string; size: number; type: string }): string | null {
  const check = uploadCheck(file);
  return check.ok ? null : `${file.name}: ${check.reason}`;
}

/** A refused completion (spec §4), as the Close tab shows it. */
export interface CompletionProblem {
  error: CompletionError;
  detail: string | null;
  advice: string;
}

const COMPLETION_ADVICE: Record<CompletionError, string> = {
  EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL:
    'Exceptions raised on this application still await approval. The approver decides them in the Approvals tab; complete the step once they are approved.',
  APPROVALS_PENDING:
    'Approvals requested for this application are still pending. Complete the step once the approver has decided them in the Approvals tab.',
  QUERIES_PENDING:
    'Queries raised on this application are still open. Close (or resolve) them in the Queries tab, then complete the step.',
};

/** The completion error a complete_step/user answer names, or null for any other failure. */
export function completionProblem(error: unknown): CompletionProblem | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { message?: unknown; errors?: { reason?: unknown }[] } | null;
  const name = COMPLETION_ERRORS.find((e) => e === body?.message);
  if (!name) return null;
  const reason = body?.errors?.[0]?.reason;
  return { error: name, detail: typeof reason === 'string' ? reason : null, advice: COMPLETION_ADVICE[name] };
}

/** An instant as the server writes it (ISO 8601 with a time): shown DD/MM/YYYY hh:mm:ss. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

/** A logged or audited value as a person reads it: instants as dates, objects as 'key value · key value'. */
function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatBankDateTime(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(displayValue).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value)
      .map(([k, v]) => `${k} ${displayValue(v)}`)
      .join(' · ');
  }
  return String(value);
}

export interface HistoryRow {
  id: string;
  field: string;
  change: string;
  who: string;
  when: string;
}

/** The History panel's rows: old → new, who, when (DD/MM/YYYY hh:mm:ss). */
export function historyRows(audits: readonly Audit[]): HistoryRow[] {
  return audits.map((a) => ({
    id: a.id,
    field: a.fieldKey,
    change: `${displayValue(a.oldValue)} → ${displayValue(a.newValue)}`,
    who: a.userName ?? a.userId ?? a.source,
    when: formatBankDateTime(a.createdAt),
  }));
}

/** One worklog line: the action and what it carried (comment, outcome), who and when. */
export function worklogLine(entry: Worklog): { action: string; detail: string; who: string; when: string } {
  const detail = Object.entries(entry.detail)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${displayValue(v)}`)
    .join(', ');
  return {
    action: entry.action,
    detail,
    // The server writes no user only for the applicant's own acts (a save, an answer to a request).
    who: entry.userName ?? entry.userId ?? 'Applicant',
    when: formatBankDateTime(entry.createdAt),
  };
}

export interface HeaderModel {
  applicationId: string;
  product: string;
  applicant: string;
  status: string;
  stage: string;
  task: string;
  assignee: string;
  /** While a callback is open: when the applicant is to be called. */
  callback: string | null;
}

/** The primary applicant's name as the application stores it. */
function applicantName(record: Pick<Application, 'applicant'> | undefined): string {
  const primary = record?.applicant?.primary ?? {};
  const full = primary.fullName ?? [primary.firstName, primary.lastName].filter(Boolean).join(' ');
  return typeof full === 'string' && full.trim() !== '' ? full : '—';
}

/**
 * The header: id, product, applicant (from the stored application, once loaded), status, stage, current
 * task and assignee (the SLA is the header's SlaChip).
 */
export function headerModel(
  configs: TaskConfigs,
  record?: Pick<Application, 'applicant' | 'product_name' | 'product_code'>,
  me?: Pick<User, 'userid' | 'displayName'>,
): HeaderModel {
  const { task } = configs;
  return {
    applicationId: configs.application_id,
    product: record ? `${record.product_name} (${record.product_code})` : '—',
    applicant: applicantName(record),
    status: STATUS_LABELS[configs.status],
    stage: configs.stage,
    task: `${task.name} · ${task.progress}`,
    assignee:
      me && task.assignedTo === me.userid
        ? `${me.displayName} (you)`
        : (task.assignedToName ?? task.assignedTo ?? 'Unassigned'),
    callback: task.callbackRequested
      ? task.callbackAt
        ? formatBankDateTime(task.callbackAt)
        : 'Requested, no time set'
      : null,
  };
}

const FUTURE_TIMES = { review: 'The review date', callback: 'The callback time' } as const;

/**
 * A task review date or a callback time typed in a datetime-local input, as the ISO instant the server
 * takes; or why not (the contract's futureTimeProblem, as the server judges it).
 */
export function futureTimeInput(
  kind: keyof typeof FUTURE_TIMES,
  value: string,
  now: Date,
): { ok: true; iso: string } | { ok: false; reason: string } {
  const at = new Date(value);
  if (value === '' || Number.isNaN(at.getTime())) return { ok: false, reason: `Pick a ${kind} date and time` };
  const problem = futureTimeProblem(at.toISOString(), now);
  return problem ? { ok: false, reason: `${FUTURE_TIMES[kind]} ${problem}` } : { ok: true, iso: at.toISOString() };
}

/** Comments and notes are trimmed; blank is none (the schemas refuse empty strings). */
export function optionalText(value: string): string | undefined {
  const text = value.trim();
  return text === '' ? undefined : text;
}

/** Who a query is to, as the Queries tab says it. */
export function queryRecipient(q: Pick<SubTask, 'recipient' | 'assignedTo'>): string {
  if (q.recipient === 'APPLICANT') return 'the applicant';
  return q.assignedTo?.displayName ?? 'the task team';
}
