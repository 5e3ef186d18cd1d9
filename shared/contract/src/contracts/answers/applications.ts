// Answers of the applications module (mock-server modules/applications): one application, its notes,
// worklogs, field history (audits) and related applications. The entity schemas here (a team, an
// application with its lifecycle) are the source of the types entities.ts exports under their names.
// What GraphQL answers too (a team, a lifecycle) has its optional fields nullable as well: a REST answer
// leaves them out, GraphQL answers null (answers/graphqlSdl.ts).
import Type, { type Static } from 'typebox';
import { FlowModeSchema, FlowTypeSchema, FormValuesSchema, JointApplicantSchema, SectionProgressSchema } from '../flow';
import { AnyKey, Code, closed, Id, IsoDateTime, Nullable } from '../primitives';

const Text = Type.String();

export const TeamSchema = Type.Object(
  {
    type: Type.Union([Type.Literal('HIERARCHY'), Type.Literal('DEPT')]),
    id: Id,
    name: Type.Optional(Nullable(Text)),
    allTeams: Type.Optional(Nullable(Type.Boolean())),
  },
  closed,
);

export const ApplicationStatusSchema = Type.Union([
  Type.Literal('ACTIVE'),
  Type.Literal('CANCELLED'),
  Type.Literal('REJECTED'),
  Type.Literal('DELETED'),
  Type.Literal('COMPLETED'),
  Type.Literal('INACTIVE'),
]);
export const TaskProgressSchema = Type.Union([
  Type.Literal('In Progress'),
  Type.Literal('Pending'),
  Type.Literal('Completed'),
  Type.Literal('Rejected'),
  Type.Literal('Cancelled'),
]);

/** Who started an application (a branch user). */
export const InitiatorSchema = Type.Object({ id: Id, username: Text, displayName: Text }, closed);

/** A task of a lifecycle step: who holds it. The assignee is left out while nobody does. */
export const AssignmentInfoSchema = Type.Object(
  {
    assignedTo: Type.Optional(Nullable(Id)),
    assignedTeam: Type.Array(TeamSchema),
    allowedUsers: Type.Array(Text),
    progress: TaskProgressSchema,
    taskName: Text,
    taskId: Id,
  },
  closed,
);
export const LifeCycleStepSchema = Type.Object(
  {
    stepName: Text,
    type: FlowTypeSchema,
    summaryEnabled: Type.Optional(Nullable(Type.Boolean())),
    assignmentInfo: Type.Array(AssignmentInfoSchema),
  },
  closed,
);
export const AppLifeCycleSchema = Type.Object({ stage: Text, steps: Type.Array(LifeCycleStepSchema) }, closed);

const ApplicantSummary = Type.Record(AnyKey, Type.Unknown());

/**
 * Spec §3 application: GET /v3/application/{id} (an applicant session gets it without appLifeCycle and
 * initiatedBy). A flow application also carries where its applicant is in the flow (mode, sections, progress).
 */
export const ApplicationSchema = Type.Object(
  {
    application_id: Id,
    product_type_code: Type.Optional(Text),
    product_code: Code,
    product_name: Text,
    application_status: Type.Optional(ApplicationStatusSchema),
    _applicationStatus: ApplicationStatusSchema,
    applicant: Type.Optional(
      Type.Object(
        {
          primary: Type.Optional(ApplicantSummary),
          secondary: Type.Optional(ApplicantSummary),
          guarantor: Type.Optional(ApplicantSummary),
        },
        closed,
      ),
    ),
    singleORjoint: Type.Optional(Type.Union([Type.Literal('single'), Type.Literal('joint')])),
    campaign_id: Type.Optional(Text),
    source_id: Type.Optional(Text),
    routeConfig: Type.Optional(Type.Unknown()),
    mode: Type.Optional(FlowModeSchema),
    section_id: Type.Optional(Text),
    sub_section_id: Type.Optional(Text),
    section_size: Type.Optional(Type.Number()),
    startRoute: Type.Optional(Text),
    flowId: Type.Optional(Text),
    verNum: Type.Optional(Type.Integer()),
    ver_num: Type.Optional(Type.Integer()),
    flowName: Type.Optional(Text),
    flowTheme: Type.Optional(Text),
    initiatedBy: Type.Optional(InitiatorSchema),
    /** The lead this application was converted from (mfe-leads): both details link to the other. */
    lead_id: Type.Optional(Id),
    custom_route: Type.Optional(Text),
    existing_or_new_customer: Type.Optional(Type.Union([Type.Literal('existing'), Type.Literal('new')])),
    applicationType: Type.Optional(Text),
    maximumJointApplicants: Type.Optional(Type.Integer()),
    enableMultipleCoApplicant: Type.Optional(Type.Boolean()),
    filesUpload: Type.Optional(Type.Array(Type.Unknown())),
    customFields: Type.Optional(FormValuesSchema),
    jointApplicants: Type.Optional(Type.Array(JointApplicantSchema)),
    dedupeDetails: Type.Optional(Type.Unknown()),
    verifications: Type.Optional(
      Type.Array(Type.Object({ key: Text, isVerified: Type.Boolean(), output: Type.Optional(Type.Unknown()) }, closed)),
    ),
    sectionsCompleted: Type.Optional(Type.Array(Text)),
    mod_time: Type.Optional(IsoDateTime),
    cre_time: Type.Optional(IsoDateTime),
    _deviceType: Type.Optional(Type.Union([Type.Literal('DESKTOP'), Type.Literal('MOBILE')])),
    primaryApplicantId: Type.Optional(Text),
    progress: Type.Optional(Type.Array(SectionProgressSchema)),
    appLifeCycle: Type.Optional(AppLifeCycleSchema),
  },
  closed,
);

/** A note of the Notes tab (GET /v3/application/{id}/notes), newest first. */
const NoteSchema = Type.Object({ id: Text, userId: Id, userName: Text, text: Text, createdAt: IsoDateTime }, closed);
export type Note = Static<typeof NoteSchema>;
export const NotesAnswerSchema = Type.Object({ data: Type.Array(NoteSchema) }, closed);
/** POST /v3/application/{id}/notes: the note as stored. */
export const AddedNoteAnswerSchema = Type.Object({ id: Text, text: Text, userId: Id, createdAt: IsoDateTime }, closed);
export type AddedNoteAnswer = Static<typeof AddedNoteAnswerSchema>;

/** One action on an application (Worklogs tab); `userId` is null when the applicant acted. */
const WorklogSchema = Type.Object(
  {
    id: Text,
    taskId: Nullable(Id),
    userId: Nullable(Id),
    userName: Nullable(Text),
    action: Text,
    detail: Type.Record(AnyKey, Type.Unknown()),
    createdAt: IsoDateTime,
  },
  closed,
);
export type Worklog = Static<typeof WorklogSchema>;
export const WorklogsAnswerSchema = Type.Object({ data: Type.Array(WorklogSchema) }, closed);

/** One changed field (GET /v3/audits/getAudits): its old and new value, who and through what. */
const AuditSchema = Type.Object(
  {
    id: Text,
    fieldKey: Text,
    oldValue: Type.Unknown(),
    newValue: Type.Unknown(),
    userId: Nullable(Id),
    userName: Nullable(Text),
    source: Text,
    createdAt: IsoDateTime,
  },
  closed,
);
export type Audit = Static<typeof AuditSchema>;
export const AuditsAnswerSchema = Type.Object({ data: Type.Array(AuditSchema) }, closed);

/** Another application of the same primary applicant (same mobile or e-mail) the caller may open. */
const RelatedApplicationSchema = Type.Object(
  {
    application_id: Id,
    product_name: Text,
    _applicationStatus: ApplicationStatusSchema,
    stage: Text,
    applicantName: Nullable(Text),
    cre_time: IsoDateTime,
  },
  closed,
);
export type RelatedApplication = Static<typeof RelatedApplicationSchema>;
export const RelatedApplicationsAnswerSchema = Type.Object({ data: Type.Array(RelatedApplicationSchema) }, closed);
