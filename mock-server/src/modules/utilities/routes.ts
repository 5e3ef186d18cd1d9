// Utilities of spec §7 "Others": XML to JSON, and the {data} envelope opened with the caller's own session key.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, decryptPayload, EnvelopeError } from '@originate/contract';
import {
  DecryptionAnswerSchema,
  DecryptionBodySchema,
  ERROR_ANSWERS,
  XmlToJsonAnswerSchema,
  XmlToJsonBodySchema,
} from '@originate/contract/schemas';
import { contractValidator } from '../../http/bodies';
import { invalid } from '../../http/errors';
import { caller, type PluginOptions } from '../../platform/context';
import { xmlToJson } from './xml';

export const utilityRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app) => {
  app.post(
    API_PATHS.xmlToJson,
    {
      schema: { body: XmlToJsonBodySchema, response: { 200: XmlToJsonAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => ({ data: xmlToJson(request.body.xml) }),
  );
  app.post(
    API_PATHS.decryption,
    {
      schema: { body: DecryptionBodySchema, response: { 200: DecryptionAnswerSchema, ...ERROR_ANSWERS } },
      validatorCompiler: contractValidator,
    },
    async (request) => {
      // The key is the caller's own session's: the token the access check let this request in with.
      caller(request);
      const token = String(request.headers.access_token);
      try {
        return { data: await decryptPayload(request.body.decryptMsg, token) };
      } catch (error) {
        if (!(error instanceof EnvelopeError)) throw error;
        throw invalid('decryptMsg', `${error.message}: only a message sealed with your own session's key opens`);
      }
    },
  );
};
