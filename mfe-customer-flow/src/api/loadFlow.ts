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
  type ResumeDestination,
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
} from './flow';
import { openResumeLink, type ResumedLink } from './resume';

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

/**
 * The link was opened on a device the application does not know: the applicant proves who they are with
 * a one-time code first (README "Resume links"); nothing of the application is loaded until then.
 */
export class DeviceCheckNeeded extends Error {
  constructor(readonly destinations: ResumeDestination[]) {
    super("Verify it's you to continue this application");
    this.name = 'DeviceCheckNeeded';
  }
}

/** Links this tab opened with a one-time code, each until the setup that uses it runs. */
const verifiedLinks = new Map<string, ResumedLink>();

/** The code was right: the next load of this link goes on with what the server answered. */
export function rememberVerifiedLink(token: string, resumed: ResumedLink): void {
  verifiedLinks.set(token, resumed);
}

/**
 * Opens a resume token: the session is held from now on. The server used the token up and answered a fresh
 * one for this device, which its draft keeps at once (keepResumeToken), as a save's: a tab closed before any
 * save comes back with it (README "Nothing typed is lost"). A device the application does not know gets
 * DeviceCheckNeeded instead.
 */
async function openResumeToken(token: string): Promise<{ applicationId: string; resumeToken: string }> {
  const verified = verifiedLinks.get(token);
  verifiedLinks.delete(token);
  const opened = verified ? { kind: 'resumed' as const, resumed: verified } : await openResumeLink(token);
  if (opened.kind === 'verify') throw new DeviceCheckNeeded(opened.destinations);
  const { applicationId, session, resumeToken } = opened.resumed;
  storeApplicantSession(session, applicationId);
  return { applicationId, resumeToken };
}

async function keepResumeToken(drafts: DraftStore, draft: DraftRecord, resumeToken: string): Promise<DraftRecord> {
  const kept = { ...draft, resumeToken };
  await drafts.save(kept);
  return kept;
}

/** A browser that opened a link holds no draft of the application yet: one of the server's copy. */
function serverCopyDraft(application: FlowApplication): DraftRecord {
  return {
    productCode: application.product_code,
    applicationId: application.application_id,
    customFields: application.customFields,
    jointApplicants: application.jointApplicants,
    section_id: application.section_id,
    sub_section_id: application.sub_section_id,
    serverModTime: application.mod_time,
    updatedAt: Date.now(),
    unsynced: false,
  };
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
  const applicationId = draft?.applicationId;
  if (!draft || !applicationId || !draft.resumeToken) return { application: null, draft };
  try {
    // The session this tab holds, else one from the draft's token, whose successor the draft keeps before
    // anything else can fail.
    const held = applicantApplicationId(getSession()) === applicationId;
    const kept = held
      ? draft
      : await keepResumeToken(opts.drafts, draft, (await openResumeToken(draft.resumeToken)).resumeToken);
    return { application: await fetchApplication(applicationId), draft: kept };
  } catch (error) {
    if (!isRefusedToken(error) && !(error instanceof DeviceCheckNeeded)) throw error;
    // Submitted, expired, or no longer this device's (another one opened its link since): this visit
    // starts a new one; the application goes on from its newest link or My applications.
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
 * session (the server uses it up), so a reload goes on with the session this tab already opened with it.
 * The fresh token the server answered goes into the device's draft (made of the server's copy in a new
 * browser): a tab closed before any save comes back with it, and the page shows it as the resume link.
 */
export async function loadForToken(
  transactionToken: string,
  opts: { lang?: string; deviceWidth: number; drafts: DraftStore },
): Promise<FlowSetup> {
  const opened = applicationOfOpenedLink(transactionToken);
  if (opened) {
    const setup = await loadForApplication(opened, opts);
    return { ...setup, resumeToken: setup.draft?.resumeToken };
  }
  const { applicationId, resumeToken } = await openResumeToken(transactionToken);
  rememberOpenedLink(transactionToken, applicationId);
  const setup = await loadForApplication(applicationId, opts);
  const draft = await keepResumeToken(opts.drafts, setup.draft ?? serverCopyDraft(setup.application), resumeToken);
  return { ...setup, draft, resumeToken };
}

/** An application by id under the session held (applicant's own, or staff). */
export async function loadForApplication(
  applicationId: string,
  opts: { lang?: string; deviceWidth: number; drafts?: DraftStore },
): Promise<FlowSetup & { application: FlowApplication }> {
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
