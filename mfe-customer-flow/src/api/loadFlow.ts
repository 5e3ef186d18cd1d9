// Everything one flow screen needs, loaded in one go: the product, its flow configuration (schema-checked
// by the engine), page rules, the components of every step, the dropdown and radio options, and the
// application to continue (server copy and this device's draft). First of all, that the server checks
// applications with an engine of this page's major (README "Engine version").

import {
  ApiError,
  type ComponentConfig,
  type FieldOptions,
  type FlowApplication,
  type FlowConfig,
  type PageRule,
  type ProductDetailsAnswer,
} from '@originate/contract';
import { ENGINE_VERSION, optionRequests } from '@originate/flow-engine';
import { getSession } from '@originate/web';
import { type EngineMajors, engineMismatch } from '../domain/engineVersion';
import {
  applicantApplicationId,
  applicationOfOpenedLink,
  rememberOpenedLink,
  storeApplicantSession,
} from './applicantSession';
import { type DraftRecord, type DraftStore, draftKey } from './draftStore';
import {
  fetchApplication,
  fetchComponents,
  fetchFieldOptions,
  fetchFlowConfig,
  fetchProductDetails,
  fetchRules,
  validateTransactionToken,
} from './flow';

export interface FlowSetup {
  productCode: string;
  productName: string;
  captcha: boolean;
  flow: FlowConfig;
  components: ReadonlyMap<string, ComponentConfig>;
  rules: PageRule[];
  options: Record<string, FieldOptions['values']>;
  /** The server's copy of the application being continued, if any. */
  application: FlowApplication | null;
  /** This device's draft of it (or of a not yet created application), if any. */
  draft: DraftRecord | null;
  resumeToken?: string;
}

/** The server checks applications with another major of the engine than this page's: the page must reload. */
export class EngineMismatchError extends Error {
  constructor(readonly majors: EngineMajors) {
    super(`The server checks applications with flow engine ${majors.server}.x; this page has ${majors.own}.x`);
    this.name = 'EngineMismatchError';
  }
}

/** The product's details, refused when the server's engine is of another major than this page's. */
async function sameEngineProduct(productCode: string): Promise<ProductDetailsAnswer> {
  const product = await fetchProductDetails(productCode);
  const majors = engineMismatch(product.engineVersion, ENGINE_VERSION);
  if (majors) throw new EngineMismatchError(majors);
  return product;
}

interface FlowSource {
  flowId: string;
  verNum: number;
  productCode: string;
  productName: string;
  captcha: boolean;
}

async function loadConfiguration(
  source: FlowSource,
  opts: { lang?: string; deviceWidth: number },
): Promise<Omit<FlowSetup, 'application' | 'draft'>> {
  const [flow, rules] = await Promise.all([
    fetchFlowConfig(source.flowId, source.verNum, { mode: 'SAVED', deviceWidth: opts.deviceWidth }),
    fetchRules(source.flowId, source.verNum),
  ]);
  const componentIds = [...new Set(flow.sections.flatMap((s) => s.sub_sections.map((sub) => sub.componentId)))];
  const components = await fetchComponents(componentIds, opts.lang);
  const options = await fetchFieldOptions(optionRequests(components));
  return {
    productCode: source.productCode,
    productName: source.productName,
    captcha: source.captcha,
    flow,
    components: new Map(components.map((c) => [c.componentId, c])),
    rules,
    options: Object.fromEntries(options.map((o) => [o.property, o.values])),
  };
}

/** An applicant session for the application: the one held, else one from the resume token. */
async function applicantSessionFor(applicationId: string, resumeToken: string): Promise<void> {
  if (applicantApplicationId(getSession()) === applicationId) return;
  const { applicationId: granted, session } = await validateTransactionToken(resumeToken);
  storeApplicantSession(session, granted);
}

/** A token the server refuses (expired, invalid, or the application was submitted). */
export function isRefusedToken(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 401 || error.status === 403);
}

/** This device's latest application of the product, with the server's copy when it is still open. */
async function continuedApplication(
  productCode: string,
  opts: { drafts: DraftStore; fresh: boolean },
): Promise<{ application: FlowApplication | null; draft: DraftRecord | null }> {
  const draft = opts.fresh ? null : await opts.drafts.latestForProduct(productCode);
  if (!draft?.applicationId || !draft.resumeToken) return { application: null, draft };
  try {
    await applicantSessionFor(draft.applicationId, draft.resumeToken);
    return { application: await fetchApplication(draft.applicationId), draft };
  } catch (error) {
    if (!isRefusedToken(error)) throw error;
    // Submitted or expired: that application is over; this visit starts a new one.
    await opts.drafts.remove(draft);
    return { application: null, draft: null };
  }
}

/** /newapplication?product=: the product's flow, continuing this device's latest application of it. */
export async function loadForProduct(
  productCode: string,
  opts: { lang?: string; deviceWidth: number; drafts: DraftStore; fresh: boolean },
): Promise<FlowSetup> {
  // The configuration and this device's application do not wait for each other.
  const configuration = sameEngineProduct(productCode).then((product) =>
    loadConfiguration(
      {
        flowId: product.flowId,
        verNum: product.verNum,
        productCode: product.product_code,
        productName: product.product_name,
        captcha: product.captcha,
      },
      opts,
    ),
  );
  const [config, { application, draft }] = await Promise.all([configuration, continuedApplication(productCode, opts)]);
  return { ...config, application, draft, resumeToken: draft?.resumeToken };
}

/**
 * /dynamic-resume?transactionToken=: the token's application, in a new browser too. The token opens one
 * session (the server uses it up), so a reload goes on with the session this tab already opened with it,
 * and the page shows no resume link until its next save brings a fresh token.
 */
export async function loadForToken(
  transactionToken: string,
  opts: { lang?: string; deviceWidth: number; drafts: DraftStore },
): Promise<FlowSetup> {
  const opened = applicationOfOpenedLink(transactionToken);
  if (opened) return loadForApplication(opened, opts);
  const { applicationId, session } = await validateTransactionToken(transactionToken);
  storeApplicantSession(session, applicationId);
  rememberOpenedLink(transactionToken, applicationId);
  return loadForApplication(applicationId, opts);
}

/** An application by id under the session held (applicant's own, or staff). */
export async function loadForApplication(
  applicationId: string,
  opts: { lang?: string; deviceWidth: number; drafts?: DraftStore },
): Promise<FlowSetup> {
  const application = await fetchApplication(applicationId);
  const [engine, loaded] = await Promise.allSettled([
    sameEngineProduct(application.product_code),
    Promise.all([
      loadConfiguration(
        {
          flowId: application.flowId,
          verNum: application.verNum,
          productCode: application.product_code,
          productName: application.product_name,
          captcha: false,
        },
        opts,
      ),
      opts.drafts ? opts.drafts.load(draftKey(application.product_code, applicationId)) : null,
    ]),
  ]);
  // The engine check is told first: another major's configuration may be what this page failed to read.
  if (engine.status === 'rejected') throw engine.reason;
  if (loaded.status === 'rejected') throw loaded.reason;
  const [config, draft] = loaded.value;
  return { ...config, application, draft };
}
