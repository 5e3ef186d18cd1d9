// Spec §7 "Application actions": read one application.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS } from '@originate/contract';
import { ApplicationSchema, closed, ERROR_ANSWERS, Id } from '@originate/contract/schemas';
import Type from 'typebox';
import { forbidden, notFound } from '../../http/errors';
import type { PluginOptions } from '../../platform/context';
import { canAccessApplication, toActor, toTaskAccess } from './access';
import { NO_ACCESS, NOT_YOURS } from './caller-view';
import { findApplication, forApplicant } from './stored';

export const applicationsRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    API_PATHS.application,
    {
      config: { applicant: true },
      schema: {
        params: Type.Object({ applicationId: Id }, closed),
        // The applicant's answer is the same without the staff's appLifeCycle and initiatedBy.
        response: { 200: ApplicationSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { applicationId } = request.params;
      // An applicant reads its own application only; whether another one exists is not revealed.
      if (request.applicant && request.applicant.applicationId !== applicationId) throw forbidden(NOT_YOURS);
      const found = await findApplication(db, applicationId);
      if (!found) throw notFound();
      if (request.auth && !canAccessApplication(toActor(request.auth.user), found.tasks.map(toTaskAccess))) {
        throw forbidden(NO_ACCESS);
      }
      return request.applicant ? forApplicant(found.application) : found.application;
    },
  );
};
