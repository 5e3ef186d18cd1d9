// Consents and the end page (mock-server README "Consents and the receipt"): the product's consent texts,
// each tick or untick recorded on the server, the receipt pass taken before the submit ends the session, and
// the confirmation and receipt read with it.
import {
  API_PATHS,
  apiPath,
  type BankContact,
  type ConfirmationAnswer,
  type ConsentRecordsAnswer,
  type ConsentSetAnswer,
  isTimeZone,
  type PortalBranding,
  RECEIPT_PASS_HEADER,
  type ReceiptPassAnswer,
  setBankTimeZone,
} from '@originate/contract';
import {
  BankContactSchema,
  ConfirmationAnswerSchema,
  ConsentRecordsAnswerSchema,
  ConsentSetAnswerSchema,
  PortalBrandingSchema,
  parseWithSchema,
  ReceiptPassAnswerSchema,
} from '@originate/contract/schemas';
import { api, downloadBlob } from '@originate/web';

export function fetchConsentSet(productCode: string): Promise<ConsentSetAnswer> {
  return api
    .get<unknown>(apiPath('consentSet', { productCode }))
    .then((body) => parseWithSchema(ConsentSetAnswerSchema, body, 'consent texts'));
}

export function fetchConsentRecords(applicationId: string): Promise<ConsentRecordsAnswer> {
  return api
    .get<unknown>(apiPath('applicationConsents', { applicationId }))
    .then((body) => parseWithSchema(ConsentRecordsAnswerSchema, body, 'consents'));
}

export function recordConsent(
  applicationId: string,
  consent: { consentId: string; version: number; accepted: boolean },
): Promise<ConsentRecordsAnswer> {
  return api
    .post<unknown>(apiPath('applicationConsents', { applicationId }), { consents: [consent] })
    .then((body) => parseWithSchema(ConsentRecordsAnswerSchema, body, 'consents'));
}

export function takeReceiptPass(applicationId: string): Promise<ReceiptPassAnswer> {
  return api
    .post<unknown>(apiPath('receiptPass', { applicationId }))
    .then((body) => parseWithSchema(ReceiptPassAnswerSchema, body, 'receipt pass'));
}

/** The submitted application's confirmation: with the pass when the submit ended the session. */
export function fetchConfirmation(applicationId: string, pass: string | null): Promise<ConfirmationAnswer> {
  return api
    .get<unknown>(apiPath('confirmation', { applicationId }), pass ? { headers: { [RECEIPT_PASS_HEADER]: pass } } : {})
    .then((body) => parseWithSchema(ConfirmationAnswerSchema, body, 'confirmation'));
}

export function downloadReceipt(applicationId: string, pass: string | null): Promise<Blob> {
  return downloadBlob(
    apiPath('receipt', { applicationId }),
    API_PATHS.receipt,
    undefined,
    pass ? { [RECEIPT_PASS_HEADER]: pass } : {},
  );
}

/** The bank's name and contact (public): the portal's header, end and error pages. */
export function fetchBankContact(): Promise<BankContact> {
  return api
    .get<unknown>(API_PATHS.bankContact)
    .then((body) => parseWithSchema(BankContactSchema, body, 'bank contact'));
}

/**
 * The bank's logo for the header (public; null when the theme holds none) and its time zone, which every time
 * the portal shows is then given in (the header asks for it first, before any page shows a time).
 */
export function fetchBranding(): Promise<PortalBranding> {
  return api
    .get<unknown>(API_PATHS.portalBranding)
    .then((body) => parseWithSchema(PortalBrandingSchema, body, 'portal branding'))
    .then((branding) => {
      if (isTimeZone(branding.bankTimeZone)) setBankTimeZone(branding.bankTimeZone);
      return branding;
    });
}
