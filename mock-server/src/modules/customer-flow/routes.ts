// Spec §7 "Application actions" for the customer flow: consumer and user save_or_update, save, copy,
// staff starting an application and sending its resume link, the resume token, captcha and the
// mandatory-validation queue (README "Customer flow").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_PATHS,
  OTP_WRONG_CODE_MESSAGE,
  type ProductConfig,
  RESUME_LOCKED_MESSAGE,
  type SaveApplicationBody,
} from '@originate/contract';
import {
  ApplicationAnswerSchema,
  CaptchaChallengeAnswerSchema,
  CaptchaVerifiedAnswerSchema,
  CodeSentAnswerSchema,
  ConsumerSaveAnswerSchema,
  closed,
  ERROR_ANSWERS,
  Id,
  Key,
  MandatoryQueuedAnswerSchema,
  MandatoryResultsAnswerSchema,
  ResumedAnswerSchema,
  ResumeLinkAnswerSchema,
  ResumeLinkBodySchema,
  ResumeLinkSentAnswerSchema,
  ResumeSendCodeBodySchema,
  ResumeVerifyCodeBodySchema,
  SaveApplicationBodySchema,
  SendResumeLinkBodySchema,
  StartApplicationBodySchema,
  TokenOpenAnswerSchema,
} from '@originate/contract/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { checked, EnvelopeSchema, opened } from '../../http/bodies';
import { forbidden, invalid, notFound, TooManyRequestsError, unauthorized, ValidationError } from '../../http/errors';
import { type AppContext, caller, type PluginOptions } from '../../platform/context';
import {
  applicationFor,
  type FlowDoc,
  findApplication,
  flowOfApplication,
  forApplicant,
  NOT_YOURS,
  staffEditRefusal,
} from '../applications';
import { authenticate, type IssuedSession, sha256 } from '../auth';
import { customerPortalOrigin, findProduct, flowFor } from '../configs';
import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS, otpRefused, RESUME_DEVICE_KEY, sendOtp, verifyOtp } from '../otp';
import { openResumeLink, type Resumed, resumeVerifiedDevice, startApplication } from './applicant-start';
import { checkCaptcha, newChallenge } from './captcha';
import {
  copyApplication,
  type FlowContext,
  isSubmit,
  issueResumeToken,
  issueStaffResumeToken,
  updateFlowApplication,
} from './flow-applications';
import { type FieldIssue, flowIssues } from './flow-rules';
import { copyBudget, startBudget } from './hourly-budgets';
import { deviceOf, ensureDevice, liveTokenApplication, revokeResumeTokens, verifiedDestinations } from './resume';
import { sendResumeLink } from './send-link';
import { startStaffApplication } from './staff-start';
import { clearPendingValidations, setPendingValidations } from './validation-queue';

const LangQuery = Type.Object(
  { lang: Type.Optional(Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$' })) },
  closed,
);
/** A whole application's values inside a hex envelope: more than Fastify's default 1 MiB. */
const SAVE_BODY_LIMIT = 4 * 1024 * 1024;

async function current(ctx: AppContext, applicationId: string, applicant: boolean) {
  const found = await findApplication(ctx.db, applicationId);
  if (!found) throw notFound('Application not found');
  return applicant ? forApplicant(found.application) : found.application;
}

/** The session as the portal keeps it; its XSRF token goes in the cookie only. */
export function sessionAnswer(reply: FastifyReply, issued: IssuedSession) {
  reply.setCookie('XSRF-TOKEN', issued.xsrfToken, { path: '/', sameSite: 'lax', httpOnly: false });
  const { xsrfToken: _xsrf, ...session } = issued;
  return session;
}

/** A resume link's answer once the device may resume: the session (XSRF cookie) and the device's fresh token. */
function resumedAnswer(reply: FastifyReply, resumed: Resumed) {
  return {
    data: { application_id: resumed.applicationId },
    session: sessionAnswer(reply, resumed.session),
    resumeToken: resumed.resumeToken,
  };
}

/** The link names no live token (expired, revoked, used, or its application submitted). */
const deadLink = () => invalid('transactionToken', 'is invalid');

async function productOf(ctx: AppContext, flowCtx: FlowContext): Promise<ProductConfig> {
  const product = await findProduct(ctx.db, flowCtx.flow.product_code);
  if (!product) throw invalid('flowId', 'belongs to no product');
  return product;
}

/** Public: the portal calls these before (or without) a session. */
export const publicCustomerRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const perAddress = { max: config.authCallsPerAddressPerMinute, timeWindow: 60_000 };
  const creations = app.createRateLimit(perAddress);

  app.post(
    API_PATHS.consumerSaveOrUpdate,
    {
      // Public only to create: a later save must carry the applicant session of its application.
      config: { public: true },
      bodyLimit: SAVE_BODY_LIMIT,
      // Plain SaveApplicationBody (first save, no session) or its {data} envelope (applicant session):
      // which one depends on the caller, so the handler checks it against the shared schema.
      schema: {
        querystring: LangQuery,
        body: Type.Object({}, { additionalProperties: true }),
        response: { 200: ConsumerSaveAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => {
      const now = ctx.now();
      if (request.headers.access_token !== undefined) {
        const found = await authenticate(request, ctx);
        if (found.kind !== 'applicant') throw forbidden('Staff save through user/save_or_update');
        const body = await opened(request, checked(EnvelopeSchema, request.body), SaveApplicationBodySchema);
        if (body.application_id === undefined) throw invalid('application_id', 'is required');
        if (body.application_id !== found.session.applicationId) throw forbidden(NOT_YOURS);
        const flowCtx = await flowFor(db, body.flowId, body.verNum);
        const product = await productOf(ctx, flowCtx);
        await updateFlowApplication(db, body.application_id, flowCtx, body, now, product.queue);
        // A save keeps the application's one live link as it is: a link the applicant sent themselves stays good.
        return { application: await current(ctx, body.application_id, true), resumeToken: null };
      }
      const limit = await creations(request);
      if (!limit.isAllowed && limit.isExceeded) throw new TooManyRequestsError(limit.ttlInSeconds);
      const body: SaveApplicationBody = checked(SaveApplicationBodySchema, request.body);
      if (body.application_id !== undefined) throw unauthorized();
      const flowCtx = await flowFor(db, body.flowId, body.verNum);
      const product = await productOf(ctx, flowCtx);
      if (product.captcha) {
        if (!body.captchaResponse) throw invalid('captchaResponse', 'is required');
        if (!(await checkCaptcha(db, ctx.captchaKey, body.captchaResponse, now, true))) {
          throw invalid('captchaResponse', 'is invalid');
        }
      }
      const created = await startApplication(db, product, flowCtx, body, ensureDevice(request, reply), config, now);
      // A one-step flow submits on its first save: the usual submit path checks and completes it.
      const submitted =
        isSubmit(flowCtx.flow, body) &&
        (await updateFlowApplication(db, created.applicationId, flowCtx, body, now, product.queue)).submitted;
      const resumeToken = submitted ? null : await issueResumeToken(db, created.applicationId, now);
      return {
        application: await current(ctx, created.applicationId, true),
        session: sessionAnswer(reply, created.session),
        resumeToken,
      };
    },
  );

  app.post(
    API_PATHS.validateTransactionToken,
    {
      config: { public: true, rateLimit: perAddress },
      schema: {
        body: Type.Object({ transactionToken: Type.String({ minLength: 1, maxLength: 256 }) }, closed),
        response: { 200: TokenOpenAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => {
      // The device cookie is set here already: the code this device may ask for next is bound to it.
      const device = ensureDevice(request, reply);
      const opened = await openResumeLink(db, request.body.transactionToken, device, config, ctx.now());
      if (!opened) throw deadLink();
      return 'verify' in opened ? opened : resumedAnswer(reply, opened);
    },
  );

  // A device the application does not know: no session yet, so these are public, with the token as the
  // key (README "Resume links"); limited per address like the portal's sign-in, and by the OTP rules.
  app.post(
    API_PATHS.resumeSendCode,
    {
      config: { public: true, rateLimit: perAddress },
      schema: { body: ResumeSendCodeBodySchema, response: { 200: CodeSentAnswerSchema, ...ERROR_ANSWERS } },
    },
    async (request, reply) => {
      const now = ctx.now();
      const { transactionToken, channel } = request.body;
      const applicationId = await liveTokenApplication(db, transactionToken, now);
      if (!applicationId) throw deadLink();
      const destination = (await verifiedDestinations(db, applicationId)).find((d) => d.channel === channel);
      if (!destination)
        throw invalid('channel', `is not a verified ${channel === 'SMS' ? 'mobile' : 'e-mail'} of this application`);
      const device = ensureDevice(request, reply);
      const result = await sendOtp(
        db,
        {
          applicationId,
          fieldKey: RESUME_DEVICE_KEY,
          channel,
          recipient: destination.recipient,
          boundTo: sha256(device),
          outbox: config.otpOutbox,
        },
        now,
      );
      if ('retryAfter' in result) throw otpRefused(result);
      return { sent: true, resendAfterSeconds: OTP_RESEND_SECONDS, expiresInSeconds: OTP_TTL_SECONDS };
    },
  );

  app.post(
    API_PATHS.resumeVerifyCode,
    {
      config: { public: true, rateLimit: perAddress },
      schema: { body: ResumeVerifyCodeBodySchema, response: { 200: ResumedAnswerSchema, ...ERROR_ANSWERS } },
    },
    async (request, reply) => {
      const now = ctx.now();
      const { transactionToken, code } = request.body;
      const applicationId = await liveTokenApplication(db, transactionToken, now);
      if (!applicationId) throw deadLink();
      const device = deviceOf(request);
      const result = await verifyOtp(
        db,
        {
          // No device cookie: no code was sent for it, so whatever is typed is wrong.
          code: device ? { applicationId, fieldKey: RESUME_DEVICE_KEY } : null,
          typed: code,
          boundTo: sha256(device),
          address: request.ip,
          perAddressPerHour: config.otpVerifiesPerAddressPerHour,
        },
        now,
      );
      if (result === 'wrong') throw new ValidationError([{ label: 'code', reason: OTP_WRONG_CODE_MESSAGE }]);
      if (result !== 'verified') {
        if (!result.locked) throw otpRefused(result);
        // Too many wrong codes: the link itself ends, so guessing cannot go on after the lock.
        await revokeResumeTokens(db, applicationId);
        const locked = otpRefused(result);
        locked.body.message = RESUME_LOCKED_MESSAGE;
        throw locked;
      }
      const resumed = await resumeVerifiedDevice(db, transactionToken, device, config, now);
      if (!resumed) throw deadLink();
      return resumedAnswer(reply, resumed);
    },
  );

  app.post(
    API_PATHS.sendResumeLink,
    {
      config: { applicant: true, rateLimit: perAddress },
      schema: { body: SendResumeLinkBodySchema, response: { 200: ResumeLinkSentAnswerSchema, ...ERROR_ANSWERS } },
    },
    async (request) => {
      const { application_id, channel } = request.body;
      if (!request.applicant) throw forbidden('Only the applicant sends themselves their link');
      if (request.applicant.applicationId !== application_id) throw forbidden(NOT_YOURS);
      const origin = await customerPortalOrigin(db, ctx.config);
      return sendResumeLink(db, { applicationId: application_id, channel, origin }, ctx.now());
    },
  );

  app.get(
    API_PATHS.captchaChallenge,
    {
      config: { public: true, rateLimit: perAddress },
      schema: { response: { 200: CaptchaChallengeAnswerSchema, ...ERROR_ANSWERS } },
    },
    () => newChallenge(ctx.captchaKey, ctx.now()),
  );

  app.post(
    API_PATHS.validateCaptcha,
    {
      config: { public: true, rateLimit: perAddress },
      schema: {
        body: Type.Object(
          { application_id: Type.Optional(Id), captchaResponse: Type.String({ minLength: 1, maxLength: 4000 }) },
          closed,
        ),
        response: { 200: CaptchaVerifiedAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    // Checks without using the solution up: the first save that carries it consumes it.
    async (request) => ({
      verified: await checkCaptcha(db, ctx.captchaKey, request.body.captchaResponse, ctx.now(), false),
    }),
  );
};

/** Per application, one validation call at a time (the queue of spec §7). */
function serialiser() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, run: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const next = previous.then(run, run);
    const settled = next.catch(() => undefined);
    tails.set(key, settled);
    void settled.then(() => {
      if (tails.get(key) === settled) tails.delete(key);
    });
    return next;
  };
}

/** Every field key of a flow's components. */
function fieldKeys(flowCtx: FlowContext): Set<string> {
  const keys = new Set<string>();
  for (const component of flowCtx.components.values()) for (const field of component.fields) keys.add(field.key);
  return keys;
}

/** Staff (and, for validations, applicants) — also under /debugger for staff. */
export const customerRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const queue = serialiser();

  async function staffSave(request: FastifyRequest, envelope: { data: string }) {
    const body = await opened(request, envelope, SaveApplicationBodySchema);
    if (body.application_id === undefined) throw invalid('application_id', 'is required');
    // Staff only (the route is not open to applicant sessions); access by the task rules, then editing
    // as the Save tab allows it.
    const stored = await applicationFor(ctx, request, body.application_id);
    const { user } = caller(request);
    const refusal = staffEditRefusal(stored, user);
    if (refusal) throw forbidden(refusal);
    const flowCtx = await flowFor(db, body.flowId, body.verNum);
    const product = await productOf(ctx, flowCtx);
    await updateFlowApplication(
      db,
      body.application_id,
      flowCtx,
      body,
      ctx.now(),
      product.queue,
      { userId: user.userid, source: 'staff' },
      { roles: user.roles, teams: user.teams },
    );
    return { application: await current(ctx, body.application_id, false) };
  }

  const saveOptions = {
    bodyLimit: SAVE_BODY_LIMIT,
    schema: {
      querystring: LangQuery,
      body: EnvelopeSchema,
      response: { 200: ApplicationAnswerSchema, ...ERROR_ANSWERS },
    },
  };
  app.post(API_PATHS.userSaveOrUpdate, saveOptions, (request) => staffSave(request, request.body));
  app.post(API_PATHS.saveApplication, saveOptions, (request) => staffSave(request, request.body));

  const spendCopy = copyBudget(app, ctx);
  app.get(
    API_PATHS.copyApplication,
    // The spec fixes GET, yet it creates an application: no HEAD may run it.
    {
      exposeHeadRoute: false,
      schema: {
        params: Type.Object({ applicationId: Id }, closed),
        response: { 200: ApplicationAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { user } = caller(request);
      await spendCopy(request);
      const stored = await applicationFor(ctx, request, request.params.applicationId);
      const product = await findProduct(db, stored.application.product_code);
      const newId = await copyApplication(
        db,
        ctx.files,
        stored.application.application_id,
        stored.application.product_code,
        { userid: user.userid, username: user.userName, displayName: user.displayName },
        product?.queue ?? [],
        ctx.now(),
      );
      return { application: await current(ctx, newId, false) };
    },
  );

  const starts = startBudget(app, ctx);
  app.post(
    API_PATHS.startApplication,
    { schema: { body: StartApplicationBodySchema, response: { 200: ApplicationAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const { user } = caller(request);
      const newId = await startStaffApplication(
        ctx,
        request.body.product_code,
        {
          userid: user.userid,
          username: user.userName,
          displayName: user.displayName,
          roles: user.roles,
          teams: user.teams,
        },
        starts(request),
        request.body.customFields,
      );
      return { application: await current(ctx, newId, false) };
    },
  );

  app.post(
    API_PATHS.resumeLink,
    { schema: { body: ResumeLinkBodySchema, response: { 200: ResumeLinkAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => {
      const { application_id } = request.body;
      await applicationFor(ctx, request, application_id);
      const issued = await issueStaffResumeToken(db, application_id, caller(request).user.userid, ctx.now());
      const origin = await customerPortalOrigin(db, ctx.config);
      const link = new URL('/dynamic-resume', origin);
      link.searchParams.set('transactionToken', issued.token);
      return { application_id, link: link.toString(), expiresAt: issued.expiresAt.toISOString() };
    },
  );

  /** What the engine refuses in the stored application now, mandatory validations on, as a submit would check it. */
  function issuesOf(flowCtx: FlowContext & { doc: FlowDoc }): FieldIssue[] {
    return flowIssues(flowCtx, flowCtx.doc, ctx.now(), { mandatoryValidations: true });
  }

  app.post(
    API_PATHS.addMandatoryValidations,
    {
      config: { applicant: true },
      schema: {
        body: Type.Object({ application_id: Id }, closed),
        response: { 200: MandatoryQueuedAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { application_id } = request.body;
      const stored = await applicationFor(ctx, request, application_id);
      const flowCtx = await flowOfApplication(ctx, stored);
      return queue(application_id, async () => {
        const pending = [...new Set(issuesOf(flowCtx).map((issue) => issue.key))];
        await setPendingValidations(db, application_id, pending, ctx.now());
        return { queued: true, pending };
      });
    },
  );

  app.post(
    API_PATHS.updateMandatoryValidations,
    {
      config: { applicant: true },
      schema: {
        body: Type.Object(
          { application_id: Id, fields: Type.Array(Key, { minItems: 1, maxItems: 500, uniqueItems: true }) },
          closed,
        ),
        response: { 200: MandatoryResultsAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { application_id, fields } = request.body;
      const stored = await applicationFor(ctx, request, application_id);
      const flowCtx = await flowOfApplication(ctx, stored);
      const known = fieldKeys(flowCtx);
      const unknown = fields
        .map((key, i) => ({ key, i }))
        .filter(({ key }) => !known.has(key))
        .map(({ i }) => ({ label: `fields[${i}]`, reason: `is not a field of flow ${flowCtx.flow.flowId}` }));
      if (unknown.length > 0) throw new ValidationError(unknown);
      return queue(application_id, async () => {
        const issues = issuesOf(flowCtx);
        const results = fields.map((key) => {
          const issue = issues.find((i) => i.key === key);
          return issue ? { key, valid: false, reason: issue.reason } : { key, valid: true };
        });
        const valid = new Set(results.filter((r) => r.valid).map((r) => r.key));
        await clearPendingValidations(db, application_id, [...valid], ctx.now());
        return { results };
      });
    },
  );
};
