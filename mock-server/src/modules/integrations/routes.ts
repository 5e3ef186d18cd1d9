// Vendor integration routes (README "Integrations"): the bureau report (spec §7 /cibil/obligation), the bank-statement
// analysis (/perfios/transactionLink), identity verification, loan creation and deviations in core banking, the
// employee directory, online payment links and the PMAY form; and an application's kept results for the Credit
// panel. Staff only, each behind the application's access check; a vendor failure answers 503, retryable.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS } from '@originate/contract';
import {
  ApplicationIntegrationsAnswerSchema,
  ApplicationIntegrationsParamsSchema,
  BankStatementAnswerSchema,
  BureauAnswerSchema,
  DeviationAnswerSchema,
  DeviationBodySchema,
  EmployeeSearchAnswerSchema,
  EmployeeSearchBodySchema,
  ERROR_ANSWERS,
  IdentityAnswerSchema,
  IdentityVerifyBodySchema,
  IntegrationApplicationBodySchema,
  LoanCreationAnswerSchema,
  PaymentAnswerSchema,
  PaymentBodySchema,
  PmayPdfAnswerSchema,
} from '@originate/contract/schemas';
import type { TSchema } from 'typebox';
import { contractValidator } from '../../http/bodies';
import { caller, type PluginOptions } from '../../platform/context';
import { applicationFor } from '../applications';
import {
  applicationIntegrations,
  createLoan,
  createPaymentLink,
  fetchBankStatement,
  fetchBureauReport,
  inTurn,
  pmayForm,
  recordDeviation,
  searchEmployees,
  verifyIdentity,
} from './service';

export const integrationRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  const options = <B extends TSchema, A extends TSchema>(body: B, answer: A) => ({
    schema: { body, response: { 200: answer, ...ERROR_ANSWERS } },
    validatorCompiler: contractValidator,
  });
  const by = (request: Parameters<typeof caller>[0]) => ({ userId: caller(request).user.userid });

  app.post(API_PATHS.bureauObligation, options(IntegrationApplicationBodySchema, BureauAnswerSchema), async (request) =>
    fetchBureauReport(ctx, by(request), await inTurn(() => applicationFor(ctx, request, request.body.application_id))),
  );
  app.post(
    API_PATHS.bankStatementLink,
    options(IntegrationApplicationBodySchema, BankStatementAnswerSchema),
    async (request) =>
      fetchBankStatement(
        ctx,
        by(request),
        await inTurn(() => applicationFor(ctx, request, request.body.application_id)),
      ),
  );
  app.post(API_PATHS.identityVerify, options(IdentityVerifyBodySchema, IdentityAnswerSchema), async (request) => {
    const { application_id, ...input } = request.body;
    return verifyIdentity(ctx, by(request), await inTurn(() => applicationFor(ctx, request, application_id)), input);
  });
  app.post(
    API_PATHS.loanCreation,
    options(IntegrationApplicationBodySchema, LoanCreationAnswerSchema),
    async (request) =>
      createLoan(ctx, by(request), await inTurn(() => applicationFor(ctx, request, request.body.application_id))),
  );
  app.post(API_PATHS.loanDeviation, options(DeviationBodySchema, DeviationAnswerSchema), async (request) => {
    const { application_id, ...deviation } = request.body;
    return recordDeviation(
      ctx,
      by(request),
      await inTurn(() => applicationFor(ctx, request, application_id)),
      deviation,
    );
  });
  app.post(API_PATHS.employeeSearch, options(EmployeeSearchBodySchema, EmployeeSearchAnswerSchema), async (request) =>
    searchEmployees(ctx, by(request), request.body.query),
  );
  app.post(API_PATHS.onlinePayment, options(PaymentBodySchema, PaymentAnswerSchema), async (request) => {
    const { application_id, ...payment } = request.body;
    return createPaymentLink(
      ctx,
      by(request),
      await inTurn(() => applicationFor(ctx, request, application_id)),
      payment,
    );
  });
  app.post(API_PATHS.pmayPdf, options(IntegrationApplicationBodySchema, PmayPdfAnswerSchema), async (request) =>
    pmayForm(ctx, by(request), await inTurn(() => applicationFor(ctx, request, request.body.application_id))),
  );
  app.get(
    API_PATHS.applicationIntegrations,
    {
      schema: {
        params: ApplicationIntegrationsParamsSchema,
        response: { 200: ApplicationIntegrationsAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) =>
      applicationIntegrations(ctx, await inTurn(() => applicationFor(ctx, request, request.params.applicationId))),
  );
};
