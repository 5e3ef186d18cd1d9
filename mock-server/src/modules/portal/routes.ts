// The applicant portal beyond the flow (README "Applicant portal"): sign-in by a code sent to the
// applicant's e-mail, and a session for another application of that e-mail. Never under /debugger.
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
import type { FastifyReply } from 'fastify';
import type { PluginOptions } from '../../context';
import { forbidden, TooManyRequestsError, ValidationError } from '../../errors';
import { NOT_YOURS } from '../applications';
import { type IssuedSession, openApplicantSession } from '../auth';
import { sessionAnswer } from '../customer-flow';
import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from '../otp';
import { applicantOwns, sendSignInCode, verifySignInCode } from './portal';

const NOT_SIGNED_IN = 'Sign in with your e-mail address to open your other applications';

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
    async (request) => {
      const sent = await sendSignInCode(db, request.body.email.toLowerCase(), config, ctx.now());
      if (sent.retryAfter !== undefined) throw new TooManyRequestsError(sent.retryAfter);
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
      const result = await verifySignInCode(db, email, request.body.code, config, ctx.now());
      if (result === 'wrong') throw new ValidationError([{ label: 'code', reason: OTP_WRONG_CODE_MESSAGE }]);
      if ('retryAfter' in result) throw new TooManyRequestsError(result.retryAfter);
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
      const issued = await openApplicantSession(db, applicationId, config, ctx.now(), email);
      return signedIn(reply, applicationId, email, issued);
    },
  );
};
