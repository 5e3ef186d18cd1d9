// The flow's calls (products, configuration, saves, validations, microflows, OTP, documents), through the web package's http client (headers, {data} envelope, 401 handling)
// and API_PATHS. Answers the portal builds on are checked against the contract when they arrive.

import {
  API_PATHS,
  ApiError,
  type ApplicationAnswer,
  apiPath,
  type CallbackRequestAnswer,
  type CallbackRequestBody,
  type CodeSentAnswer,
  type ComponentConfig,
  type ConsumerSaveAnswer,
  DEFAULT_FLOW_VERSION,
  type FieldOptions,
  type FlowApplication,
  type FlowConfig,
  type FlowMode,
  type FormValues,
  type MandatoryQueuedAnswer,
  type MandatoryResultsAnswer,
  type MicroflowAnswer,
  type PageRule,
  type ProductDetailsAnswer,
  type ProductSummary,
  type RemovedUploadAnswer,
  type SaveApplicationBody,
  type SessionData,
  type SignatureAnswer,
  type UploadedDocument,
} from '@originate/contract';
import {
  CallbackRequestAnswerSchema,
  FieldOptionsSchema,
  FlowApplicationSchema,
  ProductDetailsAnswerSchema,
  ProductSummarySchema,
  parseWithSchema,
  SessionSchema,
  UploadedDocumentSchema,
} from '@originate/contract/schemas';
import { loadComponentConfigs, loadFlowConfig, loadPageRules } from '@originate/flow-engine';
import { api, apiUrl, authHeaders, downloadBlob } from '@originate/web';
import Type from 'typebox';

export function fetchProducts(): Promise<ProductSummary[]> {
  return api
    .get<unknown>(API_PATHS.productList)
    .then((body) => parseWithSchema(Type.Array(ProductSummarySchema), body, 'product list'));
}

/**
 * Checked open to keys it does not know: a server on a newer engine may answer more, and this answer is
 * what tells the applicant to reload (loadFlow's engine check), so it must still be read.
 */
const ProductDetailsCheck = Type.Object(ProductDetailsAnswerSchema.properties);

export function fetchProductDetails(productCode: string): Promise<ProductDetailsAnswer> {
  return api
    .get<unknown>(apiPath('productDetails', { productCode }))
    .then((body) => parseWithSchema(ProductDetailsCheck, body, `product ${productCode}`));
}

export function fetchFlowConfig(
  flowId: string,
  verNum: number = DEFAULT_FLOW_VERSION,
  opts: { mode: FlowMode; deviceWidth: number },
): Promise<FlowConfig> {
  return api
    .get<unknown>(apiPath('flowConfigById', { verNum, flowId }), {
      searchParams: { mode: opts.mode, device_width: opts.deviceWidth },
    })
    .then((body) => loadFlowConfig(body, `flow ${flowId} v${verNum}`));
}

export function fetchRules(flowId: string, verNum: number): Promise<PageRule[]> {
  return api
    .get<unknown>(API_PATHS.fetchRules, { searchParams: { flow_ids: flowId, ver_num: verNum } })
    .then((body) => loadPageRules(body, `page rules of ${flowId}`));
}

export function fetchComponents(componentIds: readonly string[], lang?: string): Promise<ComponentConfig[]> {
  return api
    .post<unknown>(API_PATHS.componentsConfigs, { componentIds }, lang ? { searchParams: { lang } } : undefined)
    .then((body) => loadComponentConfigs(body, 'component configuration'));
}

export function fetchFieldOptions(
  wanted: readonly Pick<FieldOptions, 'property' | 'property_type'>[],
): Promise<FieldOptions[]> {
  if (wanted.length === 0) return Promise.resolve([]);
  return api
    .post<unknown>(API_PATHS.fieldsConfig, wanted)
    .then((body) => parseWithSchema(Type.Array(FieldOptionsSchema), body, 'field options'));
}

export function translate(texts: readonly string[], lang: string): Promise<Record<string, string>> {
  return api
    .post<unknown>(API_PATHS.translate, { texts }, { searchParams: { lang } })
    .then(
      (body) =>
        parseWithSchema(
          Type.Object({ lang: Type.String(), translations: Type.Record(Type.String(), Type.String()) }),
          body,
          'translations',
        ).translations,
    );
}

/** A save's answer with its application checked as one this flow can continue (FlowApplicationSchema). */
type FlowSaved<T extends { application: unknown }> = Omit<T, 'application'> & { application: FlowApplication };

function flowSaved<T extends { application: unknown }>(answer: T): FlowSaved<T> {
  return { ...answer, application: parseWithSchema(FlowApplicationSchema, answer.application, 'save answer') };
}

const langQuery = (lang?: string) => (lang ? { lang } : undefined);

/** The first consumer save creates the application: plain JSON (no session yet), answers an applicant session. */
export function createApplication(
  body: SaveApplicationBody,
  lang?: string,
): Promise<FlowSaved<ConsumerSaveAnswer> & { session: SessionData }> {
  return api
    .post<ConsumerSaveAnswer>(API_PATHS.consumerSaveOrUpdate, body, { searchParams: langQuery(lang) })
    .then((answer) => ({ ...flowSaved(answer), session: parseWithSchema(SessionSchema, answer.session, 'session') }));
}

/** Later applicant saves: encrypted body under the applicant session. */
export function saveAsApplicant(body: SaveApplicationBody, lang?: string): Promise<FlowSaved<ConsumerSaveAnswer>> {
  return api
    .post<ConsumerSaveAnswer>(API_PATHS.consumerSaveOrUpdate, body, {
      encrypted: true,
      searchParams: langQuery(lang),
    })
    .then(flowSaved);
}

/** Staff saves (back office resume, FlowForm): encrypted body under the staff session. */
export function saveAsUser(body: SaveApplicationBody, lang?: string): Promise<FlowSaved<ApplicationAnswer>> {
  return api
    .post<ApplicationAnswer>(API_PATHS.userSaveOrUpdate, body, { encrypted: true, searchParams: langQuery(lang) })
    .then(flowSaved);
}

export function fetchApplication(applicationId: string): Promise<FlowApplication> {
  return api
    .get<unknown>(apiPath('application', { applicationId }))
    .then((body) => parseWithSchema(FlowApplicationSchema, body, `application ${applicationId}`));
}

export function addMandatoryValidations(applicationId: string): Promise<MandatoryQueuedAnswer> {
  return api.post<MandatoryQueuedAnswer>(API_PATHS.addMandatoryValidations, { application_id: applicationId });
}

export function updateMandatoryValidations(
  applicationId: string,
  fields: readonly string[],
): Promise<MandatoryResultsAnswer> {
  return api.post<MandatoryResultsAnswer>(API_PATHS.updateMandatoryValidations, {
    application_id: applicationId,
    fields,
  });
}

export function executeMicroflow(
  microflowId: string,
  args: { componentId: string; applicationId: string; customFields: FormValues },
): Promise<MicroflowAnswer> {
  return api.post<MicroflowAnswer>(
    apiPath('microflowExecute', { microflowId }),
    { customFields: args.customFields },
    { encrypted: true, searchParams: { componentid: args.componentId, application_id: args.applicationId } },
  );
}

export function sendOtp(args: {
  applicationId: string;
  fieldKey: string;
  type: 'SMS' | 'EMAIL';
  recipient: string;
  action: 'SEND_OTP' | 'RESEND_OTP';
}): Promise<CodeSentAnswer> {
  return api.post<CodeSentAnswer>(API_PATHS.sendOtp, {
    application_id: args.applicationId,
    fieldKey: args.fieldKey,
    type: args.type,
    recipient: args.recipient,
    action: args.action,
  });
}

export function verifyOtp(args: { applicationId: string; fieldKey: string; code: string }): Promise<{
  isVerified: boolean;
}> {
  return api.post(API_PATHS.verifyOtp, {
    application_id: args.applicationId,
    fieldKey: args.fieldKey,
    code: args.code,
    action: 'VERIFY_OTP',
  });
}

/**
 * Multipart upload with progress. XMLHttpRequest because fetch reports no upload progress; the URL and
 * headers come from the web package's client (apiUrl, authHeaders) so it goes where every other call goes.
 */
export function uploadDocument(
  file: File,
  args: { applicationId: string; fieldKey: string; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<UploadedDocument> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('application_id', args.applicationId);
    form.append('fieldKey', args.fieldKey);
    form.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(API_PATHS.uploadDocument));
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) args.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(parseWithSchema(UploadedDocumentSchema, body, 'upload answer'));
        } catch (error) {
          reject(error);
        }
      } else reject(new ApiError(xhr.status, body, API_PATHS.uploadDocument));
    };
    args.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

export function uploadSignature(dataURI: string, applicationId: string): Promise<SignatureAnswer> {
  return api.post<SignatureAnswer>(API_PATHS.uploadSignature, { dataURI, app_id: applicationId });
}

export function removeDocument(fileId: string, applicationId: string): Promise<RemovedUploadAnswer> {
  return api.delete<RemovedUploadAnswer>(API_PATHS.removeDocument, {
    searchParams: { fileId, application_id: applicationId },
  });
}

/** A stored document's bytes (the web package's downloadBlob: access_token and sessionId, spec §7). */
export function fetchDocument(fileId: string): Promise<Blob> {
  return downloadBlob(apiPath('downloadDocument', { fileId }), API_PATHS.downloadDocument);
}

export function captchaChallengeUrl(): string {
  return apiUrl(API_PATHS.captchaChallenge);
}

/** 'Request a call back' (public): stored as a web-callback lead in the product's team. */
export function requestCallback(body: CallbackRequestBody): Promise<CallbackRequestAnswer> {
  return api
    .post<unknown>(API_PATHS.requestForCallback, body)
    .then((answer) => parseWithSchema(CallbackRequestAnswerSchema, answer, 'callback request'));
}
