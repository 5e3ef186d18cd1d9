// Liveness and readiness probes (README "Health and drain"): public, never cached, never rate-limited.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS } from '@originate/contract';
import { ERROR_ANSWERS, LiveAnswerSchema, NotReadyAnswerSchema, ReadyAnswerSchema } from '@originate/contract/schemas';
import type { PluginOptions } from '../../platform/context';
import { probe, readiness } from './readiness';

export const healthRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  // A probe must see this moment's state, never a cache's (this plugin's answers only, errors too).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    API_PATHS.healthz,
    { config: { public: true }, schema: { response: { 200: LiveAnswerSchema, ...ERROR_ANSWERS } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    API_PATHS.readyz,
    {
      config: { public: true },
      schema: { response: { 200: ReadyAnswerSchema, 503: NotReadyAnswerSchema, ...ERROR_ANSWERS } },
    },
    async (_request, reply) => {
      const answer = readiness(await probe(ctx));
      return answer.status === 'ready' ? answer : reply.code(503).send(answer);
    },
  );
};
