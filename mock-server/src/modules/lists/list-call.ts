// The list call's arguments (spec §7 POST {client}/{url}): the spec's query and the GraphQL variables in the
// body read as one list query. Where both say the same thing (the list, the search, the page) they must agree.
import { type ApplicationList, type ListFilter, PAGE_SIZE_DEFAULT } from '@originate/contract';
import {
  type ListCallBody,
  type ListCallQuery,
  type ListCallVariables,
  ListCallVariablesSchema,
} from '@originate/contract/schemas';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { contractValidator, opened } from '../../http/bodies';
import { invalid } from '../../http/errors';
import type { ListScope } from './task-pages';

const split = (text: string | undefined) => (text === undefined ? undefined : [...new Set(text.split(','))]);

/** One of two ways of saying something: the body's or the query's, 400 naming the query's when they differ. */
function agreed<T>(fromBody: T | undefined, fromQuery: T | undefined, label: string): T | undefined {
  if (fromBody !== undefined && fromQuery !== undefined && JSON.stringify(fromBody) !== JSON.stringify(fromQuery)) {
    throw invalid(label, 'says otherwise than the body');
  }
  return fromBody ?? fromQuery;
}

export function listCallArgs(query: ListCallQuery, body: ListCallVariables) {
  // An export is the whole list.
  if (query.exportFile !== undefined) {
    if (body.page !== undefined) throw invalid('page', 'is not for an export: it holds the whole list');
    if (query.pagination !== undefined) throw invalid('pagination', 'is not for an export: it holds the whole list');
  }
  const list = agreed<ApplicationList>(body.list, query.filter, 'filter');
  if (list === undefined) throw invalid('filter', 'is required (or the body\u2019s list)');
  const [page, size] = query.pagination?.split(',').map(Number) ?? [];
  const pagination = page === undefined || size === undefined ? undefined : { page, size };
  const filters: ListFilter[] = [
    ...(body.filters ?? []),
    ...(query.product_code ? [{ field: 'product_code', operator: 'EQUAL' as const, value: query.product_code }] : []),
  ];
  const scope: ListScope = {
    userIds: split(query.userIds),
    allowedUsers: split(query.allowedUsers),
    teams: split(query.teams),
    progress: split(query.progress),
    stepNames: split(query.stepName),
    taskNames: split(query.taskName),
    statuses: split(query._applicationStatus),
    verNums: split(query._verNum)?.map(Number),
    queryType: query.queryType,
  };
  return {
    list,
    filters: filters.length > 0 ? filters : undefined,
    search: agreed(body.search, query.applicant, 'applicant'),
    bucket: body.bucket,
    sort: body.sort,
    page: agreed(body.page, pagination, 'pagination') ?? { page: 0, size: PAGE_SIZE_DEFAULT },
    scope,
  };
}

/** The query's narrowing as the spreadsheet's header lists it. */
export function scopeNotes(query: ListCallQuery): string[] {
  const named: [keyof ListCallQuery, string][] = [
    ['userIds', 'assigned to'],
    ['allowedUsers', 'allowed users'],
    ['teams', 'teams'],
    ['progress', 'progress'],
    ['stepName', 'step'],
    ['taskName', 'task'],
    ['_applicationStatus', 'status'],
    ['_verNum', 'flow version'],
    ['queryType', 'open query to'],
  ];
  return named.flatMap(([key, label]) => (query[key] === undefined ? [] : [`${label} ${query[key]}`]));
}

/** The contract's validator, with no body read as an empty one: the spec's query alone says a whole list call. */
export const listCallValidator: FastifySchemaCompiler<TSchema> = (route) => {
  const check = contractValidator(route);
  return route.httpPart === 'body' ? (data: unknown) => check(data ?? {}) : check;
};

/**
 * The body's variables: as sent, or opened from `data` (sealed with the caller's access token, spec §7), which
 * then comes alone.
 */
export async function listCallVariables(request: FastifyRequest, body: ListCallBody): Promise<ListCallVariables> {
  const { data, ...plain } = body;
  if (data === undefined) return plain;
  if (Object.keys(plain).length > 0) throw invalid('data', 'comes alone: the sealed variables hold the rest');
  return opened(request, { data }, ListCallVariablesSchema);
}
