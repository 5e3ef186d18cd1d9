// The resolvers of /v3/graphql (schema: shared BACK_OFFICE_SDL). Each is a thin call into a service;
// errors they throw are our HttpErrors, which the route turns into the usual 400/403 answers. What they
// return is typed by the answer schemas the SDL is written from (shared answers/lists.ts).
import {
  type ApplicationDetail,
  type ApplicationStatus,
  type ApplicationsData,
  type ApplicationTasksResult,
  type FlowMode,
  type ListQueryArgs,
  type PortalApplication,
  seesAll,
} from '@originate/contract';
import {
  type ASTVisitor,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLNamedType,
  type GraphQLResolveInfo,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { MercuriusContext } from 'mercurius';
import type { Queryable } from '../../db';
import { forbidden } from '../../http/errors';
import type { AppContext, ApplicantSession } from '../../platform/context';
import { canAccessApplication, findApplication } from '../applications';
import { checkPage } from './shared-query';
import { type ListCaller, type ListWants, listApplications } from './task-pages';

/** What each resolver receives from the route (mercurius adds its own keys to it): staff or an applicant. */
declare module 'mercurius' {
  interface MercuriusContext {
    caller: ListCaller | null;
    applicant: ApplicantSession | null;
  }
}
type GraphqlContext = MercuriusContext;

/** The staff caller; an applicant session reads only 'applicationTasks'. */
function staff(context: GraphqlContext): ListCaller {
  if (!context.caller) throw forbidden('An applicant session may only use its own application');
  return context.caller;
}

/** 'application': the lifecycle of one application the caller may open (null when there is none). */
async function applicationDetail(
  db: Queryable,
  caller: ListCaller,
  applicationId: string,
): Promise<ApplicationDetail | null> {
  const found = await findApplication(db, applicationId);
  if (!found) return null;
  const access = found.tasks.map((t) => ({
    assignedTo: t.assigned_to,
    assignedTeam: t.assigned_team,
    allowedUsers: t.allowed_users,
  }));
  if (!canAccessApplication(caller, access)) throw forbidden('You do not have access to this application');
  const { application } = found;
  return {
    application_id: application.application_id,
    product_code: application.product_code,
    product_name: application.product_name,
    _applicationStatus: application._applicationStatus,
    appLifeCycle: application.appLifeCycle,
  };
}

interface PortalRow extends Record<string, unknown> {
  application_id: string;
  status: ApplicationStatus;
  applicant_email: string | null;
  product_code: string;
  product_name: string;
  stage: string | null;
  mode: FlowMode | null;
  cre_time: Date | string;
  open_requests: number;
  tasks: PortalApplication['tasks'];
}

/**
 * 'applicationTasks': the applications whose primary applicant has this e-mail (case-insensitive), with
 * their tasks, newest first; staff see those they may open (any task's access, or ALL_APPLICATIONS_*).
 * An applicant asks for the e-mail they proved with a sign-in code (README "Applicant portal"), any other
 * is 403, and sees their applications but DELETED ones.
 */
async function applicationTasks(
  db: Queryable,
  context: GraphqlContext,
  email: string,
  page: { page: number; size: number },
): Promise<ApplicationTasksResult> {
  checkPage(page);
  const params: unknown[] = [email.toLowerCase()];
  let access = 'true';
  const caller = context.caller;
  if (!caller) {
    const proved = context.applicant?.email;
    if (!proved) throw forbidden('Sign in with your e-mail address to see your applications');
    if (proved !== email.toLowerCase()) throw forbidden('You may only see the applications of your own e-mail address');
    access = `a.status <> 'DELETED'`;
  } else if (!seesAll(caller)) {
    params.push(caller.userid, caller.userName, JSON.stringify(caller.teams.map((t) => ({ type: t.type, id: t.id }))));
    const allTypes = caller.teams.filter((t) => t.allTeams).map((t) => t.type);
    params.push(allTypes);
    access = `EXISTS (SELECT 1 FROM tasks t WHERE t.application_id = a.application_id AND (
                t.assigned_to = $2 OR t.allowed_users ? $2 OR t.allowed_users ? $3
                OR EXISTS (SELECT 1 FROM jsonb_array_elements(t.assigned_team) tt
                            WHERE $4::jsonb @> jsonb_build_array(jsonb_build_object('type', tt ->> 'type', 'id', tt ->> 'id'))
                               OR tt ->> 'type' = ANY ($5::text[]))))`;
  }
  const where = `a.applicant_email = $1 AND ${access}`;
  const limit = `LIMIT $${params.length + 1} OFFSET $${params.length + 2}`;
  const [rows, [total]] = await Promise.all([
    db.query<PortalRow>(
      `SELECT a.application_id, a.status, a.applicant_email, a.product_code, a.product_name, a.stage,
            a.doc ->> 'mode' AS mode, a.cre_time,
            (SELECT count(*)::int FROM sub_tasks s
              WHERE s.application_id = a.application_id AND s.recipient = 'APPLICANT' AND s.status = 'OPEN'
                AND s.answered_at IS NULL) AS open_requests,
            (SELECT coalesce(jsonb_agg(jsonb_build_object('taskId', t.task_id, 'name', t.name, 'stepName', t.step_name,
                                                          'progress', t.progress) ORDER BY t.step_number, t.task_id), '[]')
               FROM tasks t WHERE t.application_id = a.application_id) AS tasks
       FROM applications a
      WHERE ${where} ORDER BY a.cre_time DESC, a.application_id ${limit}`,
      [...params, page.size, page.page * page.size],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM applications a WHERE ${where}`, params),
  ]);
  return {
    data: rows.map((r) => ({
      application_id: r.application_id,
      _applicationStatus: r.status,
      email: r.applicant_email,
      tasks: r.tasks,
      product_code: r.product_code,
      product_name: r.product_name,
      stage: r.stage,
      mode: r.mode,
      cre_time: new Date(r.cre_time).toISOString(),
      openRequests: r.open_requests,
    })),
    count: total?.n ?? 0,
  };
}

/** The fields of ApplicationsResult.data a query selects; with a fragment spread, all of them (no guessing). */
function wantsOf(info: GraphQLResolveInfo): ListWants {
  const all: ListWants = { tasks: true, count: true, groups: true };
  const names = new Set<string>();
  const walk = (set: SelectionSetNode | undefined, inData: boolean): boolean => {
    for (const s of set?.selections ?? []) {
      if (s.kind === Kind.FRAGMENT_SPREAD) return false;
      if (s.kind === Kind.INLINE_FRAGMENT && !walk(s.selectionSet, inData)) return false;
      if (s.kind !== Kind.FIELD) continue;
      if (inData) names.add(s.name.value);
      else if (s.name.value === 'data' && !walk(s.selectionSet, true)) return false;
    }
    return true;
  };
  for (const node of info.fieldNodes) if (!walk(node.selectionSet, false)) return all;
  return {
    tasks: names.has('tasks'),
    count: names.has('count') || names.has('closedCount'),
    groups: names.has('stageWise') || names.has('taskNameWise') || names.has('versionNumberWise'),
  };
}

export function graphqlResolvers(ctx: AppContext) {
  return {
    Query: {
      applications: async (
        _root: unknown,
        args: ListQueryArgs,
        context: GraphqlContext,
        info: GraphQLResolveInfo,
      ): Promise<{ data: ApplicationsData }> => ({
        data: await listApplications(ctx.db, staff(context), args, ctx.now(), wantsOf(info)),
      }),
      application: (_root: unknown, args: { application_id: string }, context: GraphqlContext) =>
        applicationDetail(ctx.db, staff(context), args.application_id),
      applicationTasks: (
        _root: unknown,
        args: { email: string; page: { page: number; size: number } },
        context: GraphqlContext,
      ) => applicationTasks(ctx.db, context, args.email, args.page),
    },
  };
}

/**
 * What one document may ask for. The back office's largest document (APPLICATIONS_QUERY) has no alias,
 * 6 list fields and about 60 fields; 4 aliases and 24 list fields allow at most about 4 of its lists in
 * one request (30 aliased lists cost 23 times one query before), fields bound what fragments expand to.
 */
export const GRAPHQL_LIMITS = { aliases: 4, listFields: 24, fields: 500 } as const;

type Cost = { aliases: number; listFields: number; fields: number };

/**
 * The document's cost with every fragment spread expanded where it is used (a fragment spread ten times
 * costs ten times). Counting stops at the first limit passed, so no document makes it walk for long.
 */
function documentCost(context: ValidationContext, limits: typeof GRAPHQL_LIMITS): keyof Cost | null {
  const schema = context.getSchema();
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const cost: Cost = { aliases: 0, listFields: 0, fields: 0 };
  const over = (): keyof Cost | null =>
    (['aliases', 'listFields', 'fields'] as const).find((k) => cost[k] > limits[k]) ?? null;

  function walk(set: SelectionSetNode, type: GraphQLNamedType | undefined, spreads: readonly string[]): boolean {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        cost.fields++;
        if (selection.alias) cost.aliases++;
        const field =
          type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields()[selection.name.value] : undefined;
        if (field && isListType(getNullableType(field.type))) cost.listFields++;
        if (over()) return false;
        if (selection.selectionSet && !walk(selection.selectionSet, field && getNamedType(field.type), spreads))
          return false;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const inner = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        if (!walk(selection.selectionSet, inner, spreads)) return false;
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        // Unknown and cyclic fragments are the standard rules' to refuse.
        if (!fragment || spreads.includes(name)) continue;
        const inner = schema.getType(fragment.typeCondition.name.value);
        if (!walk(fragment.selectionSet, inner, [...spreads, name])) return false;
      }
    }
    return true;
  }

  for (const definition of context.getDocument().definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const root = schema.getRootType(definition.operation) ?? undefined;
    if (!walk(definition.selectionSet, root, [])) break;
  }
  return over();
}

const COST_WORDS: Record<keyof Cost, string> = { aliases: 'aliases', listFields: 'list fields', fields: 'fields' };

/** Refuses a document over GRAPHQL_LIMITS, naming the limit. */
function costLimitRule(limits: typeof GRAPHQL_LIMITS = GRAPHQL_LIMITS): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    Document() {
      const passed = documentCost(context, limits);
      if (passed) {
        context.reportError(
          new GraphQLError(
            `The document asks for more than ${limits[passed]} ${COST_WORDS[passed]} (the cost limit per document)`,
          ),
        );
      }
    },
  });
}

/**
 * The rules a document must pass before it runs, besides GraphQL's own: the cost limit, and no
 * introspection for an applicant session or, in production, for anyone.
 */
export function documentRules(who: { applicant: boolean; production: boolean }): ValidationRule[] {
  return who.applicant || who.production ? [costLimitRule(), NoSchemaIntrospectionCustomRule] : [costLimitRule()];
}
