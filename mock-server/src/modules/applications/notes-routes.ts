// The detail view's reads and notes: notes (GET, POST), worklogs, related applications, audits (field
// history). Every route needs access to the application (caller-view loadApplication).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, ID_PATTERN } from '@originate/contract';
import {
  AddedNoteAnswerSchema,
  AuditsAnswerSchema,
  AuditsQuerySchema,
  closed,
  ERROR_ANSWERS,
  Id,
  NoteBodySchema,
  NotesAnswerSchema,
  RelatedApplicationsAnswerSchema,
  WorklogsAnswerSchema,
} from '@originate/contract/schemas';
import Type from 'typebox';
import { caller, type PluginOptions } from '../../platform/context';
import { auditsOf } from './audits';
import { loadApplication } from './caller-view';
import { publish } from './effects';
import { addNote, notesOf, relatedApplications } from './notes';
import { worklogsOf } from './worklog';

/**
 * The contract's query, its fieldKey held to the identifier's characters (no stray bytes reach SQL): a
 * field key, or a task's own field (`task.<taskId>.callbackAt`).
 */
const AuditsQuery = Type.Object(
  {
    application_id: AuditsQuerySchema.properties.application_id,
    fieldKey: Type.Optional(Type.String({ minLength: 1, maxLength: 128, pattern: ID_PATTERN })),
  },
  closed,
);

const params = Type.Object({ applicationId: Id }, closed);

export const notesRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  app.get(
    API_PATHS.applicationNotes,
    { schema: { params, response: { 200: NotesAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => ({ data: await notesOf(db, caller(request).user, request.params.applicationId) }),
  );
  app.post(
    API_PATHS.applicationNotes,
    { schema: { params, body: NoteBodySchema, response: { 200: AddedNoteAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const { result, effects } = await addNote(
        db,
        caller(request).user,
        request.params.applicationId,
        request.body,
        ctx.now(),
      );
      await publish(ctx, effects);
      return result;
    },
  );
  app.get(
    API_PATHS.applicationWorklogs,
    { schema: { params, response: { 200: WorklogsAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      await loadApplication(db, caller(request).user, request.params.applicationId);
      return { data: await worklogsOf(db, request.params.applicationId) };
    },
  );
  app.get(
    API_PATHS.relatedApplications,
    { schema: { params, response: { 200: RelatedApplicationsAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => ({
      data: await relatedApplications(db, caller(request).user, request.params.applicationId),
    }),
  );
  app.get(
    API_PATHS.getAudits,
    { schema: { querystring: AuditsQuery, response: { 200: AuditsAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const { application_id, fieldKey } = request.query;
      await loadApplication(db, caller(request).user, application_id);
      return { data: await auditsOf(db, application_id, fieldKey) };
    },
  );
};
