// GET /v3/application/{applicationId}/credit-summary (README "Credit summary"): what a reviewer reads and an approver
// approves, assembled from what is stored (the form, the latest bureau result, the latest credit decision, the
// product's upload fields and the documents received); the arithmetic is the contract's creditSummary, the FOIR
// and LTV caps the product's decision configuration.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_PATHS, type CreditSummaryAnswer, type CreditSummaryInputs, creditSummary } from '@originate/contract';
import { CreditSummaryAnswerSchema, CreditSummaryParamsSchema, ERROR_ANSWERS } from '@originate/contract/schemas';
import type { AppContext, UserRecord } from '../../platform/context';
import { caller, type PluginOptions } from '../../platform/context';
import { loadApplication } from '../applications';
import { DEFAULT_DECISION, decisionsOf, decisionVersion } from '../decisions';
import { documentsOf } from '../documents';
import { latestIntegrationResults, loanFormValues, proposedEmi } from '../integrations';
import { documentList } from './documents';

export async function assembleCreditSummary(
  ctx: AppContext,
  user: UserRecord,
  applicationId: string,
): Promise<CreditSummaryAnswer> {
  const stored = await loadApplication(ctx.db, user, applicationId);
  const app = stored.application;
  const [results, decisions, config, documents, list] = await Promise.all([
    latestIntegrationResults(ctx.db, applicationId, ['bureau']),
    decisionsOf(ctx.db, user, applicationId),
    decisionVersion(ctx.db, app.product_code, DEFAULT_DECISION),
    documentsOf(ctx.db, user, applicationId),
    documentList(ctx, stored),
  ]);
  const form = loanFormValues(stored);
  const latest = decisions.find((d) => d.name === DEFAULT_DECISION) ?? null;
  const rate = form.annualRatePercent?.value ?? latest?.pricing?.annualRatePercent ?? null;
  const report = results.bureau?.result as
    | { bureau: string; reportId: string; score: number; obligations: { monthlyTotal: number } }
    | undefined;
  // Documents filed under a key the flow does not name (a staff document type) are listed after the flow's.
  const named = new Set(list.map((d) => d.fieldKey));
  const others = [...new Set(documents.map((d) => d.fieldKey).filter((k) => !named.has(k)))].map((fieldKey) => ({
    fieldKey,
    label: documents.find((d) => d.fieldKey === fieldKey)?.metadata.docType ?? fieldKey,
    required: false,
  }));
  const inputs: CreditSummaryInputs = {
    application: {
      id: applicationId,
      productCode: app.product_code,
      productName: app.product_name ?? app.product_code,
      savedAt: app.mod_time ?? null,
    },
    form,
    emi: proposedEmi({
      loanAmount: form.loanAmount?.value ?? null,
      interestRate: rate,
      tenureMonths: form.tenureMonths?.value ?? null,
    }),
    bureau:
      results.bureau && report
        ? {
            bureau: report.bureau,
            reportId: report.reportId,
            score: report.score,
            monthlyObligations: report.obligations.monthlyTotal,
            fetchedAt: results.bureau.fetchedAt,
          }
        : null,
    decision: latest
      ? {
          verNum: latest.verNum,
          evaluatedAt: latest.evaluatedAt,
          outcome: latest.outcome,
          annualRatePercent: latest.pricing?.annualRatePercent ?? null,
          deviations: latest.deviations.map((d) => ({
            code: d.code,
            reason: d.reason,
            approvalLevel: d.approvalLevel,
          })),
        }
      : null,
    foirCap: config ? { percent: config.document.foirCapPercent, verNum: config.verNum } : null,
    ltvCaps: config?.document.ltvCaps ? { bands: config.document.ltvCaps, verNum: config.verNum } : null,
    documents: [...list, ...others].map((d) => ({
      ...d,
      receivedAt: documents.filter((doc) => doc.fieldKey === d.fieldKey).map((doc) => doc.updatedAt),
    })),
    now: ctx.now().toISOString(),
  };
  return creditSummary(inputs);
}

export const creditSummaryRoutes: FastifyPluginAsyncTypebox<PluginOptions> = async (app, { ctx }) => {
  app.get(
    API_PATHS.applicationCreditSummary,
    {
      schema: {
        params: CreditSummaryParamsSchema,
        response: { 200: CreditSummaryAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request) => assembleCreditSummary(ctx, caller(request).user, request.params.applicationId),
  );
};
