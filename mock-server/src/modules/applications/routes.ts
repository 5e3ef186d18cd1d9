// Spec §7 "Application actions": read one application.
import { API_PATHS } from '@originate/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { PluginOptions } from '../../context';
import { forbidden, notFound } from '../../errors';
import { idString, objectSchema } from '../../http/schemas';
import { NO_ACCESS } from '../tasks';
import { canAccessApplication, toActor, toTaskAccess } from './access';
import { findApplication, forApplicant } from './applications';

export const NOT_YOURS = 'An applicant session may only use its own application';

export const applicationsRoutes: FastifyPluginAsync<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get<{ Params: { applicationId: string } }>(
    API_PATHS.application,
    { config: { applicant: true }, schema: { params: objectSchema({ applicationId: idString }) } },
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
