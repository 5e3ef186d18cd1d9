// Applications filled through a customer flow (README "Customer flow"): created by the first consumer
// save (ACTIVE, a CUST_FLOW task in the product's queue, a lifecycle), saved as DRAFT or SAVED, and
// submitted by a SAVED save on the last step, which re-checks the mandatory fields first.
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type ApplicationStatus,
  type FieldAccessViewer,
  type FieldConfig,
  type FlowConfig,
  type Lifecycle,
  type LifecycleRef,
  type ProductConfig,
  resumeLinkRefusal,
  type SaveApplicationBody,
  STAFF_RESUME_LINK_HOURS,
} from '@originate/contract';
import type { Db, Queryable } from '../../db';
import { conflict, forbidden, invalid, ValidationError } from '../../http/errors';
import type { FileStore } from '../../platform/context';
import { type FlowDoc, fieldChanges, newEffects, recordAudits } from '../applications';
import { endDeviceSessions, sha256 } from '../auth';
import type { FlowRules } from '../configs';
import { recordSubmittedConsents } from '../consent';
import { assertStorageQuota } from '../documents';
import { latestLifecycle, lifecycleOf } from '../lifecycle';
import { branchOf, openStep } from '../tasks';
import { announceLifecycleEvent } from '../templates';
import { readOnlyChanges, readOnlyRefusal } from './field-access';
import { referenceProblems } from './flow-references';
import { flowIssues, flowProgress, jointApplicantIssues, stepsOf } from './flow-rules';

const RESUME_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
const CUSTOMER_FLOW_STEP = 'Application Capture';
/** The step a submit opens for a product without a lifecycle (an installation that configured none). */
const NEXT_STEP = { name: 'Verify documents', stepName: 'Document Verification', type: 'APPVD' } as const;

export type FlowContext = FlowRules;

function checkStep(flow: FlowConfig, body: SaveApplicationBody): void {
  const section = flow.sections.find((s) => s.section_id === body.section_id);
  if (!section) throw invalid('section_id', `is not a section of flow ${flow.flowId}`);
  if (!section.sub_sections.some((sub) => sub.sub_section_id === body.sub_section_id)) {
    throw invalid('sub_section_id', `is not a sub-section of section ${section.section_id}`);
  }
}

/** A SAVED save on the last step the applicant walks submits the application. */
export function isSubmit(flow: FlowConfig, body: SaveApplicationBody): boolean {
  if (body.mode !== 'SAVED') return false;
  const last = stepsOf(flow, body).at(-1);
  return last !== undefined && last.section_id === body.section_id && last.sub_section_id === body.sub_section_id;
}

// The seeded products' keys for the summary (home loan unprefixed, personal pl_, car cl_).
const NUMBER_KEYS = ['loan_amount', 'pl_loan_amount', 'cl_loan_amount'];
const NAME_KEYS = ['full_name', 'pl_full_name', 'cl_full_name'];
const MOBILE_KEYS = ['mobile', 'pl_mobile', 'cl_mobile'];
const EMAIL_KEYS = ['email', 'pl_email', 'cl_email'];

function firstText(values: SaveApplicationBody['customFields'], keys: string[]): string | undefined {
  for (const key of keys) {
    const v = values[key];
    if (typeof v === 'string' && v !== '') return v;
    if (typeof v === 'number') return String(v);
  }
  return undefined;
}

/** The columns the back office lists by, from a form's values: loan amount and who the primary applicant is. */
export function summaryOf(values: SaveApplicationBody['customFields']) {
  const amount = Number(firstText(values, NUMBER_KEYS)?.replace(/,/g, '') ?? 0);
  const primary: Record<string, string> = {};
  const name = firstText(values, NAME_KEYS);
  const mobile = firstText(values, MOBILE_KEYS);
  const email = firstText(values, EMAIL_KEYS);
  if (name) primary.fullName = name;
  if (mobile) primary.mobile = mobile;
  if (email) primary.email = email;
  return { loanAmount: Number.isFinite(amount) && amount >= 0 && amount < 1e12 ? amount : 0, applicant: { primary } };
}

function docOf(ctx: FlowContext, body: SaveApplicationBody, now: Date, previous?: FlowDoc): FlowDoc {
  const { flow } = ctx;
  return {
    ...(previous ?? {}),
    flowId: flow.flowId,
    verNum: flow.verNum,
    flowName: flow.flowName,
    mode: body.mode,
    section_id: body.section_id,
    sub_section_id: body.sub_section_id,
    singleORjoint: body.singleORjoint,
    existing_or_new_customer: body.existing_or_new_customer,
    customFields: body.customFields,
    jointApplicants: body.jointApplicants,
    // Recomputed from what is filled (the engine's §4 arithmetic), not taken from the body.
    progress: flowProgress(ctx, body, now),
    _deviceType: body._deviceType,
    product_type_code: 'RETAIL',
  };
}

/** Every field of the flow by key (labels for refusals, OTP configuration). */
function fieldsOf(ctx: FlowContext): Map<string, FieldConfig> {
  const fields = new Map<string, FieldConfig>();
  for (const component of ctx.components.values()) {
    for (const field of component.fields) if (!fields.has(field.key)) fields.set(field.key, field);
  }
  return fields;
}

/**
 * One refusal listing everything wrong with a save: on submit, every field the engine's submit check
 * refuses on the steps walked (when the flow asks for mandatory validations); on every save each file
 * not of this application; on submit each OTP verification the server did not make.
 */
async function checkSave(
  db: Queryable,
  applicationId: string | null,
  ctx: FlowContext,
  body: SaveApplicationBody,
  submit: boolean,
  now: Date,
): Promise<void> {
  const problems = jointApplicantIssues(ctx.flow, body);
  if (submit) problems.push(...flowIssues(ctx, body, now, { mandatoryValidations: ctx.flow.mandatoryValidations }));
  for (const issue of await referenceProblems(db, applicationId, fieldsOf(ctx), body, submit)) {
    if (!problems.some((p) => p.label === issue.label)) problems.push(issue);
  }
  if (problems.length > 0) throw new ValidationError(problems.map(({ label, reason }) => ({ label, reason })));
}

/** `<product>-<year>-<6 digits>` from the application_number sequence. */
async function nextApplicationId(tx: Queryable, productCode: string, now: Date): Promise<string> {
  const [seq] = await tx.query<{ n: string }>("SELECT nextval('application_number')::text AS n");
  return `${productCode}-${now.getUTCFullYear()}-${String(seq?.n).padStart(6, '0')}`;
}

/** A staff member who makes an application (starts or copies it): its initiator and its task's assignee. */
export interface StaffCreator {
  userid: string;
  username: string;
  displayName: string;
}

const initiatorOf = (creator: StaffCreator) => ({
  id: creator.userid,
  username: creator.username,
  displayName: creator.displayName,
});

/**
 * The first lifecycle step: the customer flow, in the product's queue, Pending or In Progress with its assignee.
 * Its task's name, SLA limits and clock are the first task of the lifecycle's first step (none configured: no limit).
 */
async function insertCustomerFlowTask(
  tx: Queryable,
  applicationId: string,
  queue: ProductConfig['queue'],
  assignee: string | null,
  lifecycle: Lifecycle | null,
  now: Date,
): Promise<void> {
  const first = lifecycle?.steps[0]?.tasks[0];
  await tx.query(
    `INSERT INTO tasks (task_id, application_id, name, step_name, step_number, type, progress, assigned_to, assigned_team,
       allowed_users, start_time, mod_time, assigned_at, blocking, sla_clock, sla_queued_mins, sla_assigned_mins,
       sla_overall_mins)
     VALUES ($1, $2, $3, $4, 1, 'CUST_FLOW', $5, $6, $7::jsonb, '[]'::jsonb, $8, $8, $9, true, $10, $11, $12, $13)`,
    [
      `TSK-${applicationId}-1`,
      applicationId,
      first?.taskName ?? 'Customer application',
      lifecycle?.steps[0]?.stepName ?? CUSTOMER_FLOW_STEP,
      assignee ? 'In Progress' : 'Pending',
      assignee,
      JSON.stringify(queue),
      now,
      assignee ? now : null,
      first?.sla.clock ?? 'CALENDAR',
      first?.sla.queuedMins ?? null,
      first?.sla.assignedMins ?? null,
      first?.sla.overallMins ?? null,
    ],
  );
}

/** What a new application records (doc.lifecycle) of the lifecycle it walks. */
const refOf = (lifecycle: Lifecycle): LifecycleRef => ({
  product_code: lifecycle.product_code,
  verNum: lifecycle.verNum,
});

/**
 * A new flow application from its first save: the applicant's (no session yet, its task Pending in the
 * queue), or one staff start for a walk-in customer (`startedBy`: source BRANCH, initiatedBy, the task
 * In Progress with them).
 */
export async function createFlowApplication(
  tx: Queryable,
  product: ProductConfig,
  ctx: FlowContext,
  body: SaveApplicationBody,
  now: Date,
  opts: {
    /** The demo seed's fixed id; otherwise the next number of the sequence. */
    fixedId?: string;
    startedBy?: StaffCreator;
    /** A staff start converting this lead. */
    leadId?: string;
  } = {},
): Promise<string> {
  checkStep(ctx.flow, body);
  await checkSave(tx, null, ctx, body, false, now);
  const applicationId = opts.fixedId ?? (await nextApplicationId(tx, product.product_code, now));
  const { loanAmount, applicant } = summaryOf(body.customFields);
  // The latest lifecycle of the product: the application walks it until it completes.
  const lifecycle = await latestLifecycle(tx, product.product_code);
  const base: FlowDoc = opts.startedBy
    ? {
        ...docOf(ctx, body, now),
        source_id: 'BRANCH',
        initiatedBy: initiatorOf(opts.startedBy),
        ...(opts.leadId ? { lead_id: opts.leadId } : {}),
      }
    : docOf(ctx, body, now);
  const doc = lifecycle ? { ...base, lifecycle: refOf(lifecycle) } : base;
  await tx.query(
    `INSERT INTO applications (application_id, product_code, product_name, product_type_code, status, stage, loan_amount,
       applicant, doc, cre_time, mod_time)
     VALUES ($1, $2, $3, 'RETAIL', 'ACTIVE', $4, $5, $6::jsonb, $7::jsonb, $8, $8)`,
    [
      applicationId,
      product.product_code,
      product.product_name,
      CUSTOMER_FLOW_STEP,
      loanAmount,
      JSON.stringify(applicant),
      JSON.stringify(doc),
      now,
    ],
  );
  await insertCustomerFlowTask(tx, applicationId, product.queue, opts.startedBy?.userid ?? null, lifecycle, now);
  return applicationId;
}

export interface SaveOutcome {
  submitted: boolean;
}

/**
 * A later save of an existing flow application (consumer or staff). Refuses a stale mod_time
 * (409 resubmission), any save after submit, and a staff save that changes a field the user may only
 * read (403, field-access.ts); a submit completes the CUST_FLOW task and opens the next lifecycle step
 * in the product's queue.
 */
export async function updateFlowApplication(
  db: Db,
  applicationId: string,
  ctx: FlowContext,
  body: SaveApplicationBody,
  now: Date,
  queue: ProductConfig['queue'],
  /** Who saves, for the audit trail of every changed field (staff saves name the user). */
  audit: { userId: string | null; source: string } = { userId: null, source: 'applicant' },
  /** The staff user saving, whose field access is enforced; applicants (absent) are not governed by it. */
  viewer?: FieldAccessViewer,
): Promise<SaveOutcome> {
  checkStep(ctx.flow, body);
  const submit = isSubmit(ctx.flow, body);
  await checkSave(db, applicationId, ctx, body, submit, now);
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{
      doc: FlowDoc;
      mod_time: Date | string;
      status: string;
      product_code: string;
      product_name: string;
    }>(
      'SELECT doc, mod_time, status, product_code, product_name FROM applications WHERE application_id = $1 FOR UPDATE',
      [applicationId],
    );
    if (!row) throw invalid('application_id', 'is not a known application');
    if (row.doc.flowId !== body.flowId) throw invalid('flowId', `is not the flow of application ${applicationId}`);
    if (row.doc.submitted_at) throw conflict('The application has already been submitted');
    if (row.status !== 'ACTIVE') throw conflict(`The application is ${row.status}`);
    const stored = new Date(row.mod_time).getTime();
    if (body.mod_time !== undefined && !(new Date(body.mod_time).getTime() >= stored)) throw conflict('resubmission');
    if (viewer) {
      // Against the stored values read under the row lock: what this save would change, nothing else.
      const previous = { customFields: row.doc.customFields ?? {}, jointApplicants: row.doc.jointApplicants ?? [] };
      const refused = readOnlyChanges(ctx, previous, body, viewer, now);
      if (refused.length > 0) throw forbidden(readOnlyRefusal(refused));
    }
    const doc = docOf(ctx, body, now, row.doc);
    if (submit) doc.submitted_at = now.toISOString();
    // The field history is of the form's fields: a key the flow does not have is no field anyone edited.
    const fields = new Set([...ctx.components.values()].flatMap((c) => c.fields.map((f) => f.key)));
    const changes = fieldChanges(row.doc.customFields ?? {}, doc.customFields ?? {}).filter((c) =>
      fields.has(c.fieldKey),
    );
    await recordAudits(tx, applicationId, changes, audit, now);
    const { loanAmount, applicant } = summaryOf(body.customFields);
    // A submit opens the second step of the application's lifecycle version (the first is this flow).
    const lifecycle = submit
      ? await lifecycleOf(tx, row.product_code, (row.doc as { lifecycle?: { verNum?: number } }).lifecycle)
      : null;
    const second = lifecycle?.steps[1];
    await tx.query(
      `UPDATE applications SET doc = $2::jsonb, loan_amount = $3, applicant = $4::jsonb, mod_time = $5,
         stage = CASE WHEN $6 THEN $7 ELSE stage END
       WHERE application_id = $1`,
      [
        applicationId,
        JSON.stringify(doc),
        loanAmount,
        JSON.stringify(applicant),
        now,
        submit,
        second?.stepName ?? NEXT_STEP.stepName,
      ],
    );
    if (submit && lifecycle && second) {
      await tx.query(
        `UPDATE tasks SET progress = 'Completed', end_time = $2, mod_time = $2
          WHERE application_id = $1 AND type = 'CUST_FLOW' AND progress IN ('Pending', 'In Progress')`,
        [applicationId, now],
      );
      // The queues resolve from the product's queue; its members see the application in their lists.
      await openStep(
        tx,
        newEffects(),
        {
          applicationId,
          productCode: row.product_code,
          label: `Application ${applicationId} (${row.product_name})`,
          branch: branchOf([{ assigned_team: queue }]),
          previousTeam: queue,
        },
        lifecycle,
        2,
        now,
      );
      await tx.query('DELETE FROM resume_tokens WHERE application_id = $1', [applicationId]);
      await endDeviceSessions(tx, applicationId, now);
    } else if (submit) {
      await tx.query(
        `UPDATE tasks SET progress = 'Completed', end_time = $2, mod_time = $2
          WHERE application_id = $1 AND type = 'CUST_FLOW' AND progress IN ('Pending', 'In Progress')`,
        [applicationId, now],
      );
      const [{ n } = { n: 1 }] = await tx.query<{ n: number }>(
        'SELECT coalesce(max(step_number), 0)::int + 1 AS n FROM tasks WHERE application_id = $1',
        [applicationId],
      );
      await tx.query(
        `INSERT INTO tasks (task_id, application_id, name, step_name, step_number, type, progress, assigned_to,
           assigned_team, allowed_users, start_time, mod_time)
         VALUES ($1, $2, $3, $4, $5, $6, 'Pending', NULL, $7::jsonb, '[]'::jsonb, $8, $8)`,
        [
          `TSK-${applicationId}-${n}`,
          applicationId,
          NEXT_STEP.name,
          NEXT_STEP.stepName,
          n,
          NEXT_STEP.type,
          JSON.stringify(queue),
          now,
        ],
      );
      await tx.query('DELETE FROM resume_tokens WHERE application_id = $1', [applicationId]);
      await endDeviceSessions(tx, applicationId, now);
    }
    // The submission's record names the consents it was submitted with (README "Consents and the receipt").
    if (submit) await recordSubmittedConsents(tx, applicationId, row.product_code, now);
    // The applicant hears that the application arrived (the SUBMITTED templates), in this transaction.
    if (submit) await announceLifecycleEvent(tx, applicationId, 'SUBMITTED', now);
    return { submitted: submit };
  });
}

/**
 * A resume link's token: 32 random bytes (base64url), only its sha256 stored, valid until `expiresAt` or
 * submit. It is the application's one live link: every older token, the applicant's and staff's, is
 * revoked (README "Resume links"). `issuedBy`: the staff member who sent it (README "Resume links from
 * staff"), else the applicant.
 */
async function insertResumeToken(
  db: Queryable,
  applicationId: string,
  ttlSeconds: number,
  issuedBy: string | null,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  await db.query('DELETE FROM resume_tokens WHERE application_id = $1', [applicationId]);
  await db.query(
    'INSERT INTO resume_tokens (token_hash, application_id, created_at, expires_at, issued_by) VALUES ($1, $2, $3, $4, $5)',
    [sha256(token), applicationId, now, expiresAt, issuedBy],
  );
  return { token, expiresAt };
}

/** The applicant's token (first save, a link opened, 'Send me this link'): valid 7 days or until submit. */
export async function issueResumeToken(db: Queryable, applicationId: string, now: Date): Promise<string> {
  return (await insertResumeToken(db, applicationId, RESUME_TOKEN_TTL_SECONDS, null, now)).token;
}

/**
 * A link staff send the applicant: valid STAFF_RESUME_LINK_HOURS or until submit; like every new token
 * it revokes the links before it. Refused (409) when the application has
 * nothing to resume, judged under the row lock so a submit cannot slip between check and issue.
 */
export async function issueStaffResumeToken(
  db: Db,
  applicationId: string,
  issuedBy: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ doc: FlowDoc; status: ApplicationStatus; open: boolean }>(
      `SELECT doc, status, EXISTS (SELECT 1 FROM tasks t WHERE t.application_id = a.application_id
                AND t.type = 'CUST_FLOW' AND t.progress IN ('In Progress', 'Pending')) AS open
         FROM applications a WHERE application_id = $1 FOR UPDATE`,
      [applicationId],
    );
    if (!row) throw invalid('application_id', 'is not a known application');
    const refusal = resumeLinkRefusal({
      status: row.status,
      submitted: Boolean(row.doc.submitted_at),
      customerFlowOpen: row.open,
    });
    if (refusal) throw conflict(refusal);
    return insertResumeToken(tx, applicationId, STAFF_RESUME_LINK_HOURS * 3600, issuedBy, now);
  });
}

/**
 * Uses up a live resume token (not expired, not revoked, application not submitted): the application it
 * opens, else null. One device session per token: a second open of the same link is refused (README "Resume links").
 */
export async function consumeResumeToken(db: Queryable, token: string, now: Date): Promise<string | null> {
  const rows = await db.query<{ application_id: string }>(
    `DELETE FROM resume_tokens r USING applications a
      WHERE a.application_id = r.application_id AND r.token_hash = $1 AND r.expires_at > $2
        AND a.status = 'ACTIVE' AND a.doc->>'submitted_at' IS NULL
      RETURNING r.application_id`,
    [sha256(token), now],
  );
  return rows[0]?.application_id ?? null;
}

/** The same JSON with every `fileId` the map knows replaced (a copy's documents are its own rows). */
function withFileIds(value: unknown, renamed: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => withFileIds(v, renamed));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === 'fileId' && typeof v === 'string' ? (renamed.get(v) ?? v) : withFileIds(v, renamed),
    ]),
  );
}

/**
 * A copy for staff: new id, same data, DRAFT, a CUST_FLOW task assigned to the copier. A document
 * belongs to one application, so each live document of the source gets a new row with a new id (and
 * the values point at those) naming the same blob: a copy adds references, never bytes. Its documents
 * must fit the storage quota (413 otherwise). OTP verifications carry over, being of the same recipients.
 */
export async function copyApplication(
  db: Db,
  files: FileStore,
  sourceId: string,
  productCode: string,
  copier: StaffCreator,
  queue: ProductConfig['queue'],
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    // FOR SHARE: a concurrent removal waits, so each blob stays while a new row comes to name it.
    const documents = await tx.query<{
      file_id: string;
      field_key: string;
      file_name: string;
      mime_type: string;
      size: number;
      metadata: Record<string, unknown>;
      blob_hash: string;
    }>(
      `SELECT file_id, field_key, file_name, mime_type, size, metadata, blob_hash FROM documents
        WHERE application_id = $1 AND removed_at IS NULL AND blob_hash IS NOT NULL
        ORDER BY created_at, file_id FOR SHARE`,
      [sourceId],
    );
    const renamed = new Map(documents.map((d) => [d.file_id, randomUUID()]));
    const [source] = await tx.query<{ doc: Record<string, unknown> }>(
      'SELECT doc FROM applications WHERE application_id = $1',
      [sourceId],
    );
    const { submitted_at: _submitted, sectionsCompleted: _completed, lifecycle: _started, ...rest } = source?.doc ?? {};
    // A copy is a new application: it walks the product's latest lifecycle, not the one its source started with.
    const lifecycle = await latestLifecycle(tx, productCode);
    const doc = {
      ...(withFileIds(rest, renamed) as Record<string, unknown>),
      mode: 'DRAFT',
      initiatedBy: initiatorOf(copier),
      copiedFrom: sourceId,
      ...(lifecycle ? { lifecycle: refOf(lifecycle) } : {}),
    };
    const newId = await nextApplicationId(tx, productCode, now);
    await tx.query(
      `INSERT INTO applications (application_id, product_code, product_name, product_type_code, status, stage, loan_amount,
         applicant, doc, cre_time, mod_time)
       SELECT $2, product_code, product_name, product_type_code, 'ACTIVE', $3, loan_amount, applicant, $4::jsonb, $5, $5
         FROM applications WHERE application_id = $1`,
      [sourceId, newId, CUSTOMER_FLOW_STEP, JSON.stringify(doc), now],
    );
    const total = documents.reduce((sum, d) => sum + d.size, 0);
    await assertStorageQuota(tx, files, newId, total);
    for (const document of documents) {
      await tx.query(
        `INSERT INTO documents (file_id, application_id, field_key, file_name, mime_type, size, metadata, created_at, blob_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)`,
        [
          renamed.get(document.file_id),
          newId,
          document.field_key,
          document.file_name,
          document.mime_type,
          document.size,
          JSON.stringify(document.metadata),
          now,
          document.blob_hash,
        ],
      );
    }
    await tx.query(
      `INSERT INTO otp_verifications (application_id, field_key, channel, recipient, verified_at)
       SELECT $2, field_key, channel, recipient, verified_at FROM otp_verifications WHERE application_id = $1`,
      [sourceId, newId],
    );
    await insertCustomerFlowTask(tx, newId, queue, copier.userid, lifecycle, now);
    return newId;
  });
}
