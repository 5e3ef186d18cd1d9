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
/** A forward of an approval: from whom to whom, by whom, when and why. */
const ForwardSchema = Type.Object({ from: Id, to: Id, by: Id, at: IsoDateTime, comment: Nullable(Text) }, closed);

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
    approver: PersonSchema,
    decidedBy: Nullable(Id),
    decisionComment: Nullable(Text),
    history: Type.Array(ForwardSchema),
    createdAt: IsoDateTime,
    decidedAt: Nullable(IsoDateTime),
    /** Whether the caller may act on it now. */
    canAct: Type.Boolean(),
  },
  closed,
);
export type Approval = Static<typeof ApprovalSchema>;
export const ApprovalsAnswerSchema = Type.Object({ data: Type.Array(ApprovalSchema) }, closed);

/** POST /v3/application/approvals/request: the new approval, pending with its approver. */
export const RequestedApprovalAnswerSchema = Type.Object(
  { approvalId: Id, status: Type.Literal('PENDING'), approver: Id },
  closed,
);
export type RequestedApprovalAnswer = Static<typeof RequestedApprovalAnswerSchema>;

/** POST /v3/application/approvals/{action}: the approval's new state and the application's. */
export const ApprovalDecisionAnswerSchema = Type.Object(
  { approvalId: Id, status: ApprovalStatusSchema, approver: Id, application_status: ApplicationStatusSchema },
  closed,
);
export type ApprovalDecisionAnswer = Static<typeof ApprovalDecisionAnswerSchema>;
