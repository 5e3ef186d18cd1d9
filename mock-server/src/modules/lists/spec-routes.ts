// The rest of spec §7 "Lists and search" (README "Routes"): the New Internal and Rejected lists as pages of
// their own, the products and product types, and the NSM and geo-limit lists on the team hierarchy.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, PAGE_SIZE_DEFAULT } from '@originate/contract';
import {
  ERROR_ANSWERS,
  FilteredNsmAnswerSchema,
  FilteredNsmBodySchema,
  GeoLimitAnswerSchema,
  GeoLimitBodySchema,
  ListPageBodySchema,
  MasterProductsAnswerSchema,
  ProductTypeDetailsAnswerSchema,
  SearchPageAnswerSchema,
  ZoneApplicationsBodySchema,
  ZoneGroupAnswerSchema,
  ZoneGroupBodySchema,
} from '@originate/contract/schemas';
import { contractValidator } from '../../http/bodies';
import { caller, type PluginOptions, type UserRecord } from '../../platform/context';
import { canAccessApplication, findApplication, toActor, toTaskAccess } from '../applications';
import { geoLimitStatus, zoneGroup, zoneStaff, zoneTeamIds } from './hierarchy';
import { masterProducts } from './table-setup';
import { type ListCaller, listApplications, zoneApplications } from './task-pages';

const listCaller = (user: UserRecord): ListCaller => ({
  userid: user.userid,
  userName: user.userName,
  roles: user.roles,
  teams: user.teams,
});

/** Staff routes (also under /debugger). */
export const specListRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const pageRoute = { body: ListPageBodySchema, response: { 200: SearchPageAnswerSchema, ...ERROR_ANSWERS } };

  // The same lists GraphQL 'applications' pages (the same conditions and access), without their count groups.
  for (const [path, list] of [
    [API_PATHS.applicationsNew, 'NEW_INTERNAL'],
    [API_PATHS.applicationsDeclined, 'REJECTED'],
  ] as const) {
    app.post(path, { schema: pageRoute, validatorCompiler: contractValidator }, async (request) => {
      const { page = 0, size = PAGE_SIZE_DEFAULT } = request.body ?? {};
      const found = await listApplications(
        db,
        listCaller(caller(request).user),
        { list, page: { page, size } },
        ctx.now(),
        {
          tasks: true,
          count: true,
          groups: false,
        },
      );
      return { data: found.tasks, count: found.count };
    });
  }

  app.get(
    API_PATHS.backstageProducts,
    { schema: { response: { 200: MasterProductsAnswerSchema, ...ERROR_ANSWERS } } },
    () => masterProducts(db),
  );

  app.get(
    API_PATHS.productTypeDetails,
    { schema: { response: { 200: ProductTypeDetailsAnswerSchema, ...ERROR_ANSWERS } } },
    async () => {
      const byType = new Map<
        string,
        { product_code: string; product_name: string; min_amount: number | null; max_amount: number | null }[]
      >();
      for (const p of await masterProducts(db)) {
        const list = byType.get(p.product_type_code) ?? [];
        list.push({
          product_code: p.product_code,
          product_name: p.product_name,
          min_amount: p.limits.amount?.min ?? null,
          max_amount: p.limits.amount?.max ?? null,
        });
        byType.set(p.product_type_code, list);
      }
      return {
        data: [...byType.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([product_type_code, products]) => ({ product_type_code, products })),
      };
    },
  );

  app.post(
    API_PATHS.nsmZoneGroup,
    {
      schema: { body: ZoneGroupBodySchema, response: { 200: ZoneGroupAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => ({ data: await zoneGroup(db, listCaller(caller(request).user)) }),
  );

  app.post(
    API_PATHS.filteredNsm,
    {
      schema: { body: FilteredNsmBodySchema, response: { 200: FilteredNsmAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const who = listCaller(caller(request).user);
      const teams = await zoneTeamIds(db, who, request.body?.teamIds);
      return { data: await zoneStaff(db, teams, request.body?.search) };
    },
  );

  app.post(
    API_PATHS.nsmApplications,
    {
      schema: { body: ZoneApplicationsBodySchema, response: { 200: SearchPageAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const { teamIds, page = 0, size = PAGE_SIZE_DEFAULT } = request.body ?? {};
      const teams = await zoneTeamIds(db, listCaller(caller(request).user), teamIds);
      const found = await zoneApplications(db, teams, { page, size }, ctx.now());
      return { data: found.tasks, count: found.count };
    },
  );

  app.post(
    API_PATHS.geoLimitStatus,
    {
      schema: { body: GeoLimitBodySchema, response: { 200: GeoLimitAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const { user } = caller(request);
      const stored = await findApplication(db, request.body.application_id);
      const access = stored ? canAccessApplication(toActor(user), stored.tasks.map(toTaskAccess)) : null;
      return geoLimitStatus(db, listCaller(user), request.body.application_id, access);
    },
  );
};
