// Spec §7 "Auth": login, token rotation, logout, password reset, short-lived API tokens.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_PATHS,
  decryptPayload,
  ERROR_CODES,
  INVALID_USER_MESSAGE,
  PORTAL_ACCESS_DENIED_MESSAGE,
  PORTAL_APP_NAME,
  passwordPolicyProblem,
  type SessionData,
} from '@originate/contract';
import {
  closed,
  ERROR_ANSWERS,
  LoginAnswerSchema,
  MessageAnswerSchema,
  ResetPasswordBodySchema,
  ResetPasswordCheckAnswerSchema,
  ResetPasswordCheckQuerySchema,
  SessionSchema,
  ShortTokenAnswerSchema,
} from '@originate/contract/schemas';
import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import { forbidden, HttpError, invalid, TooManyRequestsError, unauthorized } from '../../http/errors';
import { nonEmptyString } from '../../http/schemas';
import { caller, callerSession, type PluginOptions } from '../../platform/context';
import { findUserById, passwordHashOf, publicUser } from '../users';
import { checkXsrf } from './gate';
import { admitLoginAttempt, clearLoginFailures } from './login-guard';
import { recordPasswordReset, resetLinkUser, resetPasswordWithLink } from './password-reset';
import { verifyPassword } from './security';
import {
  createSession,
  type IssuedSession,
  issueShortToken,
  revokeSession,
  rotateRefreshToken,
  sessionOfRefreshToken,
} from './sessions';

export const FORGET_PASSWORD_MESSAGE =
  'If an account exists for this user name, a password reset link has been sent to its registered email address.';

function sendSession(reply: FastifyReply, issued: IssuedSession): SessionData {
  reply.setCookie('XSRF-TOKEN', issued.xsrfToken, { path: '/', sameSite: 'lax', httpOnly: false });
  const { xsrfToken: _xsrf, ...session } = issued;
  return session;
}

const refreshBody = Type.Object({ refresh_token: nonEmptyString(512) }, closed);
const messageAnswers = { 200: MessageAnswerSchema, ...ERROR_ANSWERS };

const FORGET_PASSWORD_PER_USERNAME = { max: 3, timeWindow: 15 * 60_000 };
/**
 * forget-password answers no sooner than this after it was asked: a known user's request (a link stored, a
 * mail enqueued) and an unknown one's take the same time as the caller sees it.
 */
const FORGET_PASSWORD_ANSWER_MS = 250;

/** A reset link that is unknown, expired or used: the '400 Invalid URL' page (spec §2 invalidURL). */
const invalidLink = () =>
  new HttpError(400, {
    code: ERROR_CODES.VALIDATION_FAILED.code,
    message: 'invalidURL',
    errors: [{ label: 'token', reason: 'invalidURL: the link is expired, used or unknown' }],
  });

/** /v3/auth/* — an admin path: never served under /debugger. */
export const authRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db, config, hub } = ctx;

  async function endSession(sessionId: string, reason: string) {
    await revokeSession(db, sessionId, reason, ctx.now());
    hub.emit('sessionEnded', sessionId);
  }

  // The loose limit per client address; the lockout per user name is admitLoginAttempt's.
  const perAddress = { max: config.authCallsPerAddressPerMinute, timeWindow: 60_000 };
  const forgetPasswordPerUsername = app.createRateLimit({
    ...FORGET_PASSWORD_PER_USERNAME,
    keyGenerator: (request) =>
      `forget-password:${String((request.body as { username?: unknown }).username).toLowerCase()}`,
  });

  /** The mailed link leads to the bank's own sites only: every one of them that calls the API is a CORS origin. */
  function checkRedirect(redirectURL: string): void {
    if (!/^https?:\/\//.test(redirectURL) || !URL.canParse(redirectURL)) {
      throw invalid('redirectURL', 'must be an absolute http(s) URL');
    }
    if (!config.corsOrigins.includes(new URL(redirectURL).origin)) {
      throw invalid('redirectURL', "must be on one of this bank's sites");
    }
  }

  app.post(
    API_PATHS.login,
    {
      config: { public: true, rateLimit: perAddress },
      schema: {
        body: Type.Object({ username: nonEmptyString(128), password: nonEmptyString(4096) }, closed),
        response: { 200: LoginAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      let plain: unknown;
      try {
        plain = await decryptPayload(password, config.loginKey);
      } catch {
        throw invalid('password', 'must be encrypted with the login key (hex "iv:cipher")');
      }
      if (typeof plain !== 'string' || plain === '') throw invalid('password', 'must encrypt a non-empty string');
      const retryAfter = await admitLoginAttempt(db, username, config, ctx.now());
      if (retryAfter > 0) throw new TooManyRequestsError(retryAfter);
      const account = await passwordHashOf(db, username);
      const ok = await verifyPassword(plain, account?.hash ?? null);
      if (!account || !ok) throw unauthorized('Invalid username or password');
      const user = await findUserById(db, account.userid);
      if (!user) throw unauthorized('Invalid username or password');
      await clearLoginFailures(db, username);
      if (!user.applications.includes(PORTAL_APP_NAME)) throw forbidden(PORTAL_ACCESS_DENIED_MESSAGE);
      const issued = await createSession(db, user.userid, config, ctx.now());
      return { ...sendSession(reply, issued), user: publicUser(user) };
    },
  );

  app.post(
    API_PATHS.refreshToken,
    { config: { public: true }, schema: { body: refreshBody, response: { 200: SessionSchema, ...ERROR_ANSWERS } } },
    async (request, reply) => {
      // Every check, XSRF included, runs before the token is used up (inside the rotation).
      const result = await rotateRefreshToken(db, request.body.refresh_token, config, ctx.now(), (xsrfToken) =>
        checkXsrf(request, xsrfToken),
      );
      if ('reusedSessionId' in result) {
        hub.emit('sessionEnded', result.reusedSessionId);
        throw unauthorized(INVALID_USER_MESSAGE);
      }
      return sendSession(reply, result.session);
    },
  );

  app.post(
    API_PATHS.endSession,
    // Applicants end their application-scoped session here too.
    { config: { sessionOnly: true, applicant: true }, schema: { body: refreshBody, response: messageAnswers } },
    async (request) => {
      const session = callerSession(request);
      const owner = await sessionOfRefreshToken(db, request.body.refresh_token);
      if (owner !== session.sessionId) throw forbidden('The refresh token does not belong to this session');
      await endSession(session.sessionId, 'end-session');
      return { message: 'Session ended' };
    },
  );

  app.post(
    API_PATHS.logout,
    { config: { sessionOnly: true }, schema: { response: messageAnswers } },
    async (request) => {
      await endSession(caller(request).session.sessionId, 'logout');
      return { message: 'Logged out' };
    },
  );

  app.post(
    API_PATHS.forgetPassword,
    {
      config: { public: true, rateLimit: perAddress },
      schema: {
        body: Type.Object({ username: nonEmptyString(128), redirectURL: nonEmptyString(2048) }, closed),
        response: messageAnswers,
      },
      // Each call stores a request and would mail a link: a few per user name, known or not (bad input spends none).
      preHandler: async (request) => {
        checkRedirect(request.body.redirectURL);
        const limit = await forgetPasswordPerUsername(request);
        if (!limit.isAllowed && limit.isExceeded) throw new TooManyRequestsError(limit.ttlInSeconds);
      },
    },
    async (request) => {
      const started = performance.now();
      const { username, redirectURL } = request.body;
      await recordPasswordReset(db, { username, redirectURL, clientAddress: request.ip }, ctx.now());
      const wait = FORGET_PASSWORD_ANSWER_MS - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return { message: FORGET_PASSWORD_MESSAGE };
    },
  );

  // The reset link's page asks first whether the link may be used (and whose it is), then sends the new password.
  app.get(
    API_PATHS.resetPasswordCheck,
    {
      config: { public: true, rateLimit: perAddress },
      schema: {
        querystring: ResetPasswordCheckQuerySchema,
        response: { 200: ResetPasswordCheckAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const username = await resetLinkUser(db, request.query.token, ctx.now());
      if (!username) throw invalidLink();
      return { valid: true as const, username };
    },
  );

  app.post(
    API_PATHS.resetPassword,
    {
      config: { public: true, rateLimit: perAddress },
      schema: { body: ResetPasswordBodySchema, response: messageAnswers },
    },
    async (request) => {
      const { token, newPassword } = request.body;
      const username = await resetLinkUser(db, token, ctx.now());
      if (!username) throw invalidLink();
      const problem = passwordPolicyProblem(newPassword, username);
      if (problem) throw invalid('newPassword', problem);
      const done = await resetPasswordWithLink(db, { token, newPassword, clientAddress: request.ip }, ctx.now());
      if (!done) throw invalidLink();
      for (const sessionId of done.sessionIds) hub.emit('sessionEnded', sessionId);
      return { message: 'Your password has been changed. Log in with your new password.' };
    },
  );
};

/** Session routes outside /v3/auth/: not admin paths, so also served under /debugger. */
export const sessionRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  app.post(
    API_PATHS.userLogout,
    { config: { sessionOnly: true }, schema: { response: messageAnswers } },
    async (request) => {
      const { sessionId } = caller(request).session;
      await revokeSession(ctx.db, sessionId, 'logout', ctx.now());
      ctx.hub.emit('sessionEnded', sessionId);
      return { message: 'Logged out' };
    },
  );

  app.post(
    API_PATHS.getToken,
    { schema: { response: { 200: ShortTokenAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => issueShortToken(ctx.db, caller(request).session, ctx.config.shortTokenTtlSeconds, ctx.now()),
  );
};
