// Spec §7 "Application actions": read one application; the application service's batch fetch; captureAction.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS } from '@originate/contract';
import {
  ApplicationSchema,
  CaptureActionAnswerSchema,
  CaptureActionBodySchema,
  closed,
  ERROR_ANSWERS,
  FetchApplicationsAnswerSchema,
  FetchApplicationsBodySchema,
  Id,
} from '@originate/contract/schemas';
import Type from 'typebox';
import { contractValidator } from '../../http/bodies';
import { forbidden, invalid, notFound } from '../../http/errors';
import { caller, type PluginOptions } from '../../platform/context';
import { canAccessApplication, toActor, toTaskAccess } from './access';
import { loadApplication, NO_ACCESS, NOT_YOURS } from './caller-view';
import { applicationSummaries, findApplication, forApplicant } from './stored';
import { addWorklog } from './worklog';

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

  // Several applications at once (spec §7 /app/fetch_applications), as summaries: only those the caller may
  // open; the others, unknown or deleted ones included, are named unavailable alike.
  app.post(
    API_PATHS.fetchApplications,
    {
      schema: { body: FetchApplicationsBodySchema, response: { 200: FetchApplicationsAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      const actor = toActor(caller(request).user);
      const ids = [...new Set(request.body.application_ids)];
      const open: string[] = [];
      for (const id of ids) {
        const found = await findApplication(db, id);
        if (found && canAccessApplication(actor, found.tasks.map(toTaskAccess))) open.push(id);
      }
      const rows = await applicationSummaries(db, open);
      const byId = new Map(rows.map((r) => [r.application_id, r]));
      return {
        data: ids.flatMap((id) => {
          const summary = byId.get(id);
          return summary ? [summary] : [];
        }),
        unavailable: ids.filter((id) => !byId.has(id)),
      };
    },
  );

  // An action taken in the flow or the workflow (a button, a download), kept in the application's worklog under
  // 'capture.<action>' so it never reads as one of the server's own actions. The flow's path also takes the
  // applicant's session, for its own application only (no user: the worklog row's user is empty, as for the
  // applicant's other rows); the workflow's is the back office's (README "Routes").
  for (const path of [API_PATHS.captureAction, API_PATHS.workflowCaptureAction]) {
    app.post(
      path,
      {
        config: { applicant: path === API_PATHS.captureAction },
        schema: { body: CaptureActionBodySchema, response: { 200: CaptureActionAnswerSchema, ...ERROR_ANSWERS } },
        validatorCompiler: contractValidator,
      },
      async (request) => {
        const { application_id, action, taskId, detail } = request.body;
        let userId: string | null = null;
        if (request.applicant) {
          if (request.applicant.applicationId !== application_id) throw forbidden(NOT_YOURS);
          if (taskId !== undefined) throw invalid('taskId', "is the back office's: an applicant's action has none");
        } else {
          const { user } = caller(request);
          const stored = await loadApplication(db, user, application_id);
          if (taskId !== undefined && !stored.tasks.some((t) => t.task_id === taskId)) {
            throw invalid('taskId', `is not a task of application ${application_id}`);
          }
          userId = user.userid;
        }
        const at = ctx.now();
        await addWorklog(db, {
          applicationId: application_id,
          taskId: taskId ?? null,
          userId,
          action: `capture.${action}`,
          detail: detail ?? {},
          at,
        });
        return { application_id, action, capturedAt: at.toISOString() };
      },
    );
  }
};
