// The back-office contract (spec §2 menu and detail tabs, §4 actions and approvals, §5 filter
// operators, §6 task actions, §7 lists, actions, queries, documents, audits, §9 page sizes). Values
// here are shared by the server (what it enforces) and mfe-applications (what it offers).
import type { Static } from 'typebox';
import type {
  ListTaskSchema,
  OperationalLevelAgreementSchema,
  SlaPartSchema,
  TableConfigSchema,
  TaskSubStatusSchema,
} from './answers/lists';
import type { QueryStatusSchema } from './answers/queries';
import type { ApprovalStatusSchema } from './answers/tasks';

/** POST /v3/application/action/{action} (spec §7), in the spec's order. */
export const APPLICATION_ACTIONS = [
  'reject',
  'cancelReject',
  'cancel',
  'inactivate',
  'activate',
  'revert_stage',
  'release',
  'delete',
  'request_for_callback',
  'complete_callback',
  'assign',
  'reassign',
  'complete_step/user',
] as const;
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number];

/** POST /v3/application/approvals/{action} (spec §4, §7). */
export const APPROVAL_ACTIONS = ['approve', 'reject', 'forward', 'send_back'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** An approval's own state; only PENDING ones block completion. */
export type ApprovalStatus = Static<typeof ApprovalStatusSchema>;

/** Why a complete_step/user is refused (spec §4), checked in this order. */
export const COMPLETION_ERRORS = [
  'EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL',
  'APPROVALS_PENDING',
  'QUERIES_PENDING',
] as const;
export type CompletionError = (typeof COMPLETION_ERRORS)[number];

/** Spec §4: stage Closed means completed. */
export const CLOSED_STAGE = 'Closed';

/**
 * The task's sub-status (what the detail tabs depend on, spec §2): its progress, or CALLBACK_REQUESTED
 * while a callback is open, or SNOOZED while its review date is in the future.
 */
export type TaskSubStatus = Static<typeof TaskSubStatusSchema>;

/** Queries (sub-tasks): our statuses (spec: 'not shown'). */
export type QueryStatus = Static<typeof QueryStatusSchema>;

/** Spec §9. */
export const GRID_PAGE_SIZE_OPTIONS = [6, 9, 27, 51, 99] as const;
export const GLOBAL_SEARCH_FIELDS = ['application_id', '_applicationStatus', 'initiatedBy', 'cre_time'] as const;
export const GLOBAL_SEARCH_PAGE_SIZE = 10;
/** Spec §4 task-review buckets: review date today, later, or any. */
export const TASK_REVIEW_BUCKETS = ['Today', 'Future', 'All'] as const;
export type TaskReviewBucket = (typeof TASK_REVIEW_BUCKETS)[number];

/** Spec §5 filter operators per field kind ('inclusive forms' of amounts: *_OR_EQUAL). */
export const FILTER_OPERATORS = {
  amount: ['EQUAL', 'NOT_EQUAL', 'GREATER_THAN', 'LESS_THAN', 'GREATER_THAN_OR_EQUAL', 'LESS_THAN_OR_EQUAL'],
  text: ['EQUAL', 'NOT_EQUAL', 'CONTAINS', 'ENDS_WITH'],
  date: ['EQUAL', 'NOT_EQUAL', 'GREATER_THAN', 'LESS_THAN'],
  dropdown: ['EQUAL', 'NOT_EQUAL'],
} as const;
export type FilterFieldKind = keyof typeof FILTER_OPERATORS;
export type FilterOperator = (typeof FILTER_OPERATORS)[FilterFieldKind][number];

/** The lists of the Applications and Internal menus (spec §2), as the GraphQL 'list' argument names them. */
export const APPLICATION_LISTS = [
  'MY_APPLICATIONS',
  'TEAM_APPLICATIONS',
  'ALL',
  'REJECTED',
  'CANCELLED',
  'MY_APPROVALS',
  'MY_QUERIES',
  'MY_INTERNAL',
  'NEW_INTERNAL',
] as const;
export type ApplicationList = (typeof APPLICATION_LISTS)[number];
/** Each list's title (spec §2's menu): its page heading, its export's first title row and file name. */
export const APPLICATION_LIST_TITLES: Record<ApplicationList, string> = {
  MY_APPLICATIONS: 'My Applications',
  TEAM_APPLICATIONS: 'Team Applications',
  ALL: 'All Applications',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
  MY_APPROVALS: 'My Approvals',
  MY_QUERIES: 'My Queries',
  MY_INTERNAL: 'My Internal',
  NEW_INTERNAL: 'New Internal',
};

/** The /backstage/getTableConfig/{id} of each list (the spec's example id is ALL_APPLICATIONS). */
export const LIST_TABLE_IDS: Record<ApplicationList, string> = {
  MY_APPLICATIONS: 'MY_APPLICATIONS',
  TEAM_APPLICATIONS: 'TEAM_APPLICATIONS',
  ALL: 'ALL_APPLICATIONS',
  REJECTED: 'REJECTED_APPLICATIONS',
  CANCELLED: 'CANCELLED_APPLICATIONS',
  MY_APPROVALS: 'MY_APPROVALS',
  MY_QUERIES: 'MY_QUERIES',
  MY_INTERNAL: 'MY_INTERNAL',
  NEW_INTERNAL: 'NEW_INTERNAL',
};

/** Spec §6 task actions (the row menu of a list); which apply to a row is rules/backOffice taskActionsFor. */
export const TASK_ACTIONS = [
  'None',
  'AssignToSelf',
  'Drop',
  'Rebook',
  'Reappraise',
  'Leave',
  'OpenTask',
  'RevertStage',
  'Reassign',
  'Reject',
  'Cancel',
  'CompleteCallback',
  'Activate',
  'Copy',
  'CancelReject',
  'Assign',
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/** The application detail tabs (spec §2), in display order. */
export const DETAIL_TABS = [
  'Snooze',
  'Worklogs',
  'Queries',
  'Docs',
  'Notes',
  'Approvals',
  'Tasks',
  'Save',
  'Actions',
  'Close',
] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

// The answer shapes below are their TypeBox schemas' types (answers/lists.ts).
/** One part of a task's SLA (spec §3 operationalLevelAgreement). */
export type SlaPart = Static<typeof SlaPartSchema>;
export type OperationalLevelAgreement = Static<typeof OperationalLevelAgreementSchema>;
/** A row of a list: one task with the application it belongs to (GraphQL 'applications' data.tasks). */
export type ListTask = Static<typeof ListTaskSchema>;
/** /backstage/getTableConfig/{id}: how a list shows, filters and sorts its fields. */
export type TableConfig = Static<typeof TableConfigSchema>;
/** A column of a table configuration. */
export type TableColumn = TableConfig['columns'][number];
