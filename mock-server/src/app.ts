// buildApp: the whole server as one Fastify instance (tests drive it with inject; main.ts listens).
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifySchema,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from './config';
import { type Db, openDb } from './db';
import { schemaController } from './http/compilers';
import { installAdminEnvelope } from './http/envelope';
import { answerClientError, installErrorHandling, invalid, sendError, trackExchanges } from './http/errors';
import { closeIdleConnections } from './http/idle-connections';
import { enforceRequestDeadline } from './http/request-deadline';
import { installCompression, installRequestRules } from './http/request-rules';
import { applicationsRoutes, notesRoutes } from './modules/applications';
import { authRoutes, DEBUG_PREFIX, installAuthHook, sessionRoutes } from './modules/auth';
import { calculationRoutes } from './modules/calculations';
import {
  applyExplicitPortalUrl,
  brandingRoutes,
  configsRoutes,
  flowConfigAdminRoutes,
  flowConfigRoutes,
  flowConfigSaveAdminRoutes,
  flowConfigSaveRoutes,
  specConfigAdminRoutes,
  specConfigRoutes,
} from './modules/configs';
import { consentRoutes, receiptRoutes } from './modules/consent';
import { creditSummaryRoutes } from './modules/credit-summary';
import { captchaKey, customerRoutes, microflowRoutes, publicCustomerRoutes } from './modules/customer-flow';
import { decisionConfigRoutes, decisionRoutes } from './modules/decisions';
import { documentRoutes, openFileStore, reconcileFileStore } from './modules/documents';
import { followRoutes } from './modules/follows';
import { healthRoutes } from './modules/health';
import { integrationRoutes, startIntegrations } from './modules/integrations';
import { leadRoutes, publicLeadRoutes } from './modules/leads';
import { lifecycleRoutes } from './modules/lifecycle';
import { listRoutes, listSetupRoutes, specListRoutes } from './modules/lists';
import { messageLogRoutes } from './modules/message-log';
import { type MessageWorker, startMessageWorker } from './modules/messages';
import { notificationsRoutes } from './modules/notifications';
import { otpRoutes } from './modules/otp';
import { portalRoutes } from './modules/portal';
import { queriesRoutes } from './modules/queries';
import { reportRoutes } from './modules/reports';
import { scheduleSlaSweep } from './modules/sla';
import { actionsRoutes, approvalsRoutes } from './modules/tasks';
import { announceLifecycleEvent, templateRoutes } from './modules/templates';
import { usersRoutes } from './modules/users';
import { utilityRoutes } from './modules/utilities';
import { attachGatewayRelay, type GatewayRelay, portalVideoRoutes, videoRoutes } from './modules/video';
import type { AppContext, FileStore } from './platform/context';
import { DocumentWork } from './platform/document-work';
import { DrainState } from './platform/drain';
import { Hub } from './platform/hub';
import { openRedis, type RedisLink } from './platform/redis';
import { attachSockets, type SocketLayer } from './socket';

export interface BuildOptions {
  /** An already opened database (tests share one across app instances); otherwise opened from config. */
  db?: Db;
  /** The file store seeded with db (one in memory lives only in its instance); otherwise opened from config. */
  files?: FileStore;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

/** One registered method + path, as Fastify's onRoute hook saw it: the fuzz and access tests walk these. */
export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  schema: FastifySchema | undefined;
  /** Its scope parses multipart/form-data (an upload route): the fuzz sends it broken multipart bodies. */
  multipart: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    sockets: SocketLayer;
    /** Browsers' websocket to the video gateway (README "Video calls"). */
    gatewayRelay: GatewayRelay;
    registeredRoutes: readonly RegisteredRoute[];
    /** The outbox's worker (README "Messages"): tests wake it after moving the clock. */
    messageWorker: MessageWorker;
  }
}

/** Paths that are not admin paths are also served under /debugger (README "Wire contract"). */
const NON_ADMIN_PLUGINS = [
  sessionRoutes,
  usersRoutes,
  applicationsRoutes,
  actionsRoutes,
  approvalsRoutes,
  queriesRoutes,
  notesRoutes,
  followRoutes,
  notificationsRoutes,
  customerRoutes,
  consentRoutes,
  otpRoutes,
  microflowRoutes,
  documentRoutes,
  messageLogRoutes,
  templateRoutes,
  integrationRoutes,
  creditSummaryRoutes,
  flowConfigSaveRoutes,
  listRoutes,
  leadRoutes,
  reportRoutes,
  videoRoutes,
  calculationRoutes,
  decisionRoutes,
  utilityRoutes,
  specConfigRoutes,
  specListRoutes,
];
/** Public routes are served unprefixed only: debug mode is for staff with DEVELOPER or DEBUGGER. */
const UNPREFIXED_PLUGINS = [
  healthRoutes,
  authRoutes,
  configsRoutes,
  brandingRoutes,
  lifecycleRoutes,
  flowConfigAdminRoutes,
  flowConfigSaveAdminRoutes,
  flowConfigRoutes,
  publicCustomerRoutes,
  publicLeadRoutes,
  listSetupRoutes,
  portalRoutes,
  receiptRoutes,
  portalVideoRoutes,
  decisionConfigRoutes,
  specConfigAdminRoutes,
];
// Fastify names a plugin that has no display name by looking for it among the exports of every loaded
// CommonJS module, twice per registration: each app registers these about 70 times.
for (const plugin of [...UNPREFIXED_PLUGINS, ...NON_ADMIN_PLUGINS]) {
  Object.assign(plugin, { [Symbol.for('fastify.display-name')]: plugin.name });
}

/** How often Node looks for requests past their timeout: the most a stalled request outlives it. */
const connectionsCheckingInterval = (requestTimeoutMs: number) =>
  Math.max(50, Math.min(Math.round(requestTimeoutMs / 10), 1_000));

/** How long a request's headers may take to arrive whole. */
const headersTimeout = (requestTimeoutMs: number) => Math.min(requestTimeoutMs, 20_000);

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Behind nginx or an ingress, the client's address is the one the trusted proxy forwards.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // No type coercion: a number where a string belongs is bad input, not silently fixed. Extra fields
    // are refused (400 naming them), never silently dropped.
    ajv: { customOptions: { allErrors: true, coerceTypes: false, removeAdditional: false, allowUnionTypes: true } },
    schemaController,
    // A request that never finishes is not held open (slow or half-sent headers and bodies).
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // What Node's HTTP parser refuses, and requests timed out, are answered in the error envelope too.
    clientErrorHandler: answerClientError,
    // A URL that cannot be decoded never reaches the error handler; it is bad input all the same.
    frameworkErrors: (error, _request, reply) => {
      sendError(reply as FastifyReply, invalid('url', error.message));
    },
    http: {
      headersTimeout: headersTimeout(config.requestTimeoutMs),
      // Node enforces both timeouts only on this tick (default 30 s): a stalled request may live a tick past
      // its timeout, so the tick is a tenth of it, at most 1 s (README "Hardening").
      connectionsCheckingInterval: connectionsCheckingInterval(config.requestTimeoutMs),
    },
  });
  trackExchanges(app.server);
  // Should Node's own check miss a request, the server's deadline still ends it (http/request-deadline.ts).
  enforceRequestDeadline(app.server, config.requestTimeoutMs + connectionsCheckingInterval(config.requestTimeoutMs));
  // Before socket.io attaches, which then hands it only the requests that are not socket.io's.
  const drain = new DrainState();
  drain.track(app.server);
  const ownsDb = !options.db;
  const db = options.db ?? (await openDb(config));
  const now = options.now ?? (() => new Date());
  const files = options.files ?? openFileStore(config.dataDir, config.applicationStorageQuotaBytes);
  let key: string;
  let redis: RedisLink | undefined;
  try {
    // Start-up maintenance, on every start; seeding is a step of its own (src/seed).
    await applyExplicitPortalUrl(db, config);
    await reconcileFileStore(db, files);
    key = await captchaKey(db, config.captchaHmacKey);
    if (config.redisUrl) {
      redis = await openRedis(config.redisUrl, config.redisKeyPrefix, (error) =>
        app.log.error({ err: error }, 'redis connection'),
      );
    }
  } catch (error) {
    if (ownsDb) await db.close();
    throw error;
  }
  const ctx: AppContext = {
    db,
    config,
    hub: new Hub(),
    now,
    log: app.log,
    files,
    captchaKey: key,
    documentWork: new DocumentWork(config.documentLimits),
    announceLifecycle: announceLifecycleEvent,
    redis,
    drain,
  };
  app.decorate('ctx', ctx);
  // The vendors' clients, and the built-in sandbox for every kind without a real vendor (README "Integrations").
  const integrations = await startIntegrations(ctx);

  // An empty body counts as no body, so body-less POSTs (logout) work with any client.
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (error, value) =>
      error ? done(invalid('body', 'is not valid JSON'), undefined) : done(null, value),
    );
  });

  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', function (route) {
    // `this` is the plugin scope registering the route, so its own content-type parsers are visible.
    const multipart = this.hasContentTypeParser('multipart/form-data');
    for (const method of [route.method].flat()) {
      registeredRoutes.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        schema: route.schema,
        multipart,
      });
    }
  });

  installErrorHandling(app);
  await installRequestRules(app, redis);
  // Retry-After is not a CORS-safelisted header: without exposing it the login form could not say when to retry.
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    // The browser's methods (@fastify/cors 11 allows only GET, HEAD and POST by default): an admin's PUT of a
    // configuration and the portal's DELETE of an upload are cross-origin too.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    exposedHeaders: ['Retry-After', 'Content-Disposition', 'X-Export-Rows'],
  });
  await app.register(cookie);
  await installAuthHook(app, ctx);
  installAdminEnvelope(app);
  await installCompression(app);

  for (const plugin of UNPREFIXED_PLUGINS) await app.register(plugin, { ctx });
  for (const plugin of NON_ADMIN_PLUGINS) {
    await app.register(plugin, { ctx });
    await app.register(plugin, { ctx, prefix: DEBUG_PREFIX });
  }

  app.decorate('sockets', attachSockets(app.server, ctx, redis));
  app.decorate('gatewayRelay', attachGatewayRelay(app.server, ctx));
  // After socket.io, so its requests count as in flight too (http/idle-connections.ts); a tick of a fifth of it.
  const stopIdleSweep = closeIdleConnections(app.server, {
    idleMs: config.keepAliveTimeoutMs,
    firstRequestMs: headersTimeout(config.requestTimeoutMs),
    tickMs: Math.max(100, Math.round(config.keepAliveTimeoutMs / 5)),
  });
  // The SLA breach sweep (modules/sla) on the server's interval; stopped, and a sweep under way awaited, before the database closes.
  const stopSlaSweep = scheduleSlaSweep(ctx);
  // The outbox's worker (modules/messages): stopped, its sends under way recorded, before the database closes.
  const messageWorker = await startMessageWorker(ctx);
  app.decorate('messageWorker', messageWorker);
  app.addHook('preClose', async () => {
    await stopSlaSweep();
    await messageWorker.stop();
    stopIdleSweep();
    app.gatewayRelay.close();
    return app.sockets.close();
  });
  app.addHook('onClose', async () => {
    await ctx.documentWork.close();
    await integrations.close();
    await redis?.close();
    if (ownsDb) await db.close();
  });
  return app;
}
