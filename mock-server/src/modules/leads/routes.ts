// The leads routes, where staff work a prospect until it becomes an application (README "Leads"): the two
// lists, one lead, and every staff write to a lead, staff only (an applicant session: 403) and also under
// /debugger; and the portal's public callback request. Validate, check access, answer: SQL and transactions
// live in writes.ts, worklists.ts and callback.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, CALLBACK_REQUESTS_PER_ADDRESS_PER_HOUR, LEAD_LIST_TITLES } from '@originate/contract';
import {
  CallbackRequestAnswerSchema,
  CallbackRequestBodySchema,
  CreateLeadBodySchema,
  ERROR_ANSWERS,
  ExportQueuedAnswerSchema,
  ExportTicketSchema,
  FileBytesAnswerSchema,
  LeadActivityBodySchema,
  LeadAssignBodySchema,
  LeadConvertBodySchema,
  LeadDetailAnswerSchema,
  LeadFollowUpBodySchema,
  LeadListBodySchema,
  LeadParamsSchema,
  LeadStatusBodySchema,
  LeadsPageAnswerSchema,
  LeadUpdateBodySchema,
} from '@originate/contract/schemas';
import Type from 'typebox';
import { background } from '../../db';
import { contractValidator } from '../../http/bodies';
import { invalid } from '../../http/errors';
import { sendListExport } from '../../http/spreadsheet';
import { caller, type PluginOptions } from '../../platform/context';
import { startBudget } from '../customer-flow';
import { EXPORT_BATCH_ROWS } from '../lists';
import { requestCallback } from './callback';
import { exportLeads, listLeads } from './worklists';
import {
  assignLead,
  changeStatus,
  convertLead,
  createLead,
  leadDetail,
  recordActivity,
  setFollowUp,
  updateLead,
} from './writes';

const detail = { 200: LeadDetailAnswerSchema, ...ERROR_ANSWERS };

/** Staff routes (also under /debugger). */
export const leadRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const options = { validatorCompiler: contractValidator };

  app.post(
    API_PATHS.leads,
    {
      ...options,
      schema: {
        // The list query's exportFile (spec §7): with it, every page of the list as a spreadsheet.
        querystring: Type.Object(
          { exportFile: Type.Optional(Type.Literal('xlsx')), ticket: Type.Optional(ExportTicketSchema) },
          { additionalProperties: false },
        ),
        body: LeadListBodySchema,
        response: {
          200: Type.Union([LeadsPageAnswerSchema, FileBytesAnswerSchema]),
          202: ExportQueuedAnswerSchema,
          ...ERROR_ANSWERS,
        },
      },
    },
    async (request, reply) => {
      const { user } = caller(request);
      if (!request.query.exportFile) {
        if (request.query.ticket !== undefined) throw invalid('ticket', 'is only for an export');
        return { data: await listLeads(db, user, request.body, ctx.now()) };
      }
      // The page is the grid's; an export holds every page.
      const { page: _page, ...body } = request.body;
      const turn = { userId: user.userid, ticket: request.query.ticket };
      return sendListExport(ctx, request, reply, turn, async () => {
        const now = ctx.now();
        // The reads wait for every other statement (db background).
        const found = await exportLeads(background(db), user, body, now, EXPORT_BATCH_ROWS[db.kind]);
        return {
          title: LEAD_LIST_TITLES[body.list],
          table: found.table,
          timeZone: found.timeZone,
          count: found.count,
          by: user.userName,
          at: now,
          filters: body.filters ?? [],
          also: [
            ...(body.search ? [`search "${body.search}"`] : []),
            ...(body.dueToday ? ['follow-up due today'] : []),
          ],
          rows: found.batches,
        };
      });
    },
  );
  app.get(API_PATHS.lead, { ...options, schema: { params: LeadParamsSchema, response: detail } }, (request) =>
    leadDetail(db, caller(request).user, request.params.leadId),
  );
  app.post(API_PATHS.createLead, { ...options, schema: { body: CreateLeadBodySchema, response: detail } }, (request) =>
    createLead(ctx, caller(request).user, request.body),
  );
  app.post(API_PATHS.leadStatus, { ...options, schema: { body: LeadStatusBodySchema, response: detail } }, (request) =>
    changeStatus(ctx, caller(request).user, request.body),
  );
  app.post(
    API_PATHS.leadActivity,
    { ...options, schema: { body: LeadActivityBodySchema, response: detail } },
    (request) => recordActivity(ctx, caller(request).user, request.body),
  );
  app.post(
    API_PATHS.leadFollowUp,
    { ...options, schema: { body: LeadFollowUpBodySchema, response: detail } },
    (request) => setFollowUp(ctx, caller(request).user, request.body),
  );
  app.post(API_PATHS.leadAssign, { ...options, schema: { body: LeadAssignBodySchema, response: detail } }, (request) =>
    assignLead(ctx, caller(request).user, request.body),
  );
  app.post(API_PATHS.leadUpdate, { ...options, schema: { body: LeadUpdateBodySchema, response: detail } }, (request) =>
    updateLead(ctx, caller(request).user, request.body),
  );
  // A conversion starts an application: it spends the caller's hourly starts, as POST /v3/application/create does.
  const starts = startBudget(app, ctx);
  app.post(
    API_PATHS.leadConvert,
    { ...options, schema: { body: LeadConvertBodySchema, response: detail } },
    (request) => convertLead(ctx, caller(request).user, request.body.lead_id, starts(request)),
  );
};

/** Public: the portal's 'Request a call back' (served unprefixed only, like every public route). */
export const publicLeadRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  app.post(
    API_PATHS.requestForCallback,
    {
      validatorCompiler: contractValidator,
      config: { public: true, rateLimit: { max: CALLBACK_REQUESTS_PER_ADDRESS_PER_HOUR, timeWindow: 3_600_000 } },
      schema: { body: CallbackRequestBodySchema, response: { 200: CallbackRequestAnswerSchema, ...ERROR_ANSWERS } },
    },
    (request) => requestCallback(ctx, request.body),
  );
};
