// OTP send / verify for an application's OTP field, and the outbox testers read (README "OTP").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, OTP_WRONG_CODE_MESSAGE, type OtpVerifiedAnswer, Roles } from '@originate/contract';
import {
  CodeSentAnswerSchema,
  closed,
  ERROR_ANSWERS,
  Id,
  Key,
  OtpChannelSchema,
  OtpOutboxAnswerSchema,
  OtpVerifiedAnswerSchema,
} from '@originate/contract/schemas';
import Type from 'typebox';
import { forbidden, invalid, notFound, ValidationError } from '../../http/errors';
import { caller, callerSession, type PluginOptions } from '../../platform/context';
import { applicationFor, flowOfApplication } from '../applications';
import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS, otpRefused, readOutbox, sendOtp, verifyOtp } from './codes';

const RECIPIENT = { SMS: /^(\+91)?[6-9][0-9]{9}$/, EMAIL: /^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/ } as const;

export const otpRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db, config } = ctx;

  /** The OTP field of the application's flow (its label names it in refusals). */
  async function otpField(request: Parameters<typeof applicationFor>[1], applicationId: string, fieldKey: string) {
    const stored = await applicationFor(ctx, request, applicationId);
    const flowCtx = await flowOfApplication(ctx, stored);
    for (const component of flowCtx.components.values()) {
      const field = component.fields.find((f) => f.key === fieldKey);
      if (field?.field_type_details.type === 'otp') return field;
    }
    throw invalid('fieldKey', `is not an OTP field of flow ${flowCtx.flow.flowId}`);
  }

  app.post(
    API_PATHS.sendOtp,
    {
      config: { applicant: true },
      schema: {
        body: Type.Object(
          {
            application_id: Id,
            fieldKey: Key,
            type: OtpChannelSchema,
            recipient: Type.String({ minLength: 1, maxLength: 256 }),
            action: Type.Union([Type.Literal('SEND_OTP'), Type.Literal('RESEND_OTP')]),
          },
          closed,
        ),
        response: { 200: CodeSentAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { application_id, fieldKey, type, recipient } = request.body;
      const field = await otpField(request, application_id, fieldKey);
      // The code goes by the channel the field's configuration names (README "Messages").
      const configured = field.field_type_details.otp_channel;
      if (configured && configured !== type)
        throw invalid('type', `must be ${configured}: this field sends its code by ${configured}`);
      if (!RECIPIENT[type].test(recipient)) {
        throw invalid('recipient', type === 'SMS' ? 'is not a mobile number' : 'is not an e-mail address');
      }
      // The code verifies only in the session that asked for it.
      const boundTo = callerSession(request).sessionId;
      const result = await sendOtp(
        db,
        { applicationId: application_id, fieldKey, channel: type, recipient, boundTo, outbox: config.otpOutbox },
        ctx.now(),
      );
      if ('retryAfter' in result) throw otpRefused(result);
      return { sent: true, resendAfterSeconds: OTP_RESEND_SECONDS, expiresInSeconds: OTP_TTL_SECONDS };
    },
  );

  app.post(
    API_PATHS.verifyOtp,
    {
      config: { applicant: true },
      schema: {
        body: Type.Object(
          {
            application_id: Id,
            fieldKey: Key,
            code: Type.String({ minLength: 1, maxLength: 12 }),
            action: Type.Literal('VERIFY_OTP'),
          },
          closed,
        ),
        response: { 200: OtpVerifiedAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request): Promise<OtpVerifiedAnswer> => {
      const { application_id, fieldKey, code } = request.body;
      const field = await otpField(request, application_id, fieldKey);
      const result = await verifyOtp(
        db,
        {
          code: { applicationId: application_id, fieldKey },
          typed: code,
          boundTo: callerSession(request).sessionId,
          address: request.ip,
          perAddressPerHour: config.otpVerifiesPerAddressPerHour,
        },
        ctx.now(),
      );
      if (typeof result === 'object') throw otpRefused(result);
      if (result === 'wrong') throw new ValidationError([{ label: field.label, reason: OTP_WRONG_CODE_MESSAGE }]);
      return { isVerified: true };
    },
  );

  app.get(
    API_PATHS.otpOutbox,
    {
      schema: {
        querystring: Type.Object(
          { recipient: Type.Optional(Type.String({ minLength: 1, maxLength: 256, pattern: '^[A-Za-z0-9@._+-]+$' })) },
          closed,
        ),
        response: { 200: OtpOutboxAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { user } = caller(request);
      if (!config.otpOutbox) throw notFound('The OTP outbox is off (OTP_OUTBOX=off)');
      if (!user.roles.includes(Roles.DEVELOPER)) throw forbidden('The OTP outbox is for the DEVELOPER role');
      return readOutbox(db, request.query.recipient ?? null);
    },
  );
};
