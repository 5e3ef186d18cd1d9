// Pure rules of the consent step: which mandatory consents are not yet accepted, the message that names them,
// and a consent text's paragraphs.
import type { ConsentSetAnswer } from '@originate/contract';

type Consent = ConsentSetAnswer['consents'][number];

export function missingConsents(set: ConsentSetAnswer, accepted: ReadonlySet<string>): Consent[] {
  return set.consents.filter((c) => c.mandatory && !accepted.has(c.consentId));
}

/** 'To continue, please accept: Declaration, Consent for KYC verification (CKYC and Aadhaar).' */
export function missingConsentsMessage(missing: readonly Pick<Consent, 'title'>[]): string {
  return `To continue, please accept: ${missing.map((c) => c.title).join(', ')}.`;
}

/** The text's paragraphs (blank lines separate them). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** The id of a consent's checkbox (the message's focus goes there). */
export const consentCheckboxId = (consentId: string) => `consent-${consentId}`;
