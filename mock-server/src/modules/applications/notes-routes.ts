// The detail view's reads and notes: notes (GET, POST), worklogs, related applications, audits (field
// history). Every route needs access to the application (modules/tasks/task-context loadApplication).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS } from '@originate/contract';
import { AuditsQuerySchema, NoteBodySchema } from '@originate/contract/schemas';
import Type from 'typebox';
import { caller, type PluginOptions } from '../../context';
import { idString } from '../../http/schemas';
import { loadApplication } from '../tasks';
import { auditsOf } from './audits';
import { addNote, notesOf, relatedApplications } from './detail';
import { publish } from './effects';
import { worklogsOf } from './worklog';

/** The contract's query, its fieldKey held to the characters a field key has (no stray bytes reach SQL). */
const AuditsQuery = Type.Object(
  {
    application_id: AuditsQuerySchema.properties.application_id,
    fieldKey: Type.Optional(Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:-]+$' })),
  },
  { additionalProperties: false },
);

const Params = { params: Type.Object({ applicationId: Type.String(idString) }, { additionalProperties: false }) };

export const notesRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  app.get(API_PATHS.applicationNotes, { schema: Params }, async (request) => ({
    data: await notesOf(db, caller(request).user, request.params.applicationId),
  }));
  app.post(API_PATHS.applicationNotes, { schema: { ...Params, body: NoteBodySchema } }, async (request) => {
    const { result, effects } = await addNote(
      db,
      caller(request).user,
      request.params.applicationId,
      request.body,
      ctx.now(),
    );
    await publish(ctx, effects);
    return result;
  });
  app.get(API_PATHS.applicationWorklogs, { schema: Params }, async (request) => {
    await loadApplication(db, caller(request).user, request.params.applicationId);
    return { data: await worklogsOf(db, request.params.applicationId) };
  });
  app.get(API_PATHS.relatedApplications, { schema: Params }, async (request) => ({
    data: await relatedApplications(db, caller(request).user, request.params.applicationId),
  }));
  app.get(API_PATHS.getAudits, { schema: { querystring: AuditsQuery } }, async (request) => {
    const { application_id, fieldKey } = request.query;
    await loadApplication(db, caller(request).user, application_id);
    return { data: await auditsOf(db, application_id, fieldKey) };
  });
};
