// The dashboard, reports and targets routes, where managers follow the book against its targets (README
// "Dashboard, reports and targets"): staff only (an applicant session: 403), also under /debugger. Validate,
// resolve the caller's scope, answer: the SQL lives in figures.ts and targets.ts, the scope in scope.ts, the
// spreadsheets in export.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, checkBucketCount, checkReportRange, type ReportFilter } from '@originate/contract';
import {
  ConversionAnswerSchema,
  CountByRangeAnswerSchema,
  CountByRangeBodySchema,
  ERROR_ANSWERS,
  FileBytesAnswerSchema,
  FlowCountAnswerSchema,
  LoanAmountAnswerSchema,
  OverallTargetAnswerSchema,
  PendingAnswerSchema,
  PipelineAnswerSchema,
  ReportBodySchema,
  ReportExportQuerySchema,
  ReporteeBodySchema,
  ReporteeDetailsAnswerSchema,
  SaveTargetBodySchema,
  SlaBreachesAnswerSchema,
  TargetByUserBodySchema,
  TargetQuerySchema,
  TargetRowSchema,
  TargetsAnswerSchema,
  TurnaroundAnswerSchema,
  UserProductAnswerSchema,
  UserRangeBodySchema,
} from '@originate/contract/schemas';
import Type from 'typebox';
import type { Queryable } from '../../db';
import { contractValidator } from '../../http/bodies';
import { forbidden, ValidationError } from '../../http/errors';
import { sendSheet } from '../../http/spreadsheet';
import { caller, type PluginOptions } from '../../platform/context';
import { bankTimeZoneOf } from '../configs';
import { countByRangeSheet, type ExportStamp, flowSheet, targetsSheet, userProductSheet } from './export';
import {
  ACHIEVED,
  byFlow,
  byUserAndProduct,
  conversion,
  countByRange,
  loanAmount,
  pending,
  pipeline,
  slaBreaches,
  turnaround,
} from './figures';
import { displayNameOf, reporteeDetails } from './reportees';
import { inScope, reportUsers, type ScopeOf, scopeOf } from './scope';
import { overall, saveTarget, targetOf, targetRows } from './targets';

/** 400 naming the field of a range that is not a real one (from > to, an unreal day, too long). */
function checkRange(range: { from: string; to: string }, labels?: { from: string; to: string }) {
  const problems = checkReportRange(range.from, range.to, labels);
  if (problems.length > 0) throw new ValidationError(problems);
}

const USER_RANGE_LABELS = { from: 'from', to: 'to' };

/** The users one user's route may read: that user, within the caller's scope (403 otherwise). */
function oneUser(scope: ScopeOf, userId: string): void {
  if (!inScope(scope, userId)) throw forbidden("That user's figures are not within your reports");
}

export const reportRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const options = { validatorCompiler: contractValidator };
  const answers = <S>(schema: S) => ({ 200: schema, ...ERROR_ANSWERS });
  const orFile = <S extends Parameters<typeof Type.Union>[0][number]>(schema: S) =>
    answers(Type.Union([schema, FileBytesAnswerSchema]));

  /** Who exports, now, and the bank's time zone of the sheet. */
  const stamp = async (request: Parameters<typeof caller>[0]): Promise<ExportStamp> => ({
    by: caller(request).user.userName,
    at: ctx.now(),
    timeZone: await bankTimeZoneOf(db),
  });

  /** The caller's scope and the users a filtered report counts (validated range first). */
  async function scoped(request: Parameters<typeof caller>[0], filter: ReportFilter) {
    checkRange(filter);
    const scope = await scopeOf(db, caller(request).user);
    return { scope, users: await reportUsers(db, scope, filter) };
  }

  app.post(
    API_PATHS.reporteeDetails,
    { ...options, schema: { body: ReporteeBodySchema, response: answers(ReporteeDetailsAnswerSchema) } },
    async (request) => reporteeDetails(db, await scopeOf(db, caller(request).user)),
  );

  app.post(
    API_PATHS.applicationsCountByRange,
    {
      ...options,
      schema: {
        querystring: ReportExportQuerySchema,
        body: CountByRangeBodySchema,
        response: orFile(CountByRangeAnswerSchema),
      },
    },
    async (request, reply) => {
      const { filter, interval } = request.body;
      checkRange(filter);
      const buckets = checkBucketCount(filter.from, filter.to, interval);
      if (buckets.length > 0) throw new ValidationError(buckets);
      const { users } = await scoped(request, filter);
      const answer = await countByRange(db, users, filter, interval);
      if (!request.query.exportFile) return answer;
      return sendSheet(request, reply, countByRangeSheet(answer, filter, await stamp(request)));
    },
  );

  app.post(
    API_PATHS.applicationsByInitiatedByAndProductType,
    {
      ...options,
      schema: {
        querystring: ReportExportQuerySchema,
        body: ReportBodySchema,
        response: orFile(UserProductAnswerSchema),
      },
    },
    async (request, reply) => {
      const { filter } = request.body;
      const { users } = await scoped(request, filter);
      const answer = await byUserAndProduct(db, users, filter);
      if (!request.query.exportFile) return answer;
      return sendSheet(request, reply, userProductSheet(answer, filter, await stamp(request)));
    },
  );

  const figures = [
    [API_PATHS.reportPipeline, PipelineAnswerSchema, pipeline],
    [API_PATHS.reportConversion, ConversionAnswerSchema, conversion],
    [API_PATHS.reportPending, PendingAnswerSchema, pending],
    [API_PATHS.reportTurnaround, TurnaroundAnswerSchema, turnaround],
  ] as const;
  for (const [path, schema, read] of figures) {
    app.post(path, { ...options, schema: { body: ReportBodySchema, response: answers(schema) } }, async (request) => {
      const { filter } = request.body;
      const { users } = await scoped(request, filter);
      return read(db, users, filter);
    });
  }
  app.post(
    API_PATHS.reportSlaBreaches,
    { ...options, schema: { body: ReportBodySchema, response: answers(SlaBreachesAnswerSchema) } },
    async (request) => {
      const { filter } = request.body;
      const { users } = await scoped(request, filter);
      return slaBreaches(db, users, filter, ctx.now());
    },
  );

  app.post(
    API_PATHS.targets,
    {
      ...options,
      schema: { querystring: ReportExportQuerySchema, body: TargetQuerySchema, response: orFile(TargetsAnswerSchema) },
    },
    async (request, reply) => {
      const query = request.body;
      const scope = await scopeOf(db, caller(request).user);
      const rows = await targetRows(db, await reportUsers(db, scope, query), query.month);
      const answer = { month: query.month, rows };
      if (!request.query.exportFile) return answer;
      return sendSheet(request, reply, targetsSheet(answer, query, await stamp(request)));
    },
  );

  app.get(
    API_PATHS.overallTarget,
    { ...options, schema: { querystring: TargetQuerySchema, response: answers(OverallTargetAnswerSchema) } },
    async (request) => {
      const query = request.query;
      const scope = await scopeOf(db, caller(request).user);
      const users = await reportUsers(db, scope, query);
      return overall(query.month, await targetRows(db, users, query.month));
    },
  );

  app.post(
    API_PATHS.targetByUserId,
    { ...options, schema: { body: TargetByUserBodySchema, response: answers(TargetRowSchema) } },
    async (request) => {
      const scope = await scopeOf(db, caller(request).user);
      return targetOf(db, scope, request.body.userId, request.body.month);
    },
  );

  app.post(
    API_PATHS.saveTarget,
    { ...options, schema: { body: SaveTargetBodySchema, response: answers(TargetRowSchema) } },
    async (request) => saveTarget(db, await scopeOf(db, caller(request).user), request.body, ctx.now()),
  );

  app.post(
    API_PATHS.applicationCountByInitiatedByAndFlowName,
    {
      ...options,
      schema: {
        querystring: ReportExportQuerySchema,
        body: UserRangeBodySchema,
        response: orFile(FlowCountAnswerSchema),
      },
    },
    async (request, reply) => {
      const { userId, from, to } = request.body;
      checkRange({ from, to }, USER_RANGE_LABELS);
      oneUser(await scopeOf(db, caller(request).user), userId);
      const answer = await byFlow(db, userId, { from, to });
      if (!request.query.exportFile) return answer;
      const user = { userId, displayName: await displayNameOf(db, userId) };
      return sendSheet(request, reply, flowSheet(answer, { from, to }, user, await stamp(request)));
    },
  );

  const userRange = [
    [API_PATHS.loanAmountByUserId, LoanAmountAnswerSchema, loanAmount],
    [
      API_PATHS.applicationByInitiatedByAndProductType,
      UserProductAnswerSchema,
      (q: Queryable, userId: string, range: { from: string; to: string }) =>
        byUserAndProduct(q, [userId], range, ACHIEVED),
    ],
  ] as const;
  for (const [path, schema, read] of userRange) {
    app.post(
      path,
      { ...options, schema: { body: UserRangeBodySchema, response: answers(schema) } },
      async (request) => {
        const { userId, from, to } = request.body;
        checkRange({ from, to }, USER_RANGE_LABELS);
        oneUser(await scopeOf(db, caller(request).user), userId);
        return read(db, userId, { from, to });
      },
    );
  }
};
