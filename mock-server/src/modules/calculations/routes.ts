// The loan calculator (spec §7 "Others"): staff and applicants work out a loan's EMI, schedule and APR.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS } from '@originate/contract';
import {
  CalculateAnswerSchema,
  CalculateBodySchema,
  ERROR_ANSWERS,
  NetFinancingAnswerSchema,
  NetFinancingBodySchema,
} from '@originate/contract/schemas';
import { contractValidator } from '../../http/bodies';
import type { PluginOptions } from '../../platform/context';
import { calculate, netFinancing } from './figures';

export const calculationRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app) => {
  app.post(
    API_PATHS.calculate,
    {
      config: { applicant: true },
      schema: { body: CalculateBodySchema, response: { 200: CalculateAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => calculate(request.body),
  );
  app.post(
    API_PATHS.netFinancingCalculation,
    {
      config: { applicant: true },
      schema: { body: NetFinancingBodySchema, response: { 200: NetFinancingAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => netFinancing(request.body),
  );
};
