// Requests and answers of the remaining spec §7 calls whose shapes the spec does not show (mock-server README
// "Routes": the rows marked "spec §7, our shape"): the older queries calls, the NSM and geo-limit lists, the
// application service's status update and batch fetch, captureAction, the NIC upload, and the admin
// configuration reads. Objects refuse unknown keys; strings are bounded.
import Type, { type Static } from 'typebox';
import { ApplicationsDataSchema } from './answers/lists';
import { APPLICATION_LISTS, TASK_REVIEW_BUCKETS } from './backOffice';
import { ExportTicketSchema, ListFilterSchema, ListSortSchema } from './backOfficeSchemas';
import { ComponentConfigSchema, FIELD_TYPES, FlowConfigSchema, FlowModeSchema, literalUnion } from './flow';
import { INTEGRATION_KINDS } from './integrations';
import { AnyKey, Code, closed, Id, Key, Nullable } from './primitives';

const Text = Type.String();
const Count = Type.Integer({ minimum: 0 });
/** A comma-separated list of keys or codes in a query string. */
const KeyList = Type.String({ minLength: 1, maxLength: 2000, pattern: '^[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*$' });
const FieldTypeList = Type.String({
  minLength: 1,
  maxLength: 500,
  pattern: `^(${FIELD_TYPES.join('|')})(,(${FIELD_TYPES.join('|')}))*$`,
});

// ---- Admin configuration reads ----

/**
 * GET /v3/component/setup_configs and GET /v3/component/componentConfigs: the components, each with only
 * the fields kept by the filters (a component left without fields is left out). setupCategory is the field
 * category (USER, EXTERNAL, CUSTOMER = none), setupCategoryType and identifier the field identifier.
 */
export const ComponentSetupQuerySchema = Type.Object(
  {
    skipFields: Type.Optional(KeyList),
    skipTypes: Type.Optional(FieldTypeList),
    allowedTypes: Type.Optional(FieldTypeList),
    setupCategoryType: Type.Optional(literalUnion(['C', 'G', 'CG', 'PG', 'P', 'PI', 'H'] as const)),
    setupCategory: Type.Optional(literalUnion(['USER', 'EXTERNAL', 'CUSTOMER'] as const)),
  },
  closed,
);
export type ComponentSetupQuery = Static<typeof ComponentSetupQuerySchema>;

export const ComponentConfigsQuerySchema = Type.Object(
  {
    identifier: Type.Optional(ComponentSetupQuerySchema.properties.setupCategoryType),
    setupCategory: Type.Optional(ComponentSetupQuerySchema.properties.setupCategory),
  },
  closed,
);

export const ComponentListAnswerSchema = Type.Array(ComponentConfigSchema);

/** GET /v3/setup_configs/{productCode}: a product's whole setup. */
export const ProductSetupAnswerSchema = Type.Object(
  {
    product_code: Code,
    product_name: Text,
    flowId: Text,
    verNum: Type.Integer(),
    /** Every stored version of the product's flow, newest first. */
    flowVersions: Type.Array(Type.Object({ verNum: Type.Integer(), mode: FlowModeSchema, updatedAt: Text }, closed)),
    /** The {type}/{name} configurations kept under the product's code (its lifecycle, its decision tables). */
    configs: Type.Array(Type.Object({ type: Text, name: Text }, closed)),
  },
  closed,
);

/** POST /v3/flow/fetch_flowDetails. */
export const FlowDetailsBodySchema = Type.Object(
  {
    flowId: Id,
    verNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    mode: Type.Optional(FlowModeSchema),
  },
  closed,
);
export const FlowDetailsAnswerSchema = Type.Object(
  {
    flowId: Text,
    verNum: Type.Integer(),
    mode: FlowModeSchema,
    flowName: Text,
    product_code: Text,
    product_name: Text,
    flow_type: FlowConfigSchema.properties.flow_type,
    sections: Type.Array(
      Type.Object(
        {
          section_id: Text,
          display_name: Text,
          sub_sections: Type.Array(
            Type.Object(
              { sub_section_id: Text, display_name: Text, route_info: Text, componentId: Text, fieldCount: Count },
              closed,
            ),
          ),
        },
        closed,
      ),
    ),
    fieldCount: Count,
  },
  closed,
);

/** POST /v3/translation/fetchData {flowId, type}: type is the language the flow's texts are wanted in. */
export const TranslationDataBodySchema = Type.Object(
  { flowId: Id, type: Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$' }) },
  closed,
);
export const TranslationDataAnswerSchema = Type.Object(
  {
    flowId: Text,
    lang: Text,
    /** Each text of the flow (section, step and field labels, placeholders, messages) → its translation, or itself. */
    translations: Type.Record(AnyKey, Text),
    translated: Count,
    total: Count,
  },
  closed,
);

/** GET /assets/i18n/{lang}.json: a language's stored translations, text → translated text. */
export const I18nFileParamsSchema = Type.Object(
  { file: Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?\\.json$' }) },
  closed,
);
export const I18nAnswerSchema = Type.Record(AnyKey, Text);

/** GET /api/product_type_details: the active products grouped by product type. */
export const ProductTypeDetailsAnswerSchema = Type.Object(
  {
    data: Type.Array(
      Type.Object(
        {
          product_type_code: Text,
          products: Type.Array(
            Type.Object(
              // The product configuration's amount limit (null: the product sets none).
              {
                product_code: Text,
                product_name: Text,
                min_amount: Nullable(Type.Number()),
                max_amount: Nullable(Type.Number()),
              },
              closed,
            ),
          ),
        },
        closed,
      ),
    ),
  },
  closed,
);

/** GET /api/getmasterSoftConfigurations: the limits the server keeps (spec §9), as it applies them. */
export const MasterSoftConfigurationsAnswerSchema = Type.Object(
  {
    pageSizeDefault: Type.Integer(),
    pageSizeOptions: Type.Array(Type.Integer()),
    gridPageSizeOptions: Type.Array(Type.Integer()),
    maxFileSizeBytes: Type.Integer(),
    uploadKinds: Type.Array(Text),
    validSessionSeconds: Type.Integer(),
    sessionWarningSeconds: Type.Integer(),
    defaultFlowVersion: Type.Integer(),
    dateFormat: Text,
    globalSearchPageSize: Type.Integer(),
  },
  closed,
);

/** POST /collectionConfig/cardTypes: the card networks the bank collects by; with a number, the one it is. */
export const CardTypesBodySchema = Type.Object(
  { cardNumber: Type.Optional(Type.String({ pattern: '^[0-9]{6,19}$' })) },
  closed,
);
export const CardTypesAnswerSchema = Type.Object(
  {
    data: Type.Array(
      Type.Object({ code: Text, name: Text, lengths: Type.Array(Type.Integer()), cvvLength: Type.Integer() }, closed),
    ),
    /** With a card number: its network (null: none of them), and whether its Luhn check digit holds. */
    match: Type.Optional(Nullable(Text)),
    luhnValid: Type.Optional(Type.Boolean()),
  },
  closed,
);

/** GET /api/PropertyDetails/{propertyType}/{property}. */
export const PropertyDetailsParamsSchema = Type.Object(
  { propertyType: literalUnion(['DROPDOWN', 'RADIO'] as const), property: Key },
  closed,
);

// ---- Lists on the team hierarchy, and the list pages of their own ----

const Page = Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 }));
const Size = Type.Optional(Type.Integer({ minimum: 1, maximum: 100 }));
const TeamIds = Type.Array(Id, { minItems: 1, maxItems: 50 });

/** POST /backstage/getApplicationsNew and getApplicationsDeclined: a page of New Internal / Rejected. */
export const ListPageBodySchema = Type.Object({ page: Page, size: Size }, closed);

/** POST /backstage/getNsmZoneGroup: no parameters (the caller's zone group). */
export const ZoneGroupBodySchema = Type.Object({}, closed);
export const ZoneGroupAnswerSchema = Type.Object(
  {
    data: Type.Array(
      Type.Object(
        {
          id: Text,
          name: Text,
          parentId: Nullable(Text),
          level: Count,
          lead: Nullable(Type.Object({ userid: Text, displayName: Text }, closed)),
          memberCount: Count,
        },
        closed,
      ),
    ),
  },
  closed,
);

/** POST /backstage/getNsmApplications: the open applications of the zone group, or of some of its teams. */
export const ZoneApplicationsBodySchema = Type.Object(
  { teamIds: Type.Optional(TeamIds), page: Page, size: Size },
  closed,
);

/** POST /backstage/getfilteredNsm: the staff of the zone group (or of some of its teams), by name. */
export const FilteredNsmBodySchema = Type.Object(
  { teamIds: Type.Optional(TeamIds), search: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) },
  closed,
);
export const FilteredNsmAnswerSchema = Type.Object(
  {
    data: Type.Array(
      Type.Object(
        {
          userid: Text,
          userName: Text,
          displayName: Text,
          teams: Type.Array(Type.Object({ id: Text, name: Text }, closed)),
          isLead: Type.Boolean(),
        },
        closed,
      ),
    ),
  },
  closed,
);

/** POST /backstage/getGeoLimitStatus: whether an application is worked within the caller's zone group. */
export const GeoLimitBodySchema = Type.Object({ application_id: Id }, closed);
export const GeoLimitAnswerSchema = Type.Object(
  {
    application_id: Text,
    team: Nullable(Type.Object({ id: Text, name: Text }, closed)),
    /** The task's team and each team above it, up to the top of the hierarchy. */
    chain: Type.Array(Type.Object({ id: Text, name: Text }, closed)),
    withinLimit: Type.Boolean(),
  },
  closed,
);

// ---- The older queries calls, on the same service as the v3 ones ----

/** POST /queries/getQueriesUnresolvedCountByUserId: the caller's own counts, or (a lead of their team, ADMIN) another's. */
export const UnresolvedCountBodySchema = Type.Object({ userId: Type.Optional(Id) }, closed);
export const UnresolvedCountAnswerSchema = Type.Object(
  {
    userId: Text,
    /** OPEN queries the user is to answer: named to them, or to one of their teams with no one named. */
    count: Count,
    /** OPEN queries the user raised. */
    raised: Count,
  },
  closed,
);

/** POST /v3/queries/getFields {application_id}: the fields a request for information may ask the applicant for. */
export const QueryFieldsBodySchema = Type.Object({ application_id: Id }, closed);

/** POST /v3/queries/sendRequestForInfoNotifications: remind the applicant of an OPEN request for information. */
export const RemindRequestBodySchema = Type.Object({ application_id: Id, subTaskId: Id }, closed);
export const RemindRequestAnswerSchema = Type.Object({ subTaskId: Text, remindedAt: Text }, closed);

export const RequestForInfoParamsSchema = Type.Object({ requestForInfoId: Id }, closed);

const RequestedFieldAnswer = Type.Object(
  { key: Text, label: Text, kind: Type.Union([Type.Literal('document'), Type.Literal('value')]) },
  closed,
);
export const QueryFieldsAnswerSchema = Type.Object({ data: Type.Array(RequestedFieldAnswer) }, closed);
export const RequestForInfoFieldsAnswerSchema = Type.Object(
  {
    subTaskId: Text,
    application_id: Text,
    status: Type.Union([Type.Literal('OPEN'), Type.Literal('RESOLVED'), Type.Literal('CLOSED')]),
    answeredAt: Nullable(Text),
    fields: Type.Array(RequestedFieldAnswer),
  },
  closed,
);

// ---- The application service ----

/** POST /app/status_update: the status asked for; the action that leads there is taken (contract statusUpdateAction). */
export const StatusUpdateBodySchema = Type.Object(
  {
    application_id: Id,
    taskId: Id,
    status: literalUnion(['ACTIVE', 'CANCELLED', 'REJECTED', 'DELETED', 'COMPLETED', 'INACTIVE'] as const),
    comment: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  },
  closed,
);

/** POST /app/fetch_applications: several applications by id, each as a summary, those the caller may open. */
export const FetchApplicationsBodySchema = Type.Object(
  { application_ids: Type.Array(Id, { minItems: 1, maxItems: 50 }) },
  closed,
);
export const FetchApplicationsAnswerSchema = Type.Object(
  {
    data: Type.Array(
      Type.Object(
        {
          application_id: Text,
          product_code: Text,
          product_name: Text,
          _applicationStatus: Text,
          stage: Nullable(Text),
          applicantName: Nullable(Text),
          cre_time: Nullable(Text),
          mod_time: Nullable(Text),
        },
        closed,
      ),
    ),
    /** The ids asked for that are unknown or not the caller's to open (one list: which is which is not told). */
    unavailable: Type.Array(Text),
  },
  closed,
);

/** POST /v3/captureAction and /workFlowExecution/captureAction: an action a user took in the flow, kept in the worklog. */
export const CaptureActionBodySchema = Type.Object(
  {
    application_id: Id,
    action: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_.-]*$' }),
    taskId: Type.Optional(Id),
    detail: Type.Optional(
      Type.Record(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }), Type.String({ maxLength: 500 }), {
        maxProperties: 20,
      }),
    ),
  },
  closed,
);
export const CaptureActionAnswerSchema = Type.Object({ application_id: Text, action: Text, capturedAt: Text }, closed);

// ---- Documents ----

/** POST /api/uploadNICtos3: a file the application holds (filePath = its download path) filed as an identity document. */
export const UploadNicBodySchema = Type.Object(
  {
    app_id: Id,
    filename: Type.String({ minLength: 1, maxLength: 120, pattern: '^[^/\\\\]+$' }),
    filePath: Type.String({ pattern: '^/v3/document/[A-Za-z0-9_.:-]{1,64}$' }),
    docType: Type.String({ minLength: 1, maxLength: 64 }),
  },
  closed,
);
export const UploadNicAnswerSchema = Type.Object({ fileId: Text, fileName: Text, size: Count, mimeType: Text }, closed);

// ---- Integration configuration ----

/** POST /externalAPI/configs: how each vendor kind is configured in this environment (operations admin). */
export const ExternalApiConfigsBodySchema = Type.Object(
  { kind: Type.Optional(literalUnion(INTEGRATION_KINDS)) },
  closed,
);
export const ExternalApiConfigsAnswerSchema = Type.Object(
  {
    data: Type.Array(
      Type.Object(
        {
          kind: Text,
          /** 'sandbox' (the built-in one) or the vendor's origin; never its path, query or credentials. */
          vendor: Text,
          apiKeySet: Type.Boolean(),
          timeoutMs: Count,
        },
        closed,
      ),
    ),
    retries: Count,
    retryBaseMs: Count,
    breakerFailures: Count,
    breakerOpenMs: Count,
  },
  closed,
);

// ---- The list call: POST {client}/{url} (POST /backstage/getApplications) ----

const commaList = (item: string, maxLength = 2000) =>
  Type.String({ minLength: 1, maxLength, pattern: `^${item}(,${item})*$` });
const ID_ITEM = '[A-Za-z0-9_.:-]{1,64}';
const NAME_ITEM = '[^,]{1,100}';
const STATUS_ITEM = '(ACTIVE|CANCELLED|REJECTED|DELETED|COMPLETED|INACTIVE)';
const PROGRESS_ITEM = '(In Progress|Pending|Completed|Rejected|Cancelled)';

/**
 * The spec's query of the list call, each narrowing the list (comma-separated values: any of them): filter =
 * the list, product_code, applicant (an application id or applicant name prefix: the list's search), userIds
 * (assignees), allowedUsers, teams (the task's team ids), progress, stepName, taskName, queryType (the
 * application has an OPEN query to staff, STAFF, or to the applicant, APPLICANT), _applicationStatus,
 * pagination ('page,size'), _verNum; exportFile=xlsx answers the whole list as a spreadsheet.
 */
export const ListCallQuerySchema = Type.Object(
  {
    filter: Type.Optional(literalUnion(APPLICATION_LISTS)),
    product_code: Type.Optional(Code),
    applicant: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    userIds: Type.Optional(commaList(ID_ITEM)),
    progress: Type.Optional(commaList(PROGRESS_ITEM, 200)),
    allowedUsers: Type.Optional(commaList(ID_ITEM)),
    teams: Type.Optional(commaList(ID_ITEM)),
    stepName: Type.Optional(commaList(NAME_ITEM)),
    taskName: Type.Optional(commaList(NAME_ITEM)),
    queryType: Type.Optional(literalUnion(['STAFF', 'APPLICANT'] as const)),
    _applicationStatus: Type.Optional(commaList(STATUS_ITEM, 200)),
    pagination: Type.Optional(Type.String({ pattern: '^[0-9]{1,5},[0-9]{1,3}$' })),
    _verNum: Type.Optional(commaList('[0-9]{1,9}', 200)),
    exportFile: Type.Optional(Type.Literal('xlsx')),
    ticket: Type.Optional(ExportTicketSchema),
  },
  closed,
);
export type ListCallQuery = Static<typeof ListCallQuerySchema>;

/** Today's GraphQL 'applications' variables, each optional (the list call's query may say them). */
const listCallVariables = {
  list: Type.Optional(literalUnion(APPLICATION_LISTS)),
  filters: Type.Optional(Type.Array(ListFilterSchema, { maxItems: 20 })),
  search: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  bucket: Type.Optional(literalUnion(TASK_REVIEW_BUCKETS)),
  sort: Type.Optional(ListSortSchema),
  page: Type.Optional(Type.Object({ page: Type.Integer({ minimum: 0 }), size: Type.Integer({ minimum: 1 }) }, closed)),
};
export const ListCallVariablesSchema = Type.Object(listCallVariables, closed);
export type ListCallVariables = Static<typeof ListCallVariablesSchema>;

/**
 * The list call's body: the variables, or (spec §7 "payload optionally {data: encrypted}") `data` alone, the
 * variables sealed with the caller's access token (hex iv:cipher).
 */
export const ListCallBodySchema = Type.Object(
  {
    ...listCallVariables,
    data: Type.Optional(Type.String({ minLength: 3, maxLength: 100_000, pattern: '^[0-9a-fA-F]+:[0-9a-fA-F]+$' })),
  },
  closed,
);
export type ListCallBody = Static<typeof ListCallBodySchema>;
export const ListCallAnswerSchema = Type.Object({ data: ApplicationsDataSchema }, closed);
