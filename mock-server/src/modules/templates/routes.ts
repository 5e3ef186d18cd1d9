// Templates and letters (README "Templates and letters"): staff list and read template versions; an operations
// admin saves a new version; staff with access to an application preview a text on it, generate a letter into
// its Docs and send a template to its applicant.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS } from '@originate/contract';
import {
  CreatedTemplateAnswerSchema,
  CreateTemplateBodySchema,
  ERROR_ANSWERS,
  FileBytesAnswerSchema,
  GeneratedLetterAnswerSchema,
  GeneratePdfBodySchema,
  PreviewTemplateBodySchema,
  SendMailCommonBodySchema,
  SentMessageAnswerSchema,
  TemplateListAnswerSchema,
  TemplateListBodySchema,
  TemplateParamsSchema,
  TemplatePreviewAnswerSchema,
  TemplateQuerySchema,
  TemplateVersionSchema,
} from '@originate/contract/schemas';
import Type from 'typebox';
import { attachment } from '../../http/attachment';
import { forbidden } from '../../http/errors';
import { caller, type PluginOptions } from '../../platform/context';
import { publish } from '../applications';
import { isOpsAdmin } from '../users';
import { generateLetter } from './letters';
import { previewTemplate } from './preview';
import { sendTemplateMessage } from './sending';
import { listTemplateVersions, saveTemplateVersion, templateVersion } from './store';

export const templateRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.post(
    API_PATHS.templateListAllVersion,
    { schema: { body: TemplateListBodySchema, response: { 200: TemplateListAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => ({ templates: await listTemplateVersions(db, request.body.templateTypesArray) }),
  );

  app.get(
    API_PATHS.mailTemplate,
    {
      schema: {
        params: TemplateParamsSchema,
        querystring: TemplateQuerySchema,
        response: { 200: TemplateVersionSchema, ...ERROR_ANSWERS },
      },
    },
    (request) => {
      const { verNum } = request.query;
      return templateVersion(db, request.params.id, verNum === undefined ? undefined : Number(verNum));
    },
  );

  app.post(
    API_PATHS.createTemplate,
    { schema: { body: CreateTemplateBodySchema, response: { 200: CreatedTemplateAnswerSchema, ...ERROR_ANSWERS } } },
    (request) => {
      const { user } = caller(request);
      if (!isOpsAdmin(user)) throw forbidden('Only an operations admin may save a template');
      return saveTemplateVersion(db, request.body, user.userid, ctx.now());
    },
  );

  app.post(
    API_PATHS.previewTemplate,
    {
      schema: {
        body: PreviewTemplateBodySchema,
        response: { 200: Type.Union([TemplatePreviewAnswerSchema, FileBytesAnswerSchema]), ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => {
      const preview = await previewTemplate(db, ctx.documentWork, caller(request).user, request.body, ctx.now());
      if (!('pdf' in preview)) return preview;
      return attachment(reply, preview.pdf, 'preview.pdf', 'application/pdf');
    },
  );

  app.post(
    API_PATHS.generatePdf,
    { schema: { body: GeneratePdfBodySchema, response: { 200: GeneratedLetterAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const { result, effects } = await generateLetter(
        db,
        ctx.files,
        ctx.documentWork,
        caller(request).user,
        request.body,
        ctx.now(),
      );
      await publish(ctx, effects);
      return result;
    },
  );

  app.post(
    API_PATHS.sendMailCommon,
    { schema: { body: SendMailCommonBodySchema, response: { 200: SentMessageAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const now = ctx.now();
      const answer = await sendTemplateMessage(db, caller(request).user, request.body, now);
      ctx.hub.emit('applicationChanged', request.body.applicationId, now.toISOString());
      return answer;
    },
  );
};
