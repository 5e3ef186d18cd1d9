// Answers of the tasks module (mock-server modules/tasks): application actions, rebook, the review date
// (snooze) and approvals.
import Type, { type Static } from 'typebox';
import { closed, Id, IsoDateTime, Nullable } from '../primitives';
import { ApplicationStatusSchema, TaskProgressSchema } from './applications';

const Text = Type.String();

/** POST /v3/application/action/{action}, assign, reassign and complete_step/user: where the action left the task. */
export const ActionAnswerSchema = Type.Object(
  {
    message: Text,
    application_id: Id,
    taskId: Id,
    status: ApplicationStatusSchema,
    stage: Text,
    progress: TaskProgressSchema,
    /** The task opened by the action (complete_step/user's next step, revert_stage's previous one). */
    nextTaskId: Nullable(Id),
    assignedTo: Nullable(Id),
    /** The notification sent to the new assignee (assign, reassign), if any. */
    notificationId: Nullable(Text),
  },
  closed,
);
export type ActionAnswer = Static<typeof ActionAnswerSchema>;

/** POST /backstage/rebook: the callback's new time. */
export const RebookAnswerSchema = Type.Object(
  { message: Text, application_id: Id, taskId: Id, callbackAt: IsoDateTime },
  closed,
);
export type RebookAnswer = Static<typeof RebookAnswerSchema>;

/** POST /v3/taskconfigs/updateSnoozeTime and removeSnoozeTime: the task's review date (null: cleared). */
export const SnoozeAnswerSchema = Type.Object({ taskId: Id, reviewDate: Nullable(IsoDateTime) }, closed);
export type SnoozeAnswer = Static<typeof SnoozeAnswerSchema>;

export const ApprovalStatusSchema = Type.Union([
  Type.Literal('PENDING'),
  Type.Literal('APPROVED'),
  Type.Literal('REJECTED'),
  Type.Literal('SENT_BACK'),
]);
export const ApprovalKindSchema = Type.Union([Type.Literal('APPROVAL'), Type.Literal('EXCEPTION')]);
const PersonSchema = Type.Object({ userid: Id, displayName: Text }, closed);
const LevelNumber = Type.Integer({ minimum: 1 });
const ApprovalActionSchema = Type.Union([
  Type.Literal('approve'),
  Type.Literal('reject'),
  Type.Literal('forward'),
  Type.Literal('send_back'),
]);

/**
 * One decision on an approval, oldest first: who took which action at which level, and where the approval
 * went next (an approve below the loan's level and a forward go up one level, to a named approver or the
 * level's teams).
 */
const ApprovalDecisionSchema = Type.Object(
  {
    level: LevelNumber,
    action: ApprovalActionSchema,
    by: PersonSchema,
    at: IsoDateTime,
    comment: Nullable(Text),
    /** The level it went up to, when it did. */
    toLevel: Nullable(LevelNumber),
    /** The approver it went to at that level, when one was named. */
    to: Nullable(Id),
  },
  closed,
);

/**
 * The facts the four-eyes rule (contract rules/approvals fourEyesRefusal) decides on, so the browser offers
 * exactly what the server accepts.
 */
const FourEyesFactsSchema = Type.Object(
  {
    capturedBy: Type.Array(Id),
    editedAfterSubmitBy: Type.Array(Id),
    approvedAtEarlierLevelsBy: Type.Array(Id),
    approvedAtThisLevelBy: Type.Array(Id),
  },
  closed,
);

/** An approval of an application (GET /v3/application/approvals/getApprovals), oldest first. */
const ApprovalSchema = Type.Object(
  {
    approvalId: Id,
    application_id: Id,
    taskId: Id,
    kind: ApprovalKindSchema,
    status: ApprovalStatusSchema,
    reason: Text,
    requestedBy: PersonSchema,
    /** The level of the product's approval matrix it is at (or was decided at), its name and amount limit (INR; null: none). */
    level: LevelNumber,
    levelName: Text,
    maxAmount: Nullable(Type.Number()),
    /** How many levels the matrix has (the last one decides any amount). */
    levelCount: LevelNumber,
    /** Distinct approvers the level needs. */
    requiredApprovers: LevelNumber,
    /** The loan amount (INR) the levels are compared with. */
    loanAmount: Type.Number(),
    /** The one approver it waits for, or null while it is queued to the level's teams. */
    approver: Nullable(PersonSchema),
    /** The teams whose approvers may take it while it is queued (the level's teams); [] when one approver is named. */
    approverTeams: Type.Array(Type.Object({ id: Id, name: Text }, closed)),
    decisions: Type.Array(ApprovalDecisionSchema),
    fourEyes: FourEyesFactsSchema,
    decidedBy: Nullable(Id),
    decisionComment: Nullable(Text),
    createdAt: IsoDateTime,
    decidedAt: Nullable(IsoDateTime),
    /** Whether the caller may act on it now; when not, why (null when it is decided). */
    canAct: Type.Boolean(),
    cannotActReason: Nullable(Text),
  },
  closed,
);
export type Approval = Static<typeof ApprovalSchema>;
export const ApprovalsAnswerSchema = Type.Object({ data: Type.Array(ApprovalSchema) }, closed);

/** Where an approval waits: its level, and one approver or the level's teams (approver null). */
const approvalPlace = { level: LevelNumber, approver: Nullable(Id), approverTeams: Type.Array(Id) };

/** POST /v3/application/approvals/request: the new approval, pending at the first level. */
export const RequestedApprovalAnswerSchema = Type.Object(
  { approvalId: Id, status: Type.Literal('PENDING'), ...approvalPlace },
  closed,
);
export type RequestedApprovalAnswer = Static<typeof RequestedApprovalAnswerSchema>;

/** POST /v3/application/approvals/{action}: what the decision did, the approval's new state and the application's. */
export const ApprovalDecisionAnswerSchema = Type.Object(
  {
    message: Text,
    approvalId: Id,
    status: ApprovalStatusSchema,
    ...approvalPlace,
    application_status: ApplicationStatusSchema,
  },
  closed,
);
export type ApprovalDecisionAnswer = Static<typeof ApprovalDecisionAnswerSchema>;
