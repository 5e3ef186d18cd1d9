// The applicant portal beyond the flow (README "Applicant portal"): sign-in by a code sent to the
// applicant's e-mail, bound to the asking client's challenge cookie, and a session for another application
// of that e-mail. Never under /debugger.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, OTP_WRONG_CODE_MESSAGE } from '@originate/contract';
import {
  CodeSentAnswerSchema,
  ERROR_ANSWERS,
  PortalOpenApplicationBodySchema,
  PortalSendCodeBodySchema,
  PortalSessionAnswerSchema,
  PortalVerifyCodeBodySchema,
} from '@originate/contract/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, ValidationError } from '../../http/errors';
import type { PluginOptions } from '../../platform/context';
import { NOT_YOURS } from '../applications';
import { type IssuedSession, newToken, openApplicantSession } from '../auth';
import { sessionAnswer } from '../customer-flow';
import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS, otpRefused } from '../otp';
import { applicantOwns, sendSignInCode, verifySignInCode } from './sign-in';

const NOT_SIGNED_IN = 'Sign in with your e-mail address to open your other applications';
/** The httpOnly cookie naming this client's sign-in challenge: a code verifies only with the one it was sent for. */
const CHALLENGE_COOKIE = 'portal-sign-in';
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** The client's sign-in challenge, '' when it has none (no code is bound to it: nothing verifies). */
const challengeOf = (request: FastifyRequest) => {
  const sent = request.cookies[CHALLENGE_COOKIE] ?? '';
  return CHALLENGE.test(sent) ? sent : '';
};

/** The session of an applicant signed in by e-mail, with the application it is for and that e-mail. */
const signedIn = (reply: FastifyReply, applicationId: string, email: string, issued: IssuedSession) => ({
  application_id: applicationId,
  session: sessionAnswer(reply, issued),
  email,
});

export const portalRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const perAddress = { max: config.authCallsPerAddressPerMinute, timeWindow: 60_000 };

  app.post(
    API_PATHS.portalSendCode,
    {
      config: { public: true, rateLimit: perAddress },
      schema: { body: PortalSendCodeBodySchema, response: { 200: CodeSentAnswerSchema, ...ERROR_ANSWERS } },
    },
    async (request, reply) => {
      // A resend keeps the client's challenge, so the code it replaces and the new one are the same client's.
      const challenge = challengeOf(request) || newToken(32);
      reply.setCookie(CHALLENGE_COOKIE, challenge, {
        path: '/',
        sameSite: 'lax',
        httpOnly: true,
        maxAge: OTP_TTL_SECONDS,
      });
      const refused = await sendSignInCode(db, request.body.email.toLowerCase(), challenge, config, ctx.now());
      if (refused) throw otpRefused(refused);
      // The same answer whether or not an application has this e-mail.
      return { sent: true, resendAfterSeconds: OTP_RESEND_SECONDS, expiresInSeconds: OTP_TTL_SECONDS };
    },
  );

  app.post(
    API_PATHS.portalVerifyCode,
    {
      config: { public: true, rateLimit: perAddress },
      schema: { body: PortalVerifyCodeBodySchema, response: { 200: PortalSessionAnswerSchema, ...ERROR_ANSWERS } },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      const result = await verifySignInCode(
        db,
        { email, code: request.body.code, challenge: challengeOf(request), address: request.ip },
        config,
        ctx.now(),
      );
      if (result === 'wrong') throw new ValidationError([{ label: 'code', reason: OTP_WRONG_CODE_MESSAGE }]);
      if ('retryAfter' in result) throw otpRefused(result);
      reply.clearCookie(CHALLENGE_COOKIE, { path: '/' });
      return signedIn(reply, result.applicationId, email, result.session);
    },
  );

  app.post(
    API_PATHS.portalOpenApplication,
    {
      config: { applicant: true },
      schema: { body: PortalOpenApplicationBodySchema, response: { 200: PortalSessionAnswerSchema, ...ERROR_ANSWERS } },
    },
    async (request, reply) => {
      const applicant = request.applicant;
      if (!applicant) throw forbidden('Only an applicant opens applications here');
      const { email } = applicant;
      if (email === null) throw forbidden(NOT_SIGNED_IN);
      const applicationId = request.body.application_id;
      if (!(await applicantOwns(db, applicant, applicationId))) throw forbidden(NOT_YOURS);
      // The new session ends when the signed-in one does: opening applications never extends a sign-in.
      const issued = await openApplicantSession(db, applicationId, config, ctx.now(), {
        email,
        endsBy: applicant.endsAt,
      });
      return signedIn(reply, applicationId, email, issued);
    },
  );
};
