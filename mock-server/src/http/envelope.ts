// Admin responses leave as a {data} envelope keyed by the caller's access token (spec §7); the
// client decrypts them. Which paths: isEnvelopedResponsePath, shared by client and server.
import { isEnvelopedResponsePath, sealJson } from '@originate/contract';
import type { FastifyInstance } from 'fastify';

export function installAdminEnvelope(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const token = request.headers.access_token;
    if (!(request.auth || request.applicant) || typeof token !== 'string' || typeof payload !== 'string')
      return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    // The matched route decides, never the raw URL: '/%73etup/…' matches '/setup/…' and is enveloped too.
    if (!isEnvelopedResponsePath(request.routeOptions.url ?? '')) return payload;
    return JSON.stringify(await sealJson(payload, token));
  });
}
