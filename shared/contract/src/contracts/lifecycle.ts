// A product's lifecycle: the setup configuration of type `Workflow` named by the product code. Its steps in
// order, who works each step's tasks, how a task is handed out, its SLA and what a breach does, and the
// approval matrix. Saved as a new version each time; an application keeps the version it started with.
import Type, { type Static } from 'typebox';
import { ApprovalMatrixSchema } from './approvalMatrix';
import { literalUnion } from './flow';
import { Code, closed, Id, IsoDateTime } from './primitives';

/** The config type under `/setup/configs/{type}/{name}` that holds lifecycles (name = product code). */
export const LIFECYCLE_CONFIG_TYPE = 'Workflow';

const LIFECYCLE_STEP_TYPES = ['USER', 'APPVD', 'CUST_FLOW', 'APPLICATION_SUMMARY'] as const;
export type LifecycleStepType = (typeof LIFECYCLE_STEP_TYPES)[number];

/** QUEUE: anyone of the resolved teams picks it; ROUND_ROBIN / LEAST_LOADED: the server assigns one user. */
const HAND_OUT_MODES = ['QUEUE', 'ROUND_ROBIN', 'LEAST_LOADED'] as const;
export type HandOutMode = (typeof HAND_OUT_MODES)[number];

/** CALENDAR counts every minute; WORKING_HOURS only Mon–Sat 09:30–18:30 Asia/Kolkata (rules/lifecycle.ts). */
const SLA_CLOCKS = ['CALENDAR', 'WORKING_HOURS'] as const;
export type SlaClock = (typeof SLA_CLOCKS)[number];

const ESCALATE_TO = ['NONE', 'NEXT_LEVEL'] as const;

/** A step's or task's display name: free text, bounded. */
const StepName = Type.String({ minLength: 1, maxLength: 100 });

/** SLA minutes of one part; null = no limit on that part. At most a year. */
const SlaMins = Type.Union([Type.Integer({ minimum: 1, maximum: 525_600 }), Type.Null()]);

const BreachPolicySchema = Type.Object(
  { notifyTeamLead: Type.Boolean(), escalateTo: literalUnion(ESCALATE_TO) },
  closed,
);
export type BreachPolicy = Static<typeof BreachPolicySchema>;

const LifecycleTaskSchema = Type.Object(
  {
    taskName: StepName,
    /** The step completes when every blocking task of it is Completed. */
    blocking: Type.Boolean(),
    workedBy: Type.Object(
      {
        /** The application's branch team, or its ancestor `hierarchyLevel` levels up (1 = region). */
        branchTeam: Type.Boolean(),
        hierarchyLevel: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]),
        /** DEPT team ids. */
        departments: Type.Array(Id, { maxItems: 50 }),
        /** User ids. */
        allowedUsers: Type.Array(Id, { maxItems: 200 }),
      },
      closed,
    ),
    handOut: literalUnion(HAND_OUT_MODES),
    sla: Type.Object(
      {
        clock: literalUnion(SLA_CLOCKS),
        queuedMins: SlaMins,
        assignedMins: SlaMins,
        overallMins: SlaMins,
        /** Overrides the lifecycle's breach policy for this task. */
        breach: Type.Optional(BreachPolicySchema),
      },
      closed,
    ),
  },
  closed,
);
export type LifecycleTask = Static<typeof LifecycleTaskSchema>;

const LifecycleStepSchema = Type.Object(
  {
    stepName: StepName,
    type: literalUnion(LIFECYCLE_STEP_TYPES),
    summaryEnabled: Type.Boolean(),
    /** Several tasks run in parallel inside the step. */
    tasks: Type.Array(LifecycleTaskSchema, { minItems: 1, maxItems: 20 }),
  },
  closed,
);
export type LifecycleStep = Static<typeof LifecycleStepSchema>;

const lifecycleFields = {
  product_code: Code,
  flowName: Type.String({ minLength: 1, maxLength: 200 }),
  /** GET: this document's version. POST: the version the editor started from (409 when another was saved since). */
  verNum: Type.Integer({ minimum: 0 }),
  /** Minimum 0 here so that an empty lifecycle reaches lifecycleProblems and is refused naming the reason. */
  steps: Type.Array(LifecycleStepSchema, { maxItems: 50 }),
  approvalMatrix: ApprovalMatrixSchema,
  breach: BreachPolicySchema,
};

/** POST /setup/configs/Workflow/{product}: the document the editor saves. */
export const LifecycleBodySchema = Type.Object(lifecycleFields, closed);
export type LifecycleBody = Static<typeof LifecycleBodySchema>;

/** GET /setup/configs/Workflow/{product}: the stored document with who saved it and when. */
export const LifecycleSchema = Type.Object(
  { ...lifecycleFields, updatedBy: Type.Optional(Type.String()), updatedAt: Type.Optional(IsoDateTime) },
  closed,
);
export type Lifecycle = Static<typeof LifecycleSchema>;

/** POST's answer: the saved document with its new verNum, and what changed against the previous version. */
export const LifecycleSavedSchema = Type.Object(
  { ...LifecycleSchema.properties, diff: Type.Array(Type.String()) },
  closed,
);
export type LifecycleSaved = Static<typeof LifecycleSavedSchema>;

/** GET ?verNum=N: an older version (query strings stay strings: digits, no leading zero). */
export const LifecycleQuerySchema = Type.Object(
  { verNum: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,8}$' })) },
  closed,
);

export const LifecycleParamsSchema = Type.Object({ product: Code }, closed);

/** The lifecycle version an application started with: `doc.lifecycle` of the application. */
export interface LifecycleRef {
  product_code: string;
  verNum: number;
}
