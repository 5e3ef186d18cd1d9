// Answers of the queries module (mock-server modules/queries): queries (sub-tasks) and requests for
// information, and the detail view's task configuration (GET /v3/taskconfigs/getConfigs).
import Type, { type Static } from 'typebox';
import { APPLICATION_ACTIONS, DETAIL_TABS, TASK_ACTIONS } from '../backOffice';
import { literalUnion } from '../flow';
import { ApplicantRequestsAnswerSchema } from '../portalSchemas';
import { closed, Id, IsoDateTime, Nullable } from '../primitives';
import { ApplicationStatusSchema, TeamSchema } from './applications';
import { ListTaskSchema, TaskSubStatusSchema } from './lists';

const Text = Type.String();
const Count = Type.Integer({ minimum: 0 });

export const QueryStatusSchema = Type.Union([Type.Literal('OPEN'), Type.Literal('RESOLVED'), Type.Literal('CLOSED')]);
const PersonSchema = Type.Object({ userid: Id, displayName: Text }, closed);
const AttachedFileSchema = Type.Object({ fileId: Id, fileName: Text }, closed);

/** A query (sub-task): raised on a task to staff, its team, or (APPLICANT) the applicant. */
const SubTaskSchema = Type.Object(
  {
    subTaskId: Id,
    application_id: Id,
    taskId: Id,
    title: Text,
    description: Text,
    status: QueryStatusSchema,
    /** APPLICANT: a request for information to the applicant (requestUserInfo), answered in the portal. */
    recipient: Type.Union([Type.Literal('STAFF'), Type.Literal('APPLICANT')]),
    raisedBy: PersonSchema,
    assignedTo: Nullable(PersonSchema),
    assignedTeam: Type.Array(TeamSchema),
    /** The field keys a request for information asks for. */
    fields: Type.Array(Text),
    commentCount: Count,
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
    /** When the applicant last answered it (null: not yet, or not theirs). */
    answeredAt: Nullable(IsoDateTime),
  },
  closed,
);
export type SubTask = Static<typeof SubTaskSchema>;

/** GET /v3/queries/{application_id}: every query of the application for staff; the applicant's requests for them. */
export const QueriesAnswerSchema = Type.Union([
  Type.Object({ data: Type.Array(SubTaskSchema) }, closed),
  ApplicantRequestsAnswerSchema,
]);

/** GET /v3/taskconfigs/subTaskList/…: one page of an application's queries. */
export const SubTaskPageAnswerSchema = Type.Object(
  { data: Type.Array(SubTaskSchema), count: Count, page: Count, size: Count },
  closed,
);

const QueryCommentSchema = Type.Object(
  {
    id: Text,
    userId: Nullable(Id),
    userName: Nullable(Text),
    /** APPLICANT: the applicant's answer to a request for information, with the files they uploaded. */
    author: Type.Union([Type.Literal('STAFF'), Type.Literal('APPLICANT')]),
    comment: Text,
    files: Type.Array(AttachedFileSchema),
    createdAt: IsoDateTime,
  },
  closed,
);
/** GET /v3/taskconfigs/subTaskDetails/{id}: one query with its comments, oldest first. */
export const SubTaskDetailsAnswerSchema = Type.Object(
  { ...SubTaskSchema.properties, comments: Type.Array(QueryCommentSchema) },
  closed,
);
export type SubTaskDetails = Static<typeof SubTaskDetailsAnswerSchema>;

/**
 * A query's state after a change (create, update, reopen, close, comment, resolve); when the applicant
 * answered a request for information, also when.
 */
export const SubTaskChangeAnswerSchema = Type.Object(
  { subTaskId: Id, status: QueryStatusSchema, answeredAt: Type.Optional(IsoDateTime) },
  closed,
);
export type SubTaskChangeAnswer = Static<typeof SubTaskChangeAnswerSchema>;

/** The task the detail shows: the list row's task fields, with its callback. */
const DetailTaskSchema = Type.Object(
  {
    ...Type.Pick(ListTaskSchema, [
      'taskId',
      'name',
      'stepName',
      'stepNumber',
      'type',
      'progress',
      'assignedTo',
      'assignedToName',
      'assignedTeam',
      'allowedUsers',
      'reviewDate',
      'due_time',
      'start_time',
      'end_time',
      'operationalLevelAgreement',
      'blocking',
      'flowInfo',
      'stepInfo',
      'actions',
      'activeOn',
    ]).properties,
    callbackRequested: Type.Boolean(),
    /** When the applicant asked to be called (request_for_callback, rebook), if a time was given. */
    callbackAt: Nullable(IsoDateTime),
  },
  closed,
);

/** The application's task and the caller's view of it. */
const TaskConfigsSchema = Type.Object(
  {
    application_id: Id,
    status: ApplicationStatusSchema,
    stage: Text,
    task: DetailTaskSchema,
    subStatus: TaskSubStatusSchema,
    /** Spec §5: the application's stage differs from the task's step. */
    editingDisabled: Type.Boolean(),
    hasPreviousStep: Type.Boolean(),
    /** Spec §4 'assigned' for the caller. */
    assigned: Type.Boolean(),
    /** shared visibleTabs for the caller. */
    tabs: Type.Array(literalUnion(DETAIL_TABS)),
    /** The task actions (spec §6) the caller may take. */
    taskActions: Type.Array(literalUnion(TASK_ACTIONS)),
    /** The application actions the state machine and the caller's permissions allow now. */
    actions: Type.Array(literalUnion(APPLICATION_ACTIONS)),
    steps: Type.Array(Type.Object({ stepNumber: Type.Integer(), stepName: Text }, closed)),
  },
  closed,
);
export type TaskConfigs = Static<typeof TaskConfigsSchema>;

/**
 * GET /v3/taskconfigs/getConfigs?application_id[&taskId|&stepNumber]: the task's configuration; an
 * application without any task only its status and stage.
 */
export const TaskConfigsAnswerSchema = Type.Union([
  TaskConfigsSchema,
  Type.Object(
    {
      application_id: Id,
      status: ApplicationStatusSchema,
      stage: Text,
      task: Type.Null(),
      assigned: Type.Literal(false),
    },
    closed,
  ),
]);
export type TaskConfigsAnswer = Static<typeof TaskConfigsAnswerSchema>;
