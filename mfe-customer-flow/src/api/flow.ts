// The flow's calls (products, configuration, saves, validations, microflows, OTP, documents), through shared's http client (headers, {data} envelope, 401 handling)
// and API_PATHS. Answers the portal builds on are checked against the contract when they arrive.

import {
  API_PATHS,
  ApiError,
  apiPath,
  type ComponentConfig,
  DEFAULT_FLOW_VERSION,
  type FieldOptions,
  type FlowApplication,
  type FlowConfig,
  type FlowMode,
  type FormValues,
  type PageRule,
  type RemovedUploadAnswer,
  type SaveApplicationBody,
  type SessionData,
  type SignatureAnswer,
  type UploadedDocument,
} from '@originate/contract';
import {
  FieldOptionsSchema,
  FlowApplicationSchema,
  parseWithSchema,
  UploadedDocumentSchema,
} from '@originate/contract/schemas';
import { loadComponentConfigs, loadFlowConfig, loadPageRules } from '@originate/flow-engine';
import { api, apiUrl, authHeaders, downloadBlob } from '@originate/web';
import Type from 'typebox';

export interface ProductSummary {
  product_code: string;
  product_name: string;
  description: string;
  flowId: string;
  verNum: number;
}
export interface ProductDetails extends ProductSummary {
  captcha: boolean;
}

const ProductSummarySchema = Type.Object({
  product_code: Type.String({ minLength: 1 }),
  product_name: Type.String(),
  description: Type.String(),
  flowId: Type.String({ minLength: 1 }),
  verNum: Type.Integer({ minimum: 1 }),
});
const ProductDetailsSchema = Type.Intersect([ProductSummarySchema, Type.Object({ captcha: Type.Boolean() })]);
const SessionDataSchema = Type.Object({
  access_token: Type.String({ minLength: 1 }),
  refresh_token: Type.String({ minLength: 1 }),
  sessionid: Type.String({ minLength: 1 }),
  expires_in: Type.Number(),
  expiry_time: Type.String(),
});

export function fetchProducts(): Promise<ProductSummary[]> {
  return api
    .get<unknown>(API_PATHS.productList)
    .then((body) => parseWithSchema(Type.Array(ProductSummarySchema), body, 'product list'));
}

export function fetchProductDetails(productCode: string): Promise<ProductDetails> {
  return api
    .get<unknown>(apiPath('productDetails', { productCode }))
    .then((body) => parseWithSchema(ProductDetailsSchema, body, `product ${productCode}`));
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

/**
 * A resume link's token, or null once the save submitted the application (its links are over: a
 * one-step flow submits on its first save). Staff saves carry none.
 */
const ResumeTokenSchema = Type.Union([Type.String({ minLength: 1 }), Type.Null()]);

export interface FirstSaveAnswer {
  application: FlowApplication;
  session: SessionData;
  resumeToken: string | null;
}
export interface SaveAnswer {
  application: FlowApplication;
  resumeToken?: string | null;
}

const langQuery = (lang?: string) => (lang ? { lang } : undefined);

/** The first consumer save creates the application: plain JSON (no session yet), answers an applicant session. */
export function createApplication(body: SaveApplicationBody, lang?: string): Promise<FirstSaveAnswer> {
  return api.post<unknown>(API_PATHS.consumerSaveOrUpdate, body, { searchParams: langQuery(lang) }).then((answer) =>
    parseWithSchema(
      Type.Object(
        {
          application: FlowApplicationSchema,
          session: SessionDataSchema,
          resumeToken: ResumeTokenSchema,
        },
        { additionalProperties: true },
      ),
      answer,
      'save answer',
    ),
  );
}

const SaveAnswerSchema = Type.Object(
  {
    application: FlowApplicationSchema,
    resumeToken: Type.Optional(ResumeTokenSchema),
  },
  { additionalProperties: true },
);

/** Later applicant saves: encrypted body under the applicant session. */
export function saveAsApplicant(body: SaveApplicationBody, lang?: string): Promise<SaveAnswer> {
  return api
    .post<unknown>(API_PATHS.consumerSaveOrUpdate, body, { encrypted: true, searchParams: langQuery(lang) })
    .then((answer) => parseWithSchema(SaveAnswerSchema, answer, 'save answer'));
}

/** Staff saves (back office resume, FlowForm): encrypted body under the staff session. */
export function saveAsUser(body: SaveApplicationBody, lang?: string): Promise<SaveAnswer> {
  return api
    .post<unknown>(API_PATHS.userSaveOrUpdate, body, { encrypted: true, searchParams: langQuery(lang) })
    .then((answer) => parseWithSchema(SaveAnswerSchema, answer, 'save answer'));
}

export function fetchApplication(applicationId: string): Promise<FlowApplication> {
  return api
    .get<unknown>(apiPath('application', { applicationId }))
    .then((body) => parseWithSchema(FlowApplicationSchema, body, `application ${applicationId}`));
}

export function validateTransactionToken(
  transactionToken: string,
): Promise<{ applicationId: string; session: SessionData }> {
  return api.post<unknown>(API_PATHS.validateTransactionToken, { transactionToken }).then((body) => {
    const answer = parseWithSchema(
      Type.Object(
        { data: Type.Object({ application_id: Type.String({ minLength: 1 }) }), session: SessionDataSchema },
        { additionalProperties: true },
      ),
      body,
      'transaction token answer',
    );
    return { applicationId: answer.data.application_id, session: answer.session };
  });
}

export function addMandatoryValidations(applicationId: string): Promise<{ queued: boolean; pending: string[] }> {
  return api.post(API_PATHS.addMandatoryValidations, { application_id: applicationId });
}

export interface MandatoryResult {
  key: string;
  valid: boolean;
  reason?: string;
}
export function updateMandatoryValidations(
  applicationId: string,
  fields: readonly string[],
): Promise<{ results: MandatoryResult[] }> {
  return api.post(API_PATHS.updateMandatoryValidations, { application_id: applicationId, fields });
}

export type MicroflowAction =
  | { type: 'LOOKUP'; values: FormValues }
  | { type: 'APPLICATION_UPDATE'; values: FormValues }
  | { type: 'PREVIEW_FILE'; fileId: string; fileName: string }
  | { type: 'VERIFY_FIELDS'; keys: string[]; isVerified: boolean }
  | { type: 'DOWNLOAD_FILE'; fileId: string; fileName: string };

export function executeMicroflow(
  microflowId: string,
  args: { componentId: string; applicationId: string; customFields: FormValues },
): Promise<{ actions: MicroflowAction[] }> {
  return api.post(
    apiPath('microflowExecute', { microflowId }),
    { customFields: args.customFields },
    { encrypted: true, searchParams: { componentid: args.componentId, application_id: args.applicationId } },
  );
}

export interface OtpSent {
  sent: boolean;
  resendAfterSeconds: number;
  expiresInSeconds: number;
}
export function sendOtp(args: {
  applicationId: string;
  fieldKey: string;
  type: 'SMS' | 'EMAIL';
  recipient: string;
  action: 'SEND_OTP' | 'RESEND_OTP';
}): Promise<OtpSent> {
  return api.post(API_PATHS.sendOtp, {
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
 * headers come from shared's client (apiUrl, authHeaders) so it goes where every other call goes.
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

/** A stored document's bytes (shared's downloadBlob: access_token and sessionId, spec §7). */
export function fetchDocument(fileId: string): Promise<Blob> {
  return downloadBlob(apiPath('downloadDocument', { fileId }), API_PATHS.downloadDocument);
}

export function captchaChallengeUrl(): string {
  return apiUrl(API_PATHS.captchaChallenge);
}
