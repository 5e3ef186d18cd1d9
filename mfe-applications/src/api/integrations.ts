// Vendor integrations of one application (the server's modules/integrations) and its credit decision (modules/decisions):
// the kept bureau report, bank-statement analysis and FOIR, fetching them anew, and running the product's decision.
import {
  API_PATHS,
  type ApplicationIntegrationsAnswer,
  apiPath,
  type BankStatementAnswer,
  type BureauAnswer,
  type DecisionAnswer,
} from '@originate/contract';
import { api } from '@originate/web';

/** The decision the Credit panel runs: the product's credit decision (its seeded tables). */
const CREDIT_DECISION = 'credit';

export const integrationsApi = {
  kept: (applicationId: string) =>
    api.get<ApplicationIntegrationsAnswer>(apiPath('applicationIntegrations', { applicationId })),
  bureau: (applicationId: string) =>
    api.post<BureauAnswer>(API_PATHS.bureauObligation, { application_id: applicationId }),
  bankStatement: (applicationId: string) =>
    api.post<BankStatementAnswer>(API_PATHS.bankStatementLink, { application_id: applicationId }),
  decide: (product: string, applicationId: string) =>
    api.get<DecisionAnswer>(apiPath('decisionExecute', { product, name: CREDIT_DECISION }), {
      searchParams: { application_id: applicationId },
    }),
  decisions: async (applicationId: string) =>
    (await api.get<{ data: DecisionAnswer[] }>(apiPath('applicationDecisions', { applicationId }))).data,
};
