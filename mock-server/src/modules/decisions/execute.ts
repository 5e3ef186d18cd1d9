// A product's decision taken on an application: pricing by score band first (risk grade and rate), then with the
// EMI and FOIR at that rate the eligibility and deviation tables. Kept with its inputs and the rows that fired;
// it writes the application's doc.riskGrade (the approval matrix reads it) and the approval level its deviations
// need (an approval asked afterwards starts at that level).
import { randomUUID } from 'node:crypto';
import type { DecisionAnswer, DecisionInputs, DecisionTableName, LifecycleRef } from '@originate/contract';
import { foirPercent } from '@originate/contract';
import { emiOf } from '@originate/contract/templates';
import type { Db, Queryable } from '../../db';
import { conflict, notFound } from '../../http/errors';
import type { AppContext, UserRecord } from '../../platform/context';
import { loadApplication, newEffects, publish } from '../applications';
import { latestIntegrationResults } from '../integrations';
import { lifecycleOf } from '../lifecycle';
import { evaluateTable, type TableResult } from './engine';
import { decisionInputs } from './inputs';
import { type DecisionVersion, decisionVersion } from './tables';

type Outcome = DecisionAnswer['outcome'];
type FiredRow = DecisionAnswer['firedRows'][number];

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

/** A table of the version on the inputs, its fired rows named by table. */
async function run(version: DecisionVersion, table: DecisionTableName, inputs: DecisionInputs, fired: FiredRow[]) {
  const key = `${version.product}\u0000${version.name}\u0000${version.verNum}\u0000${table}`;
  const result: TableResult = await evaluateTable(key, version.document[table], inputs);
  for (const row of result.fired) fired.push({ table, ...row });
  return result.rows;
}

interface Evaluation {
  outcome: Outcome;
  riskGrade: string | null;
  reasons: string[];
  pricing: DecisionAnswer['pricing'];
  deviations: { code: string; reason: string; approvalLevel: string }[];
  firedRows: FiredRow[];
  inputs: DecisionInputs;
}

/** The three tables on the inputs: pricing first, then eligibility and deviations at the priced EMI and FOIR. */
async function evaluate(version: DecisionVersion, before: DecisionInputs): Promise<Evaluation> {
  const firedRows: FiredRow[] = [];
  const inputs: DecisionInputs = structuredClone(before);
  const reasons: string[] = [];
  const [priced] = await run(version, 'pricing', inputs, firedRows);
  const rate = Number(priced?.annualRatePercent);
  const grade = priced?.riskGrade;
  const pricing =
    priced && typeof grade === 'string' && Number.isFinite(rate) && rate >= 0 && rate <= 99.99
      ? { riskGrade: grade, annualRatePercent: rate }
      : null;
  if (!pricing) reasons.push('No pricing band fits this application: refer it to credit');
  const { loan, applicant, bureau } = inputs;
  if (pricing && loan.tenureMonths !== null && loan.amount > 0) {
    loan.annualRatePercent = pricing.annualRatePercent;
    loan.emi = Number(
      emiOf({ amount: loan.amount, annualRatePercent: pricing.annualRatePercent, tenureMonths: loan.tenureMonths }),
    );
    if (applicant.monthlyIncome !== null && applicant.monthlyIncome > 0) {
      inputs.foirPercent = Number(
        foirPercent({
          monthlyIncome: applicant.monthlyIncome,
          monthlyObligations: bureau.monthlyObligations,
          proposedEmi: loan.emi,
        }),
      );
    }
  }
  const eligibility = await run(version, 'eligibility', inputs, firedRows);
  const deviations = (await run(version, 'deviations', inputs, firedRows)).map((row) => ({
    code: text(row.code),
    reason: text(row.reason),
    approvalLevel: text(row.approvalLevel),
  }));
  let outcome: Outcome = pricing ? 'APPROVE' : 'REFER';
  for (const row of eligibility) {
    reasons.push(text(row.reason));
    if (row.outcome === 'DECLINE') outcome = 'DECLINE';
    else if (outcome === 'APPROVE') outcome = 'REFER';
  }
  if (deviations.length > 0 && outcome === 'APPROVE') outcome = 'REFER';
  for (const deviation of deviations) reasons.push(`${deviation.reason} (approval: ${deviation.approvalLevel})`);
  if (outcome === 'APPROVE')
    reasons.push(`Within policy: risk grade ${pricing?.riskGrade} at ${pricing?.annualRatePercent}%`);
  return { outcome, riskGrade: pricing?.riskGrade ?? null, reasons, pricing, deviations, firedRows, inputs };
}

interface DecisionRow extends Record<string, unknown> {
  decision_id: string;
  application_id: string;
  product_code: string;
  name: string;
  ver_num: number;
  outcome: Outcome;
  risk_grade: string | null;
  inputs: DecisionInputs;
  result: Pick<DecisionAnswer, 'reasons' | 'pricing' | 'deviations'>;
  fired_rows: FiredRow[];
  evaluated_by: string;
  evaluated_at: Date;
}

const toAnswer = (row: DecisionRow): DecisionAnswer => ({
  decisionId: row.decision_id,
  applicationId: row.application_id,
  product: row.product_code,
  name: row.name,
  verNum: row.ver_num,
  outcome: row.outcome,
  riskGrade: row.risk_grade,
  reasons: row.result.reasons,
  pricing: row.result.pricing,
  deviations: row.result.deviations,
  firedRows: row.fired_rows,
  inputs: row.inputs,
  evaluatedBy: row.evaluated_by,
  evaluatedAt: new Date(row.evaluated_at).toISOString(),
});

/**
 * The decision, the application's grade and mod_time, and the worklog row in one statement: atomic without a
 * transaction (no BEGIN and COMMIT round trips) and the application row written once (touchApplication's
 * mod_time and worklog, folded in).
 */
const STORE_DECISION = `WITH graded AS (
     UPDATE applications SET doc = doc || jsonb_build_object('riskGrade', $7::text,
            'decision', jsonb_build_object('decisionId', $1::text, 'outcome', $6::text, 'approvalLevel', $13::int)),
            mod_time = $12
      WHERE application_id = $2),
   logged AS (
     INSERT INTO worklogs (application_id, task_id, user_id, action, detail, created_at)
     VALUES ($2, NULL, $11, 'decision', $14::jsonb, $12))
   INSERT INTO decisions (decision_id, application_id, product_code, name, ver_num, outcome, risk_grade, inputs,
                          result, fired_rows, evaluated_by, evaluated_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10::jsonb, $11, $12)`;

/** GET /decision_engine/execute/{product}/{name}?application_id: the decision taken now, kept and answered. */
export async function executeDecision(
  ctx: Pick<AppContext, 'db' | 'hub' | 'now'>,
  user: UserRecord,
  product: string,
  name: string,
  applicationId: string,
): Promise<DecisionAnswer> {
  const { db } = ctx;
  // Independent reads side by side (on PostgreSQL each on a connection of its own; PGlite runs them in turn). What
  // the caller may not see is never answered: the application's access check fails the whole call first.
  const [stored, version, results] = await Promise.all([
    loadApplication(db, user, applicationId),
    decisionVersion(db, product, name),
    latestIntegrationResults(db, applicationId, ['bureau', 'bankStatement']),
  ]);
  const app = stored.application;
  if (app.product_code !== product) {
    throw conflict(`Application ${applicationId} is a ${app.product_code} application, not ${product}`);
  }
  if (!version)
    throw notFound(`Product ${product} has no decision ${name}: an operations admin saves its tables first`);
  const now = ctx.now();
  const customFields = (app.customFields ?? {}) as Record<string, unknown>;
  const before = decisionInputs(
    { loanAmount: Number(customFields.loanAmount ?? 0), customFields },
    version.document,
    results,
    now,
  );
  const evaluation = await evaluate(version, before);
  const levels = await approvalLevels(db, product, (app as { lifecycle?: Partial<LifecycleRef> }).lifecycle);
  const deviations = evaluation.deviations.map((d) => ({
    ...d,
    // A level the application's lifecycle version lacks (renamed since): its matrix's last level decides.
    level: levels.get(d.approvalLevel) ?? Math.max(1, ...levels.values()),
  }));
  const approvalLevel = deviations.length > 0 ? Math.max(...deviations.map((d) => d.level)) : null;
  const row: DecisionRow = {
    decision_id: `DEC-${randomUUID()}`,
    application_id: applicationId,
    product_code: product,
    name,
    ver_num: version.verNum,
    outcome: evaluation.outcome,
    risk_grade: evaluation.riskGrade,
    inputs: evaluation.inputs,
    result: { reasons: evaluation.reasons, pricing: evaluation.pricing, deviations },
    fired_rows: evaluation.firedRows,
    evaluated_by: user.userid,
    evaluated_at: now,
  };
  const worklog = {
    decisionId: row.decision_id,
    name,
    verNum: version.verNum,
    outcome: evaluation.outcome,
    riskGrade: evaluation.riskGrade,
  };
  await db.query(STORE_DECISION, [
    row.decision_id,
    applicationId,
    product,
    name,
    version.verNum,
    row.outcome,
    row.risk_grade,
    JSON.stringify(row.inputs),
    JSON.stringify(row.result),
    JSON.stringify(row.fired_rows),
    user.userid,
    now,
    approvalLevel,
    JSON.stringify(worklog),
  ]);
  const effects = newEffects();
  effects.changed.set(applicationId, now);
  await publish(ctx, effects);
  // Answered from what was stored, not read back: the same values, without the JSON round trip.
  return toAnswer(row);
}

/** The approval matrix's levels by name, of the lifecycle version the application walks. */
async function approvalLevels(db: Queryable, product: string, ref: Partial<LifecycleRef> | undefined) {
  const lifecycle = await lifecycleOf(db, product, ref);
  return new Map((lifecycle?.approvalMatrix.levels ?? []).map((l) => [l.name, l.level]));
}

/** The application's decisions, newest first (staff with access). */
export async function decisionsOf(db: Db, user: UserRecord, applicationId: string): Promise<DecisionAnswer[]> {
  await loadApplication(db, user, applicationId);
  const rows = await db.query<DecisionRow>(
    'SELECT * FROM decisions WHERE application_id = $1 ORDER BY evaluated_at DESC, decision_id DESC LIMIT 50',
    [applicationId],
  );
  return rows.map(toAnswer);
}
