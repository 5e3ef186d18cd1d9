// Consents and the receipt (README "Consents and the receipt"): a product's consent texts, an application's
// consents ticked or unticked (recorded with version, hash, time, device, user agent, address), the receipt
// pass an applicant takes before submitting, and the submitted application's confirmation and receipt PDF.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  API_PATHS,
  detectDevice,
  PORTAL_ACCESS_DENIED_MESSAGE,
  PORTAL_APP_NAME,
  RECEIPT_PASS_HEADER,
} from '@originate/contract';
import {
  AcceptConsentsBodySchema,
  BankContactSchema,
  Code,
  ConfirmationAnswerSchema,
  ConsentRecordsAnswerSchema,
  ConsentSetAnswerSchema,
  closed,
  ERROR_ANSWERS,
  FileBytesAnswerSchema,
  Id,
  ReceiptHeadersSchema,
  ReceiptPassAnswerSchema,
} from '@originate/contract/schemas';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { attachment } from '../../http/attachment';
import { forbidden, unauthorized, ValidationError } from '../../http/errors';
import type { AppContext, PluginOptions } from '../../platform/context';
import { applicationFor, loadApplication, NOT_YOURS } from '../applications';
import { authenticate } from '../auth';
import { bankContact, confirmationOf, receiptPdf } from './receipt';
import { resolveAcceptance } from './rules';
import {
  consentSetOf,
  currentRecords,
  isSubmitted,
  issueReceiptPass,
  passOpens,
  recordConsents,
  setAnswer,
} from './store';

const ApplicationParams = Type.Object({ applicationId: Id }, closed);

/**
 * Who may read a submitted application's confirmation and receipt: the holder of its receipt pass (the device
 * that submitted: the submit ended its session), an applicant session of that application (signed in by
 * e-mail), or staff with access to it. These routes are public to the gate for the pass; a session is checked
 * here exactly as the gate would.
 */
async function mayReadReceipt(ctx: AppContext, request: FastifyRequest, applicationId: string): Promise<void> {
  const pass = request.headers[RECEIPT_PASS_HEADER];
  if (typeof pass === 'string') {
    if (!(await passOpens(ctx.db, applicationId, pass, ctx.now()))) {
      throw forbidden('The receipt pass is not valid for this application or has expired: sign in to My applications');
    }
    return;
  }
  const found = await authenticate(request, ctx);
  if (found.kind === 'applicant') {
    if (found.session.applicationId !== applicationId) throw forbidden(NOT_YOURS);
    return;
  }
  if (!found.user) throw unauthorized();
  if (!found.user.applications.includes(PORTAL_APP_NAME)) throw forbidden(PORTAL_ACCESS_DENIED_MESSAGE);
  await loadApplication(ctx.db, found.user, applicationId);
}

export const consentRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    API_PATHS.applicationConsents,
    {
      config: { applicant: true },
      schema: { params: ApplicationParams, response: { 200: ConsentRecordsAnswerSchema, ...ERROR_ANSWERS } },
    },
    async (request) => {
      const { applicationId } = request.params;
      await applicationFor(ctx, request, applicationId);
      return { records: await currentRecords(db, applicationId) };
    },
  );

  // The applicant ticks or unticks (staff resuming the flow record it for the applicant, named in the record).
  app.post(
    API_PATHS.applicationConsents,
    {
      config: { applicant: true },
      schema: {
        params: ApplicationParams,
        body: AcceptConsentsBodySchema,
        response: { 200: ConsentRecordsAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const { applicationId } = request.params;
      const stored = await applicationFor(ctx, request, applicationId);
      if (await isSubmitted(db, applicationId))
        throw forbidden(`Application ${applicationId} is submitted: its consents can no longer change`);
      const set = await consentSetOf(db, stored.application.product_code);
      const resolved = resolveAcceptance(set, request.body);
      if (!resolved.ok) throw new ValidationError(resolved.problems);
      const userAgent = request.headers['user-agent'] ?? '';
      await recordConsents(
        db,
        applicationId,
        resolved.entries,
        {
          deviceType: detectDevice(userAgent),
          userAgent,
          ip: request.ip,
          recordedBy: request.auth?.user.userid ?? null,
        },
        ctx.now(),
      );
      return { records: await currentRecords(db, applicationId) };
    },
  );

  app.post(
    API_PATHS.receiptPass,
    {
      config: { applicant: true },
      schema: { params: ApplicationParams, response: { 200: ReceiptPassAnswerSchema, ...ERROR_ANSWERS } },
    },
    async (request) => {
      const { applicationId } = request.params;
      if (!request.applicant)
        throw forbidden('Only the applicant takes a receipt pass: staff read the receipt as they are');
      await applicationFor(ctx, request, applicationId);
      return issueReceiptPass(db, applicationId, ctx.now());
    },
  );
};

/** Public to the gate (a pass or a session, mayReadReceipt): served unprefixed only, like every public route. */
export const receiptRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  // Public: the texts are the bank's published wording, read before an application (and its session) exists.
  app.get(
    API_PATHS.consentSet,
    {
      config: { public: true },
      schema: {
        params: Type.Object({ productCode: Code }, closed),
        response: { 200: ConsentSetAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => setAnswer(await consentSetOf(db, request.params.productCode)),
  );

  app.get(
    API_PATHS.bankContact,
    { config: { public: true }, schema: { response: { 200: BankContactSchema, ...ERROR_ANSWERS } } },
    () => bankContact(db),
  );

  app.get(
    API_PATHS.confirmation,
    {
      config: { public: true },
      schema: {
        params: ApplicationParams,
        headers: ReceiptHeadersSchema,
        response: { 200: ConfirmationAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      await mayReadReceipt(ctx, request, request.params.applicationId);
      return (await confirmationOf(db, request.params.applicationId, ctx.now())).answer;
    },
  );

  app.get(
    API_PATHS.receipt,
    {
      config: { public: true },
      schema: {
        params: ApplicationParams,
        headers: ReceiptHeadersSchema,
        response: { 200: FileBytesAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => {
      const { applicationId } = request.params;
      await mayReadReceipt(ctx, request, applicationId);
      const bytes = await receiptPdf(db, ctx.documentWork, applicationId, ctx.now());
      return attachment(reply, Buffer.from(bytes), `Receipt ${applicationId}.pdf`, 'application/pdf');
    },
  );
};
