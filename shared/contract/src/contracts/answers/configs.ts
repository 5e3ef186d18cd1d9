// Answers of the configs module (mock-server modules/configs): the admin configuration (theme, features,
// environment domain, {type}/{name} configs) and the customer-flow configuration the portal reads
// (products, flows, routes, page rules, components, options, translations; their schemas are flow.ts').
// The admin schemas are the source of the types entities.ts exports; what a write may hold is checked
// by the server's config rules, with their own wording, so these declare the shape only. The product an
// operations admin saves is body and answer at once (ProductConfigSchema), like the flow, component,
// page-rule and option-list saves' schemas in flow.ts.
import Type, { type Static, type TOptional } from 'typebox';
import { CONFIG_AUDIT_KINDS, PAGE_SIZE_OPTIONS } from '../constants';
import {
  ComponentConfigSchema,
  FieldOptionsSchema,
  FlowConfigSchema,
  PageRuleSchema,
  ProductDetailsSchema,
  UPLOAD_KINDS,
} from '../flow';
import { LEAD_PREFILL_SOURCES, type LeadPrefillSource } from '../leads';
import { ThemeLogoSchema } from '../portalSchemas';
import { AnyKey, Code, closed, Id, IsoDateTime, Key, Nullable } from '../primitives';
import { TeamSchema } from './applications';

const Text = Type.String();

/** GET /api/getCustomeStyle (the Theme/Default config): the bank's colours and type. */
export const ThemeConfigSchema = Type.Object(
  {
    primaryColor: Text,
    secondaryColor: Text,
    backgroundColor: Text,
    surfaceColor: Text,
    typography: Type.Optional(
      Type.Object({ primaryColor: Type.Optional(Text), secondaryColor: Type.Optional(Text) }, closed),
    ),
    font: Type.Optional(Type.Object({ family: Type.Optional(Text), size: Type.Optional(Type.Integer()) }, closed)),
    /** The bank's logo: a PNG, JPEG or WebP data URL (themeLogoProblem); the portal's header shows it. */
    logo: Type.Optional(ThemeLogoSchema),
  },
  closed,
);

/** GET /setup/configs/Admin/Features. */
export const AdminFeaturesSchema = Type.Object(
  { MultiLingual: Type.Boolean(), ApplicationFormPreview: Type.Boolean() },
  closed,
);

export const DomainUrlRecordSchema = Type.Object({ customerportal: Text }, closed);
/** GET /setup/configs/Environment/Domain: always the list (its entries carry no configId to select one by). */
export const DomainAnswerSchema = Type.Array(DomainUrlRecordSchema);

/** GET /api/getAdminConfigurations. */
export const AdminConfigurationsSchema = Type.Object(
  {
    /** A chatbot script URL; the shell injects it only when present. */
    chatbotScriptUrl: Nullable(Text),
    portalAppName: Text,
    /** The bank's IANA time zone (Admin/Configurations `bankTimeZone`, Asia/Kolkata by default): every time shown. */
    bankTimeZone: Text,
  },
  closed,
);

/**
 * GET and PUT /setup/configs/{type}/{name}: a stored config is whatever JSON object or list an admin saved
 * (only the named ones above have a shape of their own), or one entry of a list picked by ?configId=.
 */
export const ConfigValueSchema = Type.Union([Type.Record(AnyKey, Type.Unknown()), Type.Array(Type.Unknown())]);
export type ConfigValue = Static<typeof ConfigValueSchema>;

/** GET /config/flow_configs. */
export const FlowConfigsAnswerSchema = Type.Array(FlowConfigSchema);
/** GET /v3/flow/fetch_rules (PUT of one flow version answers its rules as saved). */
export const PageRulesAnswerSchema = Type.Array(PageRuleSchema);
/** POST /v3/component/componentsConfigs: the components asked for, in that order. */
export const ComponentConfigsAnswerSchema = Type.Array(ComponentConfigSchema);
/** POST /config/get_fields_config: the options of each property asked for (none: an empty list). */
export const FieldOptionsAnswerSchema = Type.Array(FieldOptionsSchema);

/** One of a product's limits: the values an applicant may enter in the flow field `field`. */
const ProductLimitSchema = Type.Object(
  { field: Key, min: Type.Number({ minimum: 0 }), max: Type.Number({ minimum: 0 }) },
  closed,
);
/**
 * A product's amount, tenure and rate limits: the one place they live. The server serves each as its
 * field's min_value/max_value (componentsConfigs), checks saved values against them and the Products
 * page shows them.
 */
export const ProductLimitsSchema = Type.Object(
  {
    amount: Type.Optional(ProductLimitSchema),
    tenure: Type.Optional(
      Type.Object(
        { ...ProductLimitSchema.properties, unit: Type.Union([Type.Literal('months'), Type.Literal('years')]) },
        closed,
      ),
    ),
    rate: Type.Optional(ProductLimitSchema),
    /**
     * The product's rate (% a year) where its form asks none: the portal's EMI estimate (served as its loan
     * calculator's rate_percent) and the letters price the loan at it.
     */
    ratePercent: Type.Optional(Type.Number({ minimum: 0, maximum: 99.99 })),
  },
  closed,
);
export type ProductLimits = Static<typeof ProductLimitsSchema>;

/**
 * One document a product asks for: an upload field of its flow's documents step, by the flow model's own
 * terms (the field key is the document type, `mandatory` is required, `accept` the upload kinds; the size
 * limit is the bank's one for every file, MAX_FILE_SIZE_BYTES). What a save must satisfy beyond the shape
 * (a label, keys unique in the flow, at least one kind) is the server's check, with its own wording.
 */
export const ProductDocumentSchema = Type.Object(
  {
    key: Key,
    label: Type.String({ maxLength: 500 }),
    required: Type.Boolean(),
    accept: Type.Array(Type.Enum([...UPLOAD_KINDS]), { maxItems: UPLOAD_KINDS.length }),
  },
  closed,
);
export type ProductDocument = Static<typeof ProductDocumentSchema>;

/** PUT /api/ProductDetails/{productCode}/documents: the whole list, in the order the applicant sees it. */
export const ProductDocumentsBodySchema = Type.Object(
  { documents: Type.Array(ProductDocumentSchema, { maxItems: 50 }) },
  closed,
);
export type ProductDocumentsBody = Static<typeof ProductDocumentsBodySchema>;

/**
 * GET and PUT /api/ProductDetails/{productCode}/documents: the product's documents and where they live (the
 * flow version the portal opens and its documents step); step null when that flow has none.
 */
export const ProductDocumentsAnswerSchema = Type.Object(
  {
    productCode: Code,
    flowId: Id,
    verNum: Type.Integer({ minimum: 1 }),
    step: Nullable(Type.Object({ componentId: Id, name: Text }, closed)),
    documents: Type.Array(ProductDocumentSchema),
  },
  closed,
);
export type ProductDocumentsAnswer = Static<typeof ProductDocumentsAnswerSchema>;

/**
 * A product as configured and stored: its details (what GET /api/ProductDetails answers, engine version
 * aside) and the queue its new applications land in. PUT /api/ProductDetails/{productCode} takes and
 * answers it (operations admin); the server checks that its flow version is stored and belongs to it.
 */
export const ProductConfigSchema = Type.Object(
  {
    ...ProductDetailsSchema.properties,
    /** The teams whose queue a new application's CUST_FLOW task is in (none: only ALL_APPLICATIONS_* reach it). */
    queue: Type.Array(Type.Object({ type: TeamSchema.properties.type, id: Code }, closed), { maxItems: 10 }),
    limits: Type.Optional(ProductLimitsSchema),
    /** Which of the flow's fields a converted lead fills (contract leads.ts leadPrefill): source → field key. */
    leadFields: Type.Optional(
      Type.Object(
        Object.fromEntries(LEAD_PREFILL_SOURCES.map((source) => [source, Type.Optional(Key)])) as Record<
          LeadPrefillSource,
          TOptional<typeof Key>
        >,
        closed,
      ),
    ),
  },
  closed,
);
export type ProductConfig = Static<typeof ProductConfigSchema>;

/** POST /v3/translation/translate: each text asked for, translated where there is a translation. */
export const TranslateAnswerSchema = Type.Object({ lang: Text, translations: Type.Record(AnyKey, Text) }, closed);
export type TranslateAnswer = Static<typeof TranslateAnswerSchema>;

/** GET /setup/audits: query strings stay strings (no coercion), a page, its size and one kind of change. */
export const ConfigAuditsQuerySchema = Type.Object(
  {
    page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
    size: Type.Optional(Type.Enum(PAGE_SIZE_OPTIONS.map(String))),
    kind: Type.Optional(Type.Enum([...CONFIG_AUDIT_KINDS])),
  },
  closed,
);

/**
 * GET /setup/audits (operations admin, Settings › History): configuration changes newest first, each with
 * what it replaced (null when it was new), what it became, who made it and when.
 */
export const ConfigAuditsAnswerSchema = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          id: Type.Integer({ minimum: 1 }),
          kind: Type.Enum([...CONFIG_AUDIT_KINDS]),
          key: Text,
          before: Type.Unknown(),
          after: Type.Unknown(),
          userid: Id,
          userName: Nullable(Text),
          at: IsoDateTime,
        },
        closed,
      ),
    ),
    count: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    size: Type.Integer({ minimum: 1 }),
  },
  closed,
);
export type ConfigAuditsAnswer = Static<typeof ConfigAuditsAnswerSchema>;
export type ConfigAudit = ConfigAuditsAnswer['items'][number];
