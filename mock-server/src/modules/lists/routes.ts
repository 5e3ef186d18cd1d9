// Spec §7 "Lists and search": GraphQL at /v3/graphql (mercurius over shared BACK_OFFICE_SDL; request and
// answer as the {data} envelope), the table configurations, saved filters, global and local search, and
// the products of the Products page. SQL lives in modules/lists/task-pages.ts, table-setup.ts and graphql.ts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_PATHS,
  APPLICATION_LIST_TITLES,
  APPLICATION_LISTS,
  type ApplicationList,
  GLOBAL_SEARCH_PAGE_SIZE,
  seal,
} from '@originate/contract';
import {
  BACK_OFFICE_SDL,
  closed,
  ERROR_ANSWERS,
  ExportQueuedAnswerSchema,
  FileBytesAnswerSchema,
  GetFilterBodySchema,
  GlobalSearchBodySchema,
  GraphqlBodySchema,
  ListCallAnswerSchema,
  ListCallBodySchema,
  ListCallQuerySchema,
  LocalSearchBodySchema,
  MasterProductsAnswerSchema,
  SavedFilterBodySchema,
  SavedFilterSchema,
  SavedFiltersAnswerSchema,
  SealedAnswerSchema,
  SearchPageAnswerSchema,
  TableConfigSchema,
} from '@originate/contract/schemas';
import { type DocumentNode, type GraphQLError, parse, validate } from 'graphql';
import mercurius from 'mercurius';
import Type from 'typebox';
import { background } from '../../db';
import { contractValidator, EnvelopeSchema, opened } from '../../http/bodies';
import { HttpError, invalid, notFound, ValidationError } from '../../http/errors';
import { sendListExport } from '../../http/spreadsheet';
import type { UserRecord } from '../../platform/context';
import { caller, type PluginOptions } from '../../platform/context';
import { documentRules, graphqlResolvers } from './graphql';
import { listCallArgs, listCallValidator, listCallVariables, scopeNotes } from './list-call';
import { EXPORT_BATCH_ROWS, tableConfig } from './shared-query';
import { masterProducts, savedFilters, saveFilter } from './table-setup';
import { exportList, globalSearch, type ListCaller, listApplications, localSearch } from './task-pages';

const TableId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Z][A-Z_]*$' });
/** Deeper than any query of the contract (ApplicationsResult → … → timeLimit is 7) and no deeper. */
const QUERY_DEPTH = 10;
/** A GraphQL document bigger than this is no document the back office sends. */
const MAX_QUERY_TOKENS = 2000;
/**
 * Documents that passed the checks, by their text and the rules they passed (the back office sends the same
 * few texts every time: their parse and validation were a millisecond of each list request). Bounded: when
 * full it starts again, so no caller can grow it.
 */
const CHECKED_DOCUMENTS_MAX = 500;
/**
 * A document run this many times is compiled to a function (mercurius's graphql-jit): graphql-js's
 * generic execution of a page's ten tasks and their SLA parts was the largest share of a list request.
 */
const JIT_AFTER_RUNS = 1;

const listCaller = (user: UserRecord): ListCaller => ({
  userid: user.userid,
  userName: user.userName,
  roles: user.roles,
  teams: user.teams,
});

/** The argument or variable a GraphQL message is about ('page.size', 'list'), else the query itself. */
function labelOf(message: string): string {
  return (
    /at "([^"]+)"/.exec(message)?.[1] ??
    /Variable "\$(\w+)"/.exec(message)?.[1] ??
    /[Aa]rgument "(?:\w+\.)?(\w+)"/.exec(message)?.[1] ??
    'query'
  );
}

const refusalOf = (errors: readonly { message: string }[]) =>
  new ValidationError(errors.slice(0, 50).map((e) => ({ label: labelOf(e.message), reason: e.message })));

/** Parse and validation errors (mercurius MER_ERR_GQL_VALIDATION) are bad input; anything else is ours. */
function graphqlFailure(error: unknown): unknown {
  const errors = (error as { errors?: unknown }).errors;
  if ((error as { code?: string }).code === 'MER_ERR_GQL_VALIDATION' && Array.isArray(errors)) return refusalOf(errors);
  return error;
}

/** Staff routes (also under /debugger). */
export const listRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const checkedDocuments = new Set<string>();
  await app.register(mercurius, {
    schema: BACK_OFFICE_SDL,
    resolvers: graphqlResolvers(ctx),
    routes: false,
    queryDepth: QUERY_DEPTH,
    jit: JIT_AFTER_RUNS,
    // The route reads the errors itself: keep them as GraphQLErrors with their original error.
    errorFormatter: (execution) => ({ statusCode: 200, response: execution }),
  });

  app.post(
    API_PATHS.graphql,
    // Applicants too, for 'applicationTasks' of their own e-mail only (README "Applicant portal").
    {
      config: { applicant: true },
      schema: { body: EnvelopeSchema, response: { 200: SealedAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const context = request.applicant
        ? { caller: null, applicant: request.applicant }
        : { caller: listCaller(caller(request).user), applicant: null };
      const body = await opened(request, request.body, GraphqlBodySchema);
      const who = { applicant: request.applicant != null, production: ctx.config.nodeEnv === 'production' };
      const checkedKey = `${who.applicant}:${body.query}`;
      if (!checkedDocuments.has(checkedKey)) {
        // Parsed here first so the document is GraphQL text, never the JSON AST mercurius would also accept.
        let document: DocumentNode;
        try {
          document = parse(body.query, { maxTokens: MAX_QUERY_TOKENS });
        } catch (error) {
          throw invalid('query', (error as Error).message);
        }
        const refused = validate(app.graphql.schema, document, documentRules(who));
        if (refused.length > 0) throw refusalOf(refused);
        if (checkedDocuments.size >= CHECKED_DOCUMENTS_MAX) checkedDocuments.clear();
        checkedDocuments.add(checkedKey);
      }
      let result: Awaited<ReturnType<typeof app.graphql>>;
      try {
        result = await app.graphql(body.query, context, body.variables, body.operationName);
      } catch (error) {
        throw graphqlFailure(error);
      }
      const failures = (result.errors ?? []) as readonly GraphQLError[];
      const ours = failures.find((e) => e.originalError instanceof HttpError)?.originalError;
      if (ours) throw ours;
      const unexpected = failures.find((e) => e.originalError)?.originalError;
      if (unexpected) throw unexpected;
      if (failures.length > 0) throw refusalOf(failures);
      return seal({ data: result.data }, request.headers.access_token as string);
    },
  );

  app.get(
    API_PATHS.tableConfig,
    {
      schema: { params: Type.Object({ id: TableId }, closed), response: { 200: TableConfigSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const config = await tableConfig(db, request.params.id);
      if (!config) throw notFound(`No table configuration ${request.params.id}`);
      return config;
    },
  );

  app.post(
    API_PATHS.getFilter,
    {
      schema: { body: GetFilterBodySchema, response: { 200: SavedFiltersAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const { user } = caller(request);
      if (!(await tableConfig(db, request.body.tableId))) throw invalid('tableId', 'is not a known table');
      return { data: await savedFilters(db, user.userid, request.body.tableId) };
    },
  );

  app.post(
    API_PATHS.globalSearch,
    {
      schema: { body: GlobalSearchBodySchema, response: { 200: SearchPageAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const { user } = caller(request);
      const { query, page = 0, size = GLOBAL_SEARCH_PAGE_SIZE } = request.body;
      const found = await globalSearch(db, listCaller(user), { query, page, size }, ctx.now());
      return { data: found.tasks, count: found.count };
    },
  );

  // The list call (spec §7 POST {client}/{url}): the spec's query and today's GraphQL variables, on the lists'
  // one implementation (task-pages build). A page as GraphQL 'applications' answers it, or with exportFile the
  // whole list as a spreadsheet.
  app.post(
    API_PATHS.exportApplications,
    {
      schema: {
        querystring: ListCallQuerySchema,
        body: ListCallBodySchema,
        response: {
          200: Type.Union([ListCallAnswerSchema, FileBytesAnswerSchema]),
          202: ExportQueuedAnswerSchema,
          ...ERROR_ANSWERS,
        },
      },
      validatorCompiler: listCallValidator,
    },
    async (request, reply) => {
      const { user } = caller(request);
      const variables = await listCallVariables(request, request.body ?? {});
      const { list, search, bucket, sort, scope, filters, page } = listCallArgs(request.query, variables);
      if (request.query.exportFile === undefined) {
        const data = await listApplications(
          db,
          listCaller(user),
          { list, filters, search, bucket, sort, page, scope },
          ctx.now(),
        );
        return { data };
      }
      const turn = { userId: user.userid, ticket: request.query.ticket };
      return sendListExport(ctx, request, reply, turn, async () => {
        const now = ctx.now();
        // Bad filters and sorts are refused here, before the first byte (the same checks as the grid's). The
        // reads wait for every other statement (db background).
        const found = await exportList(
          background(db),
          listCaller(user),
          { list, filters, search, bucket, sort, scope },
          now,
          EXPORT_BATCH_ROWS[db.kind],
        );
        return {
          title: APPLICATION_LIST_TITLES[list],
          table: found.table,
          timeZone: found.timeZone,
          count: found.count,
          by: user.userName,
          at: now,
          filters: filters ?? [],
          also: [
            ...(search ? [`search "${search}"`] : []),
            ...(bucket ? [`review ${bucket}`] : []),
            ...scopeNotes(request.query),
          ],
          rows: found.batches,
        };
      });
    },
  );

  app.post(
    API_PATHS.localSearch,
    {
      schema: { body: LocalSearchBodySchema, response: { 200: SearchPageAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const { user } = caller(request);
      const { list, query, page = 0, size = 10 } = request.body;
      if (!APPLICATION_LISTS.includes(list as ApplicationList)) throw invalid('list', 'is not a list');
      const found = await localSearch(
        db,
        listCaller(user),
        { list: list as ApplicationList, query, page, size },
        ctx.now(),
      );
      return { data: found.tasks, count: found.count };
    },
  );
};

/** Admin paths (/setup/, /master_configs/): served unprefixed, answered as the {data} envelope (envelope.ts). */
export const listSetupRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  app.post(
    API_PATHS.saveFilter,
    {
      schema: { body: SavedFilterBodySchema, response: { 200: SavedFilterSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const { user } = caller(request);
      return saveFilter(db, user.userid, request.body, ctx.now());
    },
  );

  app.get(
    API_PATHS.products,
    { schema: { response: { 200: MasterProductsAnswerSchema, ...ERROR_ANSWERS } } },
    async () => masterProducts(db),
  );
};
