// The integrations of one running server: a client per kind (its own circuit breaker) on the configured vendor
// or, when a kind has no URL, on the built-in sandbox this starts on 127.0.0.1; and the adapters over them.
import { INTEGRATION_KINDS, type IntegrationKind } from '@originate/contract';
import type { AppContext } from '../../platform/context';
import {
  type BankStatementAdapter,
  type BureauAdapter,
  type CoreBankingAdapter,
  type EmployeeDirectoryAdapter,
  httpBankStatement,
  httpBureau,
  httpCoreBanking,
  httpEmployeeDirectory,
  httpIdentity,
  httpPayment,
  httpPmay,
  type IdentityAdapter,
  type PaymentAdapter,
  type PmayAdapter,
} from './adapters';
import { VendorClient } from './client';
import { type Sandbox, startSandbox } from './sandbox';

export interface Integrations {
  bureau: BureauAdapter;
  bankStatement: BankStatementAdapter;
  identity: IdentityAdapter;
  payment: PaymentAdapter;
  coreBanking: CoreBankingAdapter;
  employees: EmployeeDirectoryAdapter;
  pmay: PmayAdapter;
  clients: Record<IntegrationKind, VendorClient>;
  /** The built-in sandbox, when at least one kind uses it. */
  sandbox: Sandbox | null;
  close(): Promise<void>;
}

const RUNNING = new WeakMap<AppContext, Integrations>();

export async function startIntegrations(ctx: AppContext): Promise<Integrations> {
  const config = ctx.config.integrations;
  const needsSandbox = INTEGRATION_KINDS.some((kind) => !config.vendors[kind].url);
  const sandbox = needsSandbox ? await startSandbox(config.sandboxLatencyMs, 1 + config.retries) : null;
  const policy = {
    retries: config.retries,
    retryBaseMs: config.retryBaseMs,
    failureThreshold: config.breakerFailures,
    openMs: config.breakerOpenMs,
  };
  const clients = {} as Record<IntegrationKind, VendorClient>;
  for (const kind of INTEGRATION_KINDS) {
    const vendor = config.vendors[kind];
    const baseUrl = vendor.url ?? (sandbox as Sandbox).url;
    clients[kind] = new VendorClient({ kind, baseUrl, apiKey: vendor.apiKey, timeoutMs: vendor.timeoutMs }, policy);
  }
  const integrations: Integrations = {
    bureau: httpBureau(clients.bureau),
    bankStatement: httpBankStatement(clients.bankStatement),
    identity: httpIdentity(clients.identity),
    payment: httpPayment(clients.payment),
    coreBanking: httpCoreBanking(clients.loanCreation),
    employees: httpEmployeeDirectory(clients.employeeSearch),
    pmay: httpPmay(clients.pmay),
    clients,
    sandbox,
    close: async () => {
      RUNNING.delete(ctx);
      await sandbox?.close();
    },
  };
  RUNNING.set(ctx, integrations);
  return integrations;
}

/** The running server's integrations (started with the app). */
export function integrationsOf(ctx: AppContext): Integrations {
  const running = RUNNING.get(ctx);
  if (!running) throw new Error('integrations are not started');
  return running;
}
