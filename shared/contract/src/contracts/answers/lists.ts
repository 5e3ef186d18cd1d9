// Answers of the lists module (mock-server modules/lists): GraphQL /v3/graphql, the table configurations,
// saved filters, global and local search, the products. The GraphQL answer types are TypeBox schemas like
// every other answer: the SDL mercurius serves (BACK_OFFICE_SDL) writes its object types from them
// (graphqlObjectTypes), and their Static types are what the resolvers return and the browser reads, so
// the served schema, the server's types and the clients' cannot drift. The requests' side is written the
// same way: the enums, the input types and the 'applications' arguments from the request schemas
// (GRAPHQL_REQUEST_TYPES, ListQueryArgsSchema) with graphqlInputTypes and graphqlArguments; the other
// Query fields and their few scalar arguments are text.
import Type, { type Static } from 'typebox';
import { SPREADSHEET_KINDS } from '../../format/spreadsheet';
import type { FilterFieldKind } from '../backOffice';
import { GRAPHQL_REQUEST_TYPES, ListQueryArgsSchema, SavedFilterBodySchema } from '../backOfficeSchemas';
import { FlowModeSchema, FlowTypeSchema, literalUnion } from '../flow';
import { Code, closed, Id, IsoDateTime, Nullable } from '../primitives';
import {
  AppLifeCycleSchema,
  ApplicationStatusSchema,
  AssignmentInfoSchema,
  InitiatorSchema,
  LifeCycleStepSchema,
  TaskProgressSchema,
  TeamSchema,
} from './applications';
import { ProductLimitsSchema } from './configs';
import { graphqlArguments, graphqlInputTypes, graphqlObjectTypes } from './graphqlSdl';

const Text = Type.String();
const Count = Type.Integer({ minimum: 0 });

export const TaskSubStatusSchema = Type.Union([
  ...TaskProgressSchema.anyOf,
  Type.Literal('CALLBACK_REQUESTED'),
  Type.Literal('SNOOZED'),
]);

const TimeLimitSchema = Type.Object(
  { enabled: Type.Boolean(), valueInMins: Type.Integer(), expectedEndTS: Nullable(IsoDateTime) },
  closed,
);
/** One part of a task's SLA (spec §3 operationalLevelAgreement). */
export const SlaPartSchema = Type.Object(
  {
    status: Type.Union([
      Type.Literal('RUNNING'),
      Type.Literal('MET'),
      Type.Literal('BREACHED'),
      Type.Literal('NOT_STARTED'),
    ]),
    startTS: Nullable(IsoDateTime),
    endTS: Nullable(IsoDateTime),
    timeLimit: TimeLimitSchema,
  },
  closed,
);
export const OperationalLevelAgreementSchema = Type.Object(
  { overall: SlaPartSchema, queued: SlaPartSchema, assigned: SlaPartSchema },
  closed,
);

/** Spec §3 Task.flowInfo: the lifecycle (and version) that opened the task; null for a product without one. */
const FlowInfoSchema = Type.Object({ product_code: Code, flowName: Text, verNum: Type.Integer() }, closed);
/** Spec §3 Task.stepInfo: the lifecycle step of the task (stepType USER, APPVD, CUST_FLOW or APPLICATION_SUMMARY). */
const StepInfoSchema = Type.Object({ stepType: Text, stepName: Text, stepNumber: Type.Integer() }, closed);
/**
 * Spec §3 Task.actions: what can be done with the task in its state, whoever asks: `type` APPLICATION_ACTION
 * with each application action the state machine allows (the caller's permissions decide the rest).
 */
const TaskActionSchema = Type.Object({ type: Text, value: Text }, closed);

/** A row of a list: one task with the application it belongs to. */
export const ListTaskSchema = Type.Object(
  {
    taskId: Id,
    name: Text,
    stepName: Text,
    stepNumber: Type.Integer(),
    type: FlowTypeSchema,
    progress: TaskProgressSchema,
    subStatus: TaskSubStatusSchema,
    assignedTo: Nullable(Id),
    assignedToName: Nullable(Text),
    assignedTeam: Type.Array(TeamSchema),
    allowedUsers: Type.Array(Text),
    reviewDate: Nullable(IsoDateTime),
    due_time: Nullable(IsoDateTime),
    start_time: IsoDateTime,
    end_time: Nullable(IsoDateTime),
    operationalLevelAgreement: OperationalLevelAgreementSchema,
    /** Its step completes only when it is Completed (with the step's other blocking tasks). */
    blocking: Type.Boolean(),
    flowInfo: Nullable(FlowInfoSchema),
    stepInfo: StepInfoSchema,
    actions: Type.Array(TaskActionSchema),
    /** From when it can be worked: its review date while snoozed to later, else its start. */
    activeOn: IsoDateTime,
    application_id: Id,
    product_code: Code,
    product_name: Text,
    _applicationStatus: ApplicationStatusSchema,
    stage: Text,
    verNum: Type.Integer(),
    loanAmount: Type.Number(),
    applicantName: Text,
    initiatedBy: Nullable(InitiatorSchema),
    cre_time: IsoDateTime,
    mod_time: IsoDateTime,
  },
  closed,
);

const StageCountSchema = Type.Object({ stepName: Text, count: Count }, closed);
const TaskNameCountSchema = Type.Object({ taskName: Text, count: Count }, closed);
const VersionCountSchema = Type.Object({ versionNumber: Type.Integer(), count: Count }, closed);

/** GraphQL 'applications' data: one page of a list, its total and the counts of the whole filtered list. */
export const ApplicationsDataSchema = Type.Object(
  {
    tasks: Type.Array(ListTaskSchema),
    count: Count,
    stageWise: Type.Array(StageCountSchema),
    taskNameWise: Type.Array(TaskNameCountSchema),
    versionNumberWise: Type.Array(VersionCountSchema),
    closedCount: Count,
  },
  closed,
);
export type ApplicationsData = Static<typeof ApplicationsDataSchema>;
const ApplicationsResultSchema = Type.Object({ data: ApplicationsDataSchema }, closed);

/** GraphQL 'application': the lifecycle of one application. */
export const ApplicationDetailSchema = Type.Object(
  {
    application_id: Id,
    product_code: Code,
    product_name: Text,
    _applicationStatus: ApplicationStatusSchema,
    appLifeCycle: AppLifeCycleSchema,
  },
  closed,
);
export type ApplicationDetail = Static<typeof ApplicationDetailSchema>;

const PortalTaskSchema = Type.Object({ taskId: Id, name: Text, stepName: Text, progress: TaskProgressSchema }, closed);
/** GraphQL 'applicationTasks' (the portal's list): one application of the applicant's e-mail. */
const PortalApplicationSchema = Type.Object(
  {
    application_id: Id,
    _applicationStatus: ApplicationStatusSchema,
    email: Nullable(Text),
    tasks: Type.Array(PortalTaskSchema),
    product_code: Code,
    product_name: Text,
    stage: Nullable(Text, { description: "The application's stage: its current step's name, or Closed." }),
    mode: Nullable(FlowModeSchema, {
      description:
        'DRAFT while the applicant is still filling the flow, SAVED once submitted; null when staff made it.',
    }),
    cre_time: IsoDateTime,
    openRequests: Type.Integer({
      minimum: 0,
      description: 'Requests for information sent to the applicant, OPEN and not answered yet: waiting for them.',
    }),
  },
  closed,
);
export type PortalApplication = Static<typeof PortalApplicationSchema>;
export const ApplicationTasksResultSchema = Type.Object(
  { data: Type.Array(PortalApplicationSchema), count: Count },
  closed,
);
export type ApplicationTasksResult = Static<typeof ApplicationTasksResultSchema>;

/** The schema mercurius serves at /v3/graphql (spec §7 "Lists and search"). */
export const BACK_OFFICE_SDL = [
  graphqlInputTypes(GRAPHQL_REQUEST_TYPES),
  graphqlObjectTypes({
    Team: TeamSchema,
    Initiator: InitiatorSchema,
    TimeLimit: TimeLimitSchema,
    SlaPart: SlaPartSchema,
    OperationalLevelAgreement: OperationalLevelAgreementSchema,
    FlowInfo: FlowInfoSchema,
    StepInfo: StepInfoSchema,
    TaskAction: TaskActionSchema,
    ListTask: ListTaskSchema,
    StageCount: StageCountSchema,
    TaskNameCount: TaskNameCountSchema,
    VersionCount: VersionCountSchema,
    ApplicationsData: ApplicationsDataSchema,
    ApplicationsResult: ApplicationsResultSchema,
    AssignmentInfo: AssignmentInfoSchema,
    LifeCycleStep: LifeCycleStepSchema,
    AppLifeCycle: AppLifeCycleSchema,
    ApplicationDetail: ApplicationDetailSchema,
    PortalTask: PortalTaskSchema,
    PortalApplication: PortalApplicationSchema,
    ApplicationTasksResult: ApplicationTasksResultSchema,
  }),
  /* GraphQL */ `type Query {
  """
  One page of a list with its counts. Counts (stage, task name, version) are over the whole filtered
  list, not the page; closedCount is the list's tasks whose application reached stage Closed.
  """
  applications(
${graphqlArguments('applications', ListQueryArgsSchema, GRAPHQL_REQUEST_TYPES, '    ')}
  ): ApplicationsResult!
  application(application_id: String!): ApplicationDetail
  "The portal's view: applications whose primary applicant has this e-mail."
  applicationTasks(email: String!, page: PageInput!): ApplicationTasksResult!
}`,
].join('\n');

/** POST /v3/graphql answers the result as the {data} envelope, sealed with the caller's access token. */
export const SealedAnswerSchema = Type.Object({ data: Text }, closed);

/** A column of /backstage/getTableConfig/{id}: how the list shows, filters and sorts one field. */
const TableColumnSchema = Type.Object(
  {
    field: Text,
    headerName: Text,
    kind: literalUnion(['amount', 'text', 'date', 'dropdown'] as const satisfies readonly FilterFieldKind[]),
    sortable: Type.Boolean(),
    filterable: Type.Boolean(),
    /** The values of a dropdown column. */
    options: Type.Optional(Type.Array(Text)),
    /** Relative width for the grid (flex). */
    flex: Type.Optional(Type.Number()),
    /** How an export writes the column when its kind does not say (format/spreadsheet.ts spreadsheetKindOf). */
    spreadsheet: Type.Optional(literalUnion(SPREADSHEET_KINDS)),
    /** The grid hides it until the user shows it (its Columns menu); an export holds it all the same. */
    hidden: Type.Optional(Type.Boolean()),
  },
  closed,
);
export const TableConfigSchema = Type.Object(
  {
    id: Text,
    columns: Type.Array(TableColumnSchema),
    defaultSort: Type.Object(
      { field: Text, direction: Type.Union([Type.Literal('asc'), Type.Literal('desc')]) },
      closed,
    ),
  },
  closed,
);

/** A user's named filter of one table, as saved (POST /setup/save_or_update answers it). */
export const SavedFilterSchema = Type.Object({ ...SavedFilterBodySchema.properties, updatedAt: IsoDateTime }, closed);
export type SavedFilter = Static<typeof SavedFilterSchema>;
export const SavedFiltersAnswerSchema = Type.Object({ data: Type.Array(SavedFilterSchema) }, closed);
export type SavedFiltersAnswer = Static<typeof SavedFiltersAnswerSchema>;

/** POST /backstage/globalSearch and localSearch: one page of rows and the total. */
export const SearchPageAnswerSchema = Type.Object({ data: Type.Array(ListTaskSchema), count: Count }, closed);
export type SearchPage = Static<typeof SearchPageAnswerSchema>;

/** GET /master_configs/products: the bank's active products with their limits (the product configuration's). */
const MasterProductSchema = Type.Object(
  {
    product_code: Code,
    product_name: Text,
    product_type_code: Text,
    limits: ProductLimitsSchema,
  },
  closed,
);
export type MasterProduct = Static<typeof MasterProductSchema>;
export const MasterProductsAnswerSchema = Type.Array(MasterProductSchema);
