// Back-office request bodies and queries as TypeBox schemas: at once the TypeScript type, the
// server's route schema and the browser's check. Objects refuse unknown keys; strings are bounded.
import Type, { type Static } from 'typebox';
import { ApprovalKindSchema } from './answers/tasks';
import { APPLICATION_LISTS, type FilterOperator, TASK_REVIEW_BUCKETS } from './backOffice';
import { literalUnion } from './flow';
import { Comment, closed, Id, IsoDateTime, Nullable } from './primitives';

export const ApplicationActionBodySchema = Type.Object(
  {
    application_id: Id,
    taskId: Id,
    /** Required for assign and reassign: the user who gets the task. */
    assignTo: Type.Optional(Id),
    comment: Type.Optional(Comment),
    /** request_for_callback: when the applicant asked to be called. */
    callbackAt: Type.Optional(IsoDateTime),
  },
  closed,
);
export type ApplicationActionBody = Static<typeof ApplicationActionBodySchema>;

/** POST /backstage/rebook: the open callback of a task moves to `callbackAt` (spec §6 task action Rebook). */
export const RebookBodySchema = Type.Object(
  { application_id: Id, taskId: Id, callbackAt: IsoDateTime, comment: Type.Optional(Comment) },
  closed,
);
export type RebookBody = Static<typeof RebookBodySchema>;

export const ApprovalActionBodySchema = Type.Object(
  {
    approvalId: Id,
    comment: Type.Optional(Comment),
    /** forward: an approver of the next level to take it; without one it is queued to that level's teams. */
    forwardTo: Type.Optional(Id),
  },
  closed,
);
export type ApprovalActionBody = Static<typeof ApprovalActionBodySchema>;

export const RequestApprovalBodySchema = Type.Object(
  {
    application_id: Id,
    taskId: Id,
    /** An approver of the matrix's first level to ask; without one it is queued to that level's teams. */
    approver: Type.Optional(Id),
    kind: ApprovalKindSchema,
    reason: Comment,
  },
  closed,
);
export type RequestApprovalBody = Static<typeof RequestApprovalBodySchema>;

export const ApplicationIdQuerySchema = Type.Object({ application_id: Id }, closed);

export const CreateSubTaskBodySchema = Type.Object(
  {
    application_id: Id,
    taskId: Id,
    title: Type.String({ minLength: 1, maxLength: 200 }),
    description: Comment,
    /** The user the query is raised to; without it, the task's team. */
    assignTo: Type.Optional(Id),
    /** Request for information: the field keys the recipient is asked to fill. */
    fields: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 128 }), { maxItems: 50 })),
  },
  closed,
);
export type CreateSubTaskBody = Static<typeof CreateSubTaskBodySchema>;

export const UpdateSubTaskBodySchema = Type.Object(
  {
    subTaskId: Id,
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    description: Type.Optional(Comment),
    assignTo: Type.Optional(Id),
  },
  closed,
);
export type UpdateSubTaskBody = Static<typeof UpdateSubTaskBodySchema>;

/** reopenSubTask, closeSubTask (comment optional) and addCommentToTask (comment required). */
export const SubTaskCommentBodySchema = Type.Object({ subTaskId: Id, comment: Type.Optional(Comment) }, closed);
export type SubTaskCommentBody = Static<typeof SubTaskCommentBodySchema>;

export const SnoozeBodySchema = Type.Object({ application_id: Id, taskId: Id, reviewDate: IsoDateTime }, closed);
export type SnoozeBody = Static<typeof SnoozeBodySchema>;
export const RemoveSnoozeBodySchema = Type.Object({ application_id: Id, taskId: Id }, closed);

export const NoteBodySchema = Type.Object({ text: Type.String({ minLength: 1, maxLength: 4000 }) }, closed);
export type NoteBody = Static<typeof NoteBodySchema>;

/**
 * A document of an application: POST /v3/deleteDocument and /upload/removeDocument bodies, and the
 * multipart fields POST /v3/updateDocument reads before the file.
 */
export const DocumentRefBodySchema = Type.Object({ application_id: Id, fileId: Id }, closed);
export type DocumentRefBody = Static<typeof DocumentRefBodySchema>;
/** GET /v3/document/{fileId}/version/{version}: an earlier version (1 is the first file uploaded). */
export const DocumentVersionParamsSchema = Type.Object(
  { fileId: Id, version: Type.String({ pattern: '^[1-9][0-9]{0,5}$' }) },
  closed,
);
export const DocumentMetadataBodySchema = Type.Object(
  {
    application_id: Id,
    fileId: Id,
    metadata: Type.Object(
      {
        docType: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        description: Type.Optional(Type.String({ maxLength: 500 })),
      },
      closed,
    ),
  },
  closed,
);
export type DocumentMetadataBody = Static<typeof DocumentMetadataBodySchema>;
export const CopyFileBodySchema = Type.Object({ application_id: Id, fileId: Id, toApplicationId: Id }, closed);
export type CopyFileBody = Static<typeof CopyFileBodySchema>;
export const MergeDocumentBodySchema = Type.Object(
  {
    application_id: Id,
    fileIds: Type.Array(Id, { minItems: 2, maxItems: 10, uniqueItems: true }),
    fileName: Type.String({ minLength: 1, maxLength: 120, pattern: '^[^/\\\\]+$' }),
  },
  closed,
);
export type MergeDocumentBody = Static<typeof MergeDocumentBodySchema>;

/** GET /v3/users/candidates: taskId defaults to the current task; approvalId is required for forward only. */
export const UserCandidatesQuerySchema = Type.Object(
  {
    /** What the picker is for: the server offers only the users it would accept for that action. */
    purpose: Type.Union([
      Type.Literal('assign'),
      Type.Literal('reassign'),
      Type.Literal('approval'),
      Type.Literal('forward'),
      Type.Literal('query'),
    ]),
    application_id: Id,
    taskId: Type.Optional(Id),
    approvalId: Type.Optional(Id),
    /** Part of a display name or username. */
    search: Type.Optional(Type.String({ maxLength: 100 })),
  },
  closed,
);
export type UserCandidatesQuery = Static<typeof UserCandidatesQuerySchema>;

export const AuditsQuerySchema = Type.Object(
  { application_id: Id, fieldKey: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })) },
  closed,
);

/** Spec §5's filter operators, each once, in FILTER_OPERATORS' order. */
const FilterOperatorSchema = literalUnion([
  'EQUAL',
  'NOT_EQUAL',
  'GREATER_THAN',
  'LESS_THAN',
  'GREATER_THAN_OR_EQUAL',
  'LESS_THAN_OR_EQUAL',
  'CONTAINS',
  'ENDS_WITH',
] as const satisfies readonly FilterOperator[]);

/** One filter of a list (a column, an operator of its kind, a value): applications and leads alike. */
export const ListFilterSchema = Type.Object(
  {
    field: Type.String({ minLength: 1, maxLength: 64 }),
    operator: FilterOperatorSchema,
    value: Type.String({ maxLength: 200 }),
  },
  closed,
);
export type ListFilter = Static<typeof ListFilterSchema>;

const SortDirectionSchema = Type.Union([Type.Literal('asc'), Type.Literal('desc')]);
/** The sort of a list: a sortable column and a direction. */
export const ListSortSchema = Type.Object(
  { field: Type.String({ minLength: 1, maxLength: 64 }), direction: SortDirectionSchema },
  closed,
);
export type ListSort = Static<typeof ListSortSchema>;

const ApplicationListSchema = literalUnion(APPLICATION_LISTS);
const TaskReviewBucketSchema = literalUnion(TASK_REVIEW_BUCKETS);
/** A page of a list: 0-based, of one of the page sizes (the server checks which). */
const ListPageSchema = Type.Object({ page: Type.Integer({ minimum: 0 }), size: Type.Integer({ minimum: 1 }) }, closed);

/**
 * The arguments of GraphQL 'applications' (APPLICATIONS_QUERY's variables): one page of one list.
 * BACK_OFFICE_SDL writes the argument list and its input types from it, so GraphQL checks them: what is
 * optional is nullable too, since a GraphQL client may send null for it.
 */
export const ListQueryArgsSchema = Type.Object(
  {
    list: ApplicationListSchema,
    filters: Type.Optional(Nullable(Type.Array(ListFilterSchema))),
    search: Type.Optional(Nullable(Type.String())),
    bucket: Type.Optional(Nullable(TaskReviewBucketSchema)),
    sort: Type.Optional(Nullable(ListSortSchema)),
    page: ListPageSchema,
  },
  closed,
);
export type ListQueryArgs = Static<typeof ListQueryArgsSchema>;

/** The enums and input types of the GraphQL requests, by their SDL names (BACK_OFFICE_SDL). */
export const GRAPHQL_REQUEST_TYPES = {
  enums: {
    ApplicationList: ApplicationListSchema,
    FilterOperator: FilterOperatorSchema,
    SortDirection: SortDirectionSchema,
    ReviewBucket: TaskReviewBucketSchema,
  },
  inputs: { FilterInput: ListFilterSchema, SortInput: ListSortSchema, PageInput: ListPageSchema },
};

/** POST /setup/save_or_update: a user's named filter of one table (saved again under the same name = update). */
export const SavedFilterBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 80 }),
    tableId: Type.String({ minLength: 1, maxLength: 64 }),
    filters: Type.Array(ListFilterSchema, { maxItems: 20 }),
    sort: Type.Optional(ListSortSchema),
  },
  closed,
);
export type SavedFilterBody = Static<typeof SavedFilterBodySchema>;

export const GetFilterBodySchema = Type.Object({ tableId: Type.String({ minLength: 1, maxLength: 64 }) }, closed);

/** POST /backstage/globalSearch: the spec §9 fields, page size 10 by default. */
export const GlobalSearchBodySchema = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 100 }),
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  closed,
);
export type GlobalSearchBody = Static<typeof GlobalSearchBodySchema>;

/** POST /v3/graphql, inside the {data} envelope: a GraphQL request (BACK_OFFICE_SDL). */
export const GraphqlBodySchema = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: 20000 }),
    variables: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown())),
    operationName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  closed,
);
export type GraphqlBody = Static<typeof GraphqlBodySchema>;

/**
 * POST /backstage/getApplications?exportFile=xlsx: the list as the grid shows it, every row (the grid's
 * GraphQL variables without the page).
 */
export const ExportApplicationsBodySchema = Type.Object(
  {
    list: ApplicationListSchema,
    filters: Type.Optional(Type.Array(ListFilterSchema, { maxItems: 20 })),
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    bucket: Type.Optional(TaskReviewBucketSchema),
    sort: Type.Optional(ListSortSchema),
  },
  closed,
);
export type ExportApplicationsBody = Static<typeof ExportApplicationsBodySchema>;

/** The place a queued export holds in the server's queue: asked again with it, the export keeps its turn. */
export const ExportTicketSchema = Type.String({ pattern: '^[0-9a-f]{32}$' });

/**
 * 202 of an export the server queued (too many running): ask again with the ticket after Retry-After;
 * `ahead` exports wait before it (README "Spreadsheet export").
 */
export const ExportQueuedAnswerSchema = Type.Object(
  { message: Type.String(), data: Type.Object({ ticket: ExportTicketSchema, ahead: Type.Integer({ minimum: 0 }) }) },
  closed,
);
export type ExportQueuedAnswer = Static<typeof ExportQueuedAnswerSchema>;

/** POST /backstage/localSearch: the free-text search of one list (what 'applications' search does), a page of it. */
export const LocalSearchBodySchema = Type.Object(
  {
    list: ApplicationListSchema,
    query: Type.String({ minLength: 1, maxLength: 100 }),
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  closed,
);
