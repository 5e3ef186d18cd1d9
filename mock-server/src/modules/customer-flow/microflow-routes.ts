// POST /v3/microflow/execute/{id} (spec §7): the field's microflow (modules/customer-flow/microflows.ts) run for the
// caller's application. Body: the {data} envelope of {customFields}.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS } from '@originate/contract';
import { Code, closed, ERROR_ANSWERS, FormValuesSchema, MicroflowAnswerSchema } from '@originate/contract/schemas';
import Type from 'typebox';
import { EnvelopeSchema, opened } from '../../http/bodies';
import { invalid, notFound } from '../../http/errors';
import type { PluginOptions } from '../../platform/context';
import { applicationFor, flowOfApplication } from '../applications';
import { microflow } from './microflows';

const MicroflowBody = Type.Object({ customFields: FormValuesSchema }, closed);

export const microflowRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  app.post(
    API_PATHS.microflowExecute,
    {
      config: { applicant: true },
      schema: {
        params: Type.Object({ microflowId: Code }, closed),
        querystring: Type.Object({ componentid: Code, application_id: Code }, closed),
        body: EnvelopeSchema,
        response: { 200: MicroflowAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const run = microflow(request.params.microflowId);
      if (!run) throw notFound('Microflow not found');
      const { componentid, application_id } = request.query;
      const stored = await applicationFor(ctx, request, application_id);
      const flowCtx = await flowOfApplication(ctx, stored);
      const component = flowCtx.components.get(componentid);
      if (!component) throw invalid('componentid', `is not a component of flow ${flowCtx.flow.flowId}`);
      const field = component.fields.find((f) => f.microflow?.id === request.params.microflowId);
      if (!field) throw invalid('componentid', `has no field that runs ${request.params.microflowId}`);
      const { customFields } = await opened(request, request.body, MicroflowBody);
      return {
        actions: await run({ ctx, stored, field, values: customFields, userId: request.auth?.user.userid ?? null }),
      };
    },
  );
};
