// The seeded consent texts (config Consent/<product code>), version 1, in the wording an Indian bank's
// application carries: the declaration, the credit-information (CIBIL) authorisation under CICRA 2005, the
// KYC consent (CKYC registry, Aadhaar offline verification), and communication incl. the DND override.
// Mandatory: all but communication. A changed wording is saved as a new version (README).
import type { ConsentSet, ConsentText } from '@originate/contract';

const declaration = (product: string): ConsentText => ({
  consentId: 'declaration',
  kind: 'DECLARATION',
  title: 'Declaration',
  version: 1,
  mandatory: true,
  text: [
    `I/We apply for a ${product} from Originate Bank Ltd. (the Bank) and declare that all the particulars and information given in this application, and the documents I/we have uploaded, are true, correct, complete and up to date, and that I/we have not withheld any information.`,
    'I/We confirm that I/we have no insolvency proceedings against me/us, have not been declared insolvent, and that no legal proceedings are pending against me/us that would affect my/our ability to repay.',
    'I/We understand that the Bank may accept or reject this application without giving reasons, that the loan amount, rate of interest and tenure are subject to the Bank’s credit assessment, and that the Bank will retain this application and the documents even if the loan is not sanctioned.',
    'I/We undertake to inform the Bank of any change in my/our address, employment or income, and authorise the Bank to verify any information given here with my/our employer, bank, references or any other source.',
    'I/We have read the Most Important Terms and Conditions and the schedule of charges published on the Bank’s website, and understand that processing fees are not refundable once the application is processed.',
  ].join('\n\n'),
});

const CREDIT_BUREAU: ConsentText = {
  consentId: 'credit_bureau',
  kind: 'CREDIT_BUREAU',
  title: 'Consent to obtain my credit information (CIBIL and other credit bureaus)',
  version: 1,
  mandatory: true,
  text: [
    'I/We authorise Originate Bank Ltd. to obtain my/our credit information report and credit score from TransUnion CIBIL Limited, Equifax Credit Information Services Pvt. Ltd., Experian Credit Information Company of India Pvt. Ltd., CRIF High Mark Credit Information Services Pvt. Ltd. or any other credit information company registered with the Reserve Bank of India, under the Credit Information Companies (Regulation) Act, 2005, for assessing this application and, if the loan is sanctioned, for monitoring the account.',
    'I/We understand that this enquiry is recorded in my/our credit history, and that the Bank will share information about this loan (including any default) with credit information companies as the law requires.',
    'I/We may obtain a free copy of my/our credit report from each credit information company once a year.',
  ].join('\n\n'),
};

const KYC: ConsentText = {
  consentId: 'kyc',
  kind: 'KYC',
  title: 'Consent for KYC verification (CKYC and Aadhaar)',
  version: 1,
  mandatory: true,
  text: [
    'I/We consent to Originate Bank Ltd. verifying my/our identity and address as the RBI Master Direction on Know Your Customer (KYC), 2016 requires: by downloading my/our KYC records from the Central KYC Records Registry (CKYCR) using my/our KYC identifier, PAN or other details, and by uploading my/our KYC records to CKYCR.',
    'Where I/we offer my/our Aadhaar, I/we voluntarily submit it for offline verification (the Aadhaar Secure QR code or paperless offline e-KYC XML) or for e-KYC authentication with UIDAI, only to establish my/our identity and address for this application. I/We understand that I/we may instead offer any other officially valid document, that my/our Aadhaar number will be masked to its last four digits and not stored in full, and that my/our biometrics will not be stored.',
    'I/We consent to a video-based customer identification process (V-CIP) if the Bank offers one for this application.',
  ].join('\n\n'),
};

const COMMUNICATION: ConsentText = {
  consentId: 'communication',
  kind: 'COMMUNICATION',
  title: 'Consent to be contacted by SMS, e-mail, WhatsApp and phone',
  version: 1,
  mandatory: false,
  text: [
    'I/We agree that Originate Bank Ltd., its employees and its authorised service providers may contact me/us about this application and my/our account, and about the Bank’s other products and offers, by phone call, SMS, e-mail and WhatsApp, on the mobile number and e-mail address given in this application.',
    'This consent overrides any registration of my/our number on the National Do Not Call (DND / NCPR) registry under the TRAI Telecom Commercial Communications Customer Preference Regulations, 2018, for communication from the Bank.',
    'I/We may withdraw this consent at any time by calling the Bank’s customer care or writing to it; messages needed to service the loan (for example EMI reminders) will still be sent.',
  ].join('\n\n'),
};

const setOf = (productCode: string, product: string, componentId: string): ConsentSet => ({
  productCode,
  componentId,
  consents: [declaration(product), CREDIT_BUREAU, KYC, COMMUNICATION],
});

/** Each seeded product's set, shown on its declaration step (HL) or on the step before submit (PL, CL). */
export const SEEDED_CONSENT_SETS: readonly ConsentSet[] = [
  setOf('HL', 'Home Loan', 'HL_DECLARATION'),
  setOf('PL', 'Personal Loan', 'PL_SUMMARY'),
  setOf('CL', 'Car Loan', 'CL_SUMMARY'),
];
