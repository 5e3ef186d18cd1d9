// The customer-flow contract (spec §2 "Flow navigation", §3 field config, §4 progress, §5, §7):
// one TypeBox definition per shape, which is at once the TypeScript type, the server's route schema
// and the browser's load-time check (parseWithSchema). Objects refuse unknown keys.
import Type, { type Static, type TLiteral, type TUnion } from 'typebox';
import { CURRENCY_CODES } from '../format';
import { Code, closed, Id, Key, RouteInfo } from './primitives';

const LABEL_MAX_LENGTH = 500;
const Label = Type.String({ maxLength: LABEL_MAX_LENGTH });

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };
/**
 * A union of the list's literals. Type.Union over a mapped array loses the element types (its Static
 * is never); the tuple type restores them, the JSON schema is the same.
 */
export function literalUnion<const T extends readonly string[]>(values: T): TUnion<Literals<T>> {
  return Type.Union(values.map((v) => Type.Literal(v))) as unknown as TUnion<Literals<T>>;
}

const ApplicantTypeSchema = Type.Union([Type.Literal('primary'), Type.Literal('secondary'), Type.Literal('guarantor')]);
export const FlowModeSchema = Type.Union([Type.Literal('SAVED'), Type.Literal('DRAFT')]);
export type FlowMode = Static<typeof FlowModeSchema>;
export const FlowTypeSchema = Type.Union([
  Type.Literal('APPVD'),
  Type.Literal('CUST_FLOW'),
  Type.Literal('APPLICATION_SUMMARY'),
  Type.Literal('none'),
]);
export type FlowType = Static<typeof FlowTypeSchema>;
/** How an OTP code reaches the applicant. */
export const OtpChannelSchema = Type.Union([Type.Literal('SMS'), Type.Literal('EMAIL')]);
const DeviceTypeSchema = Type.Union([Type.Literal('DESKTOP'), Type.Literal('MOBILE')]);
export type DeviceType = Static<typeof DeviceTypeSchema>;
export const ProgressStatusSchema = Type.Union([
  Type.Literal('PENDING'),
  Type.Literal('PROGRESS'),
  Type.Literal('COMPLETE'),
]);

/** Every field type a renderer exists for (spec §5). A currency field is 'text' with currency_field. */
export const FIELD_TYPES = [
  'text',
  'password',
  'textarea',
  'date',
  'checkbox',
  'toggle',
  'dropdown',
  'radio',
  'range',
  'slider',
  'counter',
  'file_upload',
  'signature',
  'otp',
  'container',
  'heading',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
const FieldTypeSchema = literalUnion(FIELD_TYPES);

/** Upload kinds of spec §5, each a family of MIME types and extensions (the engine holds the mapping). */
export const UPLOAD_KINDS = ['image', 'doc', 'pdf', 'xls', 'application', 'compress', 'audio', 'video'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const DATE_UNITS = ['Day', 'Week', 'Month', 'Year'] as const;
const AGGREGATIONS = ['SUM', 'AVG', 'MIN', 'MAX', 'COUNT'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/** Grid row and column size types of spec §9: custom (percent), content, auto. */
const GridSizeSchema = Type.Union([
  Type.Object({ type: Type.Literal('custom'), value: Type.Number({ minimum: 1, maximum: 100 }) }, closed),
  Type.Object({ type: Type.Literal('content') }, closed),
  Type.Object({ type: Type.Literal('auto') }, closed),
]);
export type GridSize = Static<typeof GridSizeSchema>;

const FieldTypeDetailsSchema = Type.Object(
  {
    type: FieldTypeSchema,
    mandatory: Type.Optional(Type.Boolean()),
    regex: Type.Optional(Type.String({ maxLength: 1000 })),
    /** What a value that does not match `regex` is told, instead of 'is invalid' (translated like labels). */
    regex_message: Type.Optional(Label),
    /**
     * Numbers for amounts, sliders, counters, ranges and BETWEEN_AGE/BETWEEN_DAYS; dates (in date_format) for
     * BETWEEN_DATE; for a checkbox group, how many boxes may be ticked.
     */
    min_value: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 32 })])),
    max_value: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 32 })])),
    /** Slider, range and counter: values lie on a grid of this step counted from min_value (default 1). */
    step: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
    defaultValue: Type.Optional(Type.Unknown()),
    /** Default DD/MM/YYYY. */
    date_format: Type.Optional(Type.String({ maxLength: 32 })),
    /**
     * Dropdown, radio and checkbox group: the option list's name (get_fields_config); dates: BETWEEN_DATE,
     * BETWEEN_AGE or BETWEEN_DAYS.
     */
    property: Type.Optional(Type.String({ maxLength: 128 })),
    property_type: Type.Optional(Type.Union([Type.Literal('DROPDOWN'), Type.Literal('RADIO')])),
    /** BETWEEN_DAYS unit. */
    date_unit: Type.Optional(literalUnion(DATE_UNITS)),
    /**
     * A dropdown that holds several options, or a checkbox that is a group of boxes, one per option of
     * `property`: the value is then the array of the chosen options' values.
     */
    multiple: Type.Optional(Type.Boolean()),
    currency_field: Type.Optional(Type.Boolean()),
    /** INR (lakh grouping, default), USD, AUD, EUR or PERCENT. */
    currency: Type.Optional(literalUnion([...CURRENCY_CODES, 'PERCENT'] as const)),
    /** Keypress rule of spec §5: AMOUNT (10 integer digits) or INTEREST (≤ 99.99). */
    keypress: Type.Optional(Type.Union([Type.Literal('AMOUNT'), Type.Literal('INTEREST')])),
    verification_field: Type.Optional(Type.Boolean()),
    internal: Type.Optional(Type.Boolean()),
    internal_list: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 1000 })),
    /** File upload: accepted kinds (default all). */
    accept: Type.Optional(Type.Array(literalUnion(UPLOAD_KINDS), { maxItems: 8 })),
    /** OTP: channel and the field whose value is the recipient (mobile or e-mail). */
    otp_channel: Type.Optional(OtpChannelSchema),
    recipient_field: Type.Optional(Key),
    /** Heading text; placeholder or helper text of other fields. */
    text: Type.Optional(Label),
    placeholder: Type.Optional(Label),
    displayConfigs: Type.Optional(
      Type.Object(
        { size: Type.Optional(GridSizeSchema), rows: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })) },
        closed,
      ),
    ),
    /**
     * A text field shown as the loan's EMI and repayment schedule, worked out as the applicant picks the amount and
     * tenure (rules/loanCost.ts): the fields holding them, and the rate's field or a fixed indicative rate.
     */
    loan_calculator: Type.Optional(
      Type.Object(
        {
          amount_field: Key,
          tenure_field: Key,
          tenure_unit: Type.Union([Type.Literal('MONTHS'), Type.Literal('YEARS')]),
          rate_field: Type.Optional(Key),
          rate_percent: Type.Optional(Type.Number({ minimum: 0, maximum: 99.99 })),
        },
        closed,
      ),
    ),
  },
  closed,
);
export type FieldTypeDetails = Static<typeof FieldTypeDetailsSchema>;

/**
 * One entry of a field's access control (spec §5/§6 'access control', shape ours: contract README "Field
 * access"). It matches a staff user holding one of `roles` (when given) and in one of `teams` (when
 * given; the team rule of inTaskTeam); an entry with neither matches every staff user.
 */
const FieldAccessEntrySchema = Type.Object(
  {
    roles: Type.Optional(
      Type.Array(Id, {
        minItems: 1,
        maxItems: 50,
        uniqueItems: true,
      }),
    ),
    teams: Type.Optional(
      Type.Array(Type.Object({ type: Type.Union([Type.Literal('HIERARCHY'), Type.Literal('DEPT')]), id: Id }, closed), {
        minItems: 1,
        maxItems: 50,
      }),
    ),
    access: Type.Union([Type.Literal('WRITE'), Type.Literal('READ')]),
  },
  closed,
);
export type FieldAccessEntry = Static<typeof FieldAccessEntrySchema>;

const FieldConfigSchema = Type.Object(
  {
    key: Key,
    label: Label,
    groupKey: Type.Optional(Key),
    groupType: Type.Optional(Type.Literal('CONTAINER')),
    groupSubType: Type.Optional(Type.Literal('NESTED_TABLE')),
    /** A container child shown once above the rows (the table's header fields). */
    isSectionHeader: Type.Optional(Type.Boolean()),
    /** A container column's total. */
    aggregation: Type.Optional(literalUnion(AGGREGATIONS)),
    field_identifier: Type.Optional(literalUnion(['C', 'G', 'CG', 'PG', 'P', 'PI', 'H'] as const)),
    /** USER, EXTERNAL, otherwise a customer field. */
    category: Type.Optional(Type.String({ maxLength: 32 })),
    enable: Type.Boolean(),
    secondaryEnable: Type.Optional(Type.Boolean()),
    guarantorEnable: Type.Optional(Type.Boolean()),
    sameAsPrimary: Type.Optional(Type.Boolean()),
    internal: Type.Optional(Type.Boolean()),
    hide: Type.Optional(Type.Boolean()),
    /** An arithmetic expression over other field keys (e.g. 'monthly_income * 12'); the field is then computed. */
    formulas: Type.Optional(Type.Object({ expression: Type.String({ minLength: 1, maxLength: 2000 }) }, closed)),
    /** A server microflow run for this field (POST /v3/microflow/execute/{id}): on blur, or from a button. */
    microflow: Type.Optional(
      Type.Object(
        {
          id: Id,
          trigger: Type.Union([Type.Literal('blur'), Type.Literal('button')]),
          label: Type.Optional(Label),
        },
        closed,
      ),
    ),
    /** Who may change the field (staff only; a table's cells take the table's). Absent: the form's access. */
    accessControl: Type.Optional(Type.Array(FieldAccessEntrySchema, { minItems: 1, maxItems: 50 })),
    field_type_details: FieldTypeDetailsSchema,
  },
  closed,
);
export type FieldConfig = Static<typeof FieldConfigSchema>;

export interface LayoutElement {
  type: 'element_row' | 'element_column' | 'heading' | 'field';
  id?: string;
  /** field: the field key. */
  key?: string;
  /** heading: its text. */
  text?: string;
  size?: GridSize;
  children?: LayoutElement[];
}
const LayoutElementSchema = Type.Cyclic(
  {
    LayoutElement: Type.Object(
      {
        type: Type.Union([
          Type.Literal('element_row'),
          Type.Literal('element_column'),
          Type.Literal('heading'),
          Type.Literal('field'),
        ]),
        id: Type.Optional(Id),
        key: Type.Optional(Key),
        text: Type.Optional(Label),
        size: Type.Optional(GridSizeSchema),
        children: Type.Optional(Type.Array(Type.Ref('LayoutElement'), { maxItems: 500 })),
      },
      closed,
    ),
  },
  'LayoutElement',
);

/** One screen's fields (/v3/component/componentsConfigs). layout omitted means one field per row in order. */
export const ComponentConfigSchema = Type.Object(
  {
    componentId: Id,
    display_name: Label,
    fields: Type.Array(FieldConfigSchema, { maxItems: 2000 }),
    layout: Type.Optional(Type.Array(LayoutElementSchema, { maxItems: 500 })),
  },
  closed,
);
export type ComponentConfig = Static<typeof ComponentConfigSchema>;

/** Amount operators, text operators and emptiness (spec §5 filter operators). */
export const CONDITION_OPERATORS = [
  'EQUAL',
  'NOT_EQUAL',
  'GREATER_THAN',
  'LESS_THAN',
  'GREATER_THAN_OR_EQUAL',
  'LESS_THAN_OR_EQUAL',
  'CONTAINS',
  'ENDS_WITH',
  'IS_EMPTY',
  'IS_NOT_EMPTY',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

const RuleConditionSchema = Type.Object(
  {
    field: Key,
    operator: literalUnion(CONDITION_OPERATORS),
    value: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean()])),
  },
  closed,
);
export type RuleCondition = Static<typeof RuleConditionSchema>;

/** Hide a field or a group outright (no conditions) or when the and/or condition list holds. */
export const PageRuleSchema = Type.Object(
  {
    rule_id: Id,
    componentId: Id,
    action: Type.Literal('HIDE'),
    target: Type.Object({ type: Type.Union([Type.Literal('FIELD'), Type.Literal('GROUP')]), key: Key }, closed),
    conditions: Type.Optional(
      Type.Object(
        {
          operator: Type.Union([Type.Literal('AND'), Type.Literal('OR')]),
          list: Type.Array(RuleConditionSchema, { minItems: 1, maxItems: 50 }),
        },
        closed,
      ),
    ),
  },
  closed,
);
export type PageRule = Static<typeof PageRuleSchema>;

const stepFlags = {
  isSingle: Type.Optional(Type.Boolean()),
  disableForPrimaryApplicant: Type.Optional(Type.Boolean()),
  skipForNewCustomer: Type.Optional(Type.Boolean()),
  skipForExistingCustomer: Type.Optional(Type.Boolean()),
};

const FlowSubSectionSchema = Type.Object(
  {
    sub_section_id: Id,
    display_name: Label,
    route_info: RouteInfo,
    componentId: Id,
    ...stepFlags,
    /** An existing customer's OTP step: skipped for new customers. */
    existingCustomerOtp: Type.Optional(Type.Boolean()),
    /** A custom page: its route is the application's custom_route, else 'capture_1'. */
    customPage: Type.Optional(Type.Boolean()),
    /** The summary before submit: mandatory validations are not applied to it. */
    summary: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type FlowSubSection = Static<typeof FlowSubSectionSchema>;

const FlowSectionSchema = Type.Object(
  {
    section_id: Id,
    display_name: Label,
    route_info: RouteInfo,
    ...stepFlags,
    /** A joint section: repeated for each co-applicant (secondary) or guarantor added. */
    applicantType: Type.Optional(ApplicantTypeSchema),
    sub_sections: Type.Array(FlowSubSectionSchema, { minItems: 1, maxItems: 100 }),
  },
  closed,
);
export type FlowSection = Static<typeof FlowSectionSchema>;

export const FlowConfigSchema = Type.Object(
  {
    flowId: Id,
    verNum: Type.Integer({ minimum: 1 }),
    flowName: Label,
    product_code: Id,
    product_name: Label,
    flow_type: FlowTypeSchema,
    startRoute: Type.Optional(Type.String({ maxLength: 128 })),
    maximumJointApplicants: Type.Integer({ minimum: 0, maximum: 10 }),
    enableMultipleCoApplicant: Type.Boolean(),
    /** Submit refuses invalid mandatory fields ('Please fill all mandatory fields'). */
    mandatoryValidations: Type.Boolean(),
    /** A captcha is solved before the application starts. */
    captcha: Type.Optional(Type.Boolean()),
    flowTheme: Type.Optional(
      Type.Object(
        {
          primaryColor: Type.Optional(Type.String({ maxLength: 32 })),
          secondaryColor: Type.Optional(Type.String({ maxLength: 32 })),
          backgroundColor: Type.Optional(Type.String({ maxLength: 32 })),
          surfaceColor: Type.Optional(Type.String({ maxLength: 32 })),
        },
        closed,
      ),
    ),
    sections: Type.Array(FlowSectionSchema, { minItems: 1, maxItems: 100 }),
  },
  closed,
);
export type FlowConfig = Static<typeof FlowConfigSchema>;

const PropertyTypeSchema = Type.Union([Type.Literal('DROPDOWN'), Type.Literal('RADIO')]);
/** The most options one list holds, and an option value's length. */
const MAX_OPTIONS = 5000;
const OPTION_VALUE_MAX_LENGTH = 256;

/** Options of a dropdown or radio property (/config/get_fields_config). */
export const FieldOptionsSchema = Type.Object(
  {
    property_type: PropertyTypeSchema,
    property: Type.String({ minLength: 1, maxLength: 128 }),
    values: Type.Array(
      Type.Object({ label: Label, value: Type.String({ maxLength: OPTION_VALUE_MAX_LENGTH }) }, closed),
      { maxItems: MAX_OPTIONS },
    ),
  },
  closed,
);
export type FieldOptions = Static<typeof FieldOptionsSchema>;

/**
 * PUT /config/get_fields_config/{propertyType}/{property} (operations admin): one option list, body and
 * answer. Stricter than FieldOptionsSchema, which also answers a list nobody stored (values: []): the
 * property is a code get_fields_config can be asked for, and the list holds 1 to 5000 options, none with
 * an empty label or value (the server refuses a value twice).
 */
export const FieldOptionsSaveSchema = Type.Object(
  {
    property_type: PropertyTypeSchema,
    property: Code,
    values: Type.Array(
      Type.Object(
        {
          label: Type.String({ minLength: 1, maxLength: LABEL_MAX_LENGTH }),
          value: Type.String({ minLength: 1, maxLength: OPTION_VALUE_MAX_LENGTH }),
        },
        closed,
      ),
      { minItems: 1, maxItems: MAX_OPTIONS },
    ),
  },
  closed,
);
export type FieldOptionsSave = Static<typeof FieldOptionsSaveSchema>;

// ---- Field values -------------------------------------------------------------------------------

export const UploadedDocumentSchema = Type.Object(
  {
    fileId: Id,
    fileName: Type.String({ minLength: 1, maxLength: 255 }),
    size: Type.Integer({ minimum: 0 }),
    mimeType: Type.String({ maxLength: 255 }),
  },
  closed,
);
export type UploadedDocument = Static<typeof UploadedDocumentSchema>;

const OtpValueSchema = Type.Object(
  {
    type: OtpChannelSchema,
    recipient: Type.String({ maxLength: 256 }),
    isVerified: Type.Boolean(),
  },
  closed,
);
export type OtpValue = Static<typeof OtpValueSchema>;

const Scalar = Type.Union([Type.String({ maxLength: 100000 }), Type.Number(), Type.Boolean(), Type.Null()]);
const Row = Type.Record(Type.String({ maxLength: 128 }), Scalar);

/** A NESTED_TABLE container's value: header fields, one record per row, column totals. */
const TableValueSchema = Type.Object(
  {
    headers: Row,
    subRecords: Type.Array(Row, { maxItems: 1000 }),
    total: Type.Record(Type.String({ maxLength: 128 }), Type.Number()),
  },
  closed,
);
export type TableValue = Static<typeof TableValueSchema>;

const FieldValueSchema = Type.Union([
  Scalar,
  Type.Array(Type.Union([Type.String({ maxLength: 256 }), Type.Number()]), { maxItems: 1000 }),
  Type.Object({ uploadedDocuments: Type.Array(UploadedDocumentSchema, { maxItems: 50 }) }, closed),
  Type.Object({ fileId: Id }, closed),
  OtpValueSchema,
  TableValueSchema,
]);
export type FieldValue = Static<typeof FieldValueSchema>;

export const FormValuesSchema = Type.Record(Type.String({ maxLength: 128 }), FieldValueSchema, { maxProperties: 5000 });
export type FormValues = Static<typeof FormValuesSchema>;

/** One co-applicant or guarantor and what they filled. */
export const JointApplicantSchema = Type.Object(
  {
    applicantId: Id,
    applicantType: Type.Union([Type.Literal('secondary'), Type.Literal('guarantor')]),
    customFields: FormValuesSchema,
  },
  closed,
);
export type JointApplicant = Static<typeof JointApplicantSchema>;

const ComponentProgressSchema = Type.Object(
  {
    componentId: Id,
    componentRouteInfo: Type.String({ maxLength: 128 }),
    status: ProgressStatusSchema,
  },
  closed,
);
export const SectionProgressSchema = Type.Object(
  {
    sectionId: Id,
    status: ProgressStatusSchema,
    components: Type.Array(ComponentProgressSchema, { maxItems: 200 }),
  },
  closed,
);

/** Body of POST /v3/application/consumer/save_or_update and user/save_or_update (inside the {data} envelope). */
export const SaveApplicationBodySchema = Type.Object(
  {
    /** Absent on the first save, which creates the application. */
    application_id: Type.Optional(Id),
    flowId: Id,
    verNum: Type.Integer({ minimum: 1 }),
    mode: FlowModeSchema,
    section_id: Id,
    sub_section_id: Id,
    singleORjoint: Type.Union([Type.Literal('single'), Type.Literal('joint')]),
    existing_or_new_customer: Type.Union([Type.Literal('existing'), Type.Literal('new')]),
    customFields: FormValuesSchema,
    jointApplicants: Type.Array(JointApplicantSchema, { maxItems: 10 }),
    progress: Type.Array(SectionProgressSchema, { maxItems: 100 }),
    _deviceType: DeviceTypeSchema,
    /** The mod_time the client last saw; an older one is refused as a resubmission. */
    mod_time: Type.Optional(Type.String({ maxLength: 64 })),
    /** The first save's captcha solution, when the flow asks for one. */
    captchaResponse: Type.Optional(Type.String({ maxLength: 4000 })),
  },
  closed,
);
export type SaveApplicationBody = Static<typeof SaveApplicationBodySchema>;

/** The portal's view of an application it may fill (GET /v3/application/{id}, save answers). */
export const FlowApplicationSchema = Type.Object(
  {
    application_id: Id,
    product_code: Id,
    product_name: Label,
    flowId: Id,
    verNum: Type.Integer({ minimum: 1 }),
    _applicationStatus: Type.String({ maxLength: 32 }),
    mode: FlowModeSchema,
    section_id: Type.Optional(Id),
    sub_section_id: Type.Optional(Id),
    custom_route: Type.Optional(Type.String({ maxLength: 128 })),
    singleORjoint: Type.Union([Type.Literal('single'), Type.Literal('joint')]),
    existing_or_new_customer: Type.Union([Type.Literal('existing'), Type.Literal('new')]),
    customFields: FormValuesSchema,
    jointApplicants: Type.Array(JointApplicantSchema, { maxItems: 10 }),
    progress: Type.Array(SectionProgressSchema, { maxItems: 100 }),
    mod_time: Type.String({ maxLength: 64 }),
  },
  { additionalProperties: true },
);
export type FlowApplication = Static<typeof FlowApplicationSchema>;

// ---- Products and routes (GET /v3/lead/getAllProducts, /api/ProductDetails, /config/route_config) --

/** One entry of the public product list. */
export const ProductSummarySchema = Type.Object(
  {
    product_code: Id,
    product_name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.String({ maxLength: 1000 }),
    flowId: Id,
    verNum: Type.Integer({ minimum: 1 }),
    /** A housing product: its leads carry the PMAY form (contract leads.ts). */
    pmay: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type ProductSummary = Static<typeof ProductSummarySchema>;

/** One product's details: the summary and whether its first save needs a captcha. */
export const ProductDetailsSchema = Type.Object(
  { ...ProductSummarySchema.properties, captcha: Type.Boolean() },
  closed,
);

/**
 * GET /api/ProductDetails/{productCode}: the product's details and the version of @originate/flow-engine
 * the server checks applications with (the portal compares its major with its own engine's).
 */
export const ProductDetailsAnswerSchema = Type.Object(
  {
    ...ProductDetailsSchema.properties,
    engineVersion: Type.String({ maxLength: 64, pattern: '^[0-9]+\\.[0-9]+\\.[0-9]+' }),
  },
  closed,
);
export type ProductDetailsAnswer = Static<typeof ProductDetailsAnswerSchema>;

/** A flow's routes in order (route_config, latest_route_config): where each sub-section lives. */
export const RouteConfigSchema = Type.Object(
  {
    flowId: Id,
    verNum: Type.Integer({ minimum: 1 }),
    /** The flow's startRoute, else the first sub-section's route. */
    startRoute: Type.String({ maxLength: 128 }),
    routes: Type.Array(Type.Object({ section_id: Id, sub_section_id: Id, route_info: RouteInfo }, closed), {
      maxItems: 10000,
    }),
  },
  closed,
);
export type RouteConfig = Static<typeof RouteConfigSchema>;
