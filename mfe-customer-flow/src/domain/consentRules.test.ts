import type { ConsentSetAnswer } from '@originate/contract';
import { consentCheckboxId, missingConsents, missingConsentsMessage, paragraphs } from './consentRules';

const consent = (consentId: string, title: string, mandatory: boolean) => ({
  consentId,
  kind: 'KYC' as const,
  title,
  text: 'Text',
  version: 1,
  mandatory,
  hash: 'a'.repeat(64),
});

const SET: ConsentSetAnswer = {
  productCode: 'HL',
  componentId: 'HL_DECLARATION',
  consents: [
    consent('declaration', 'Declaration', true),
    consent('kyc', 'KYC consent', true),
    consent('communication', 'Communication', false),
  ],
};

describe('consent rules', () => {
  it('the mandatory consents not accepted are missing; optional ones never are', () => {
    expect(missingConsents(SET, new Set()).map((c) => c.consentId)).toEqual(['declaration', 'kyc']);
    expect(missingConsents(SET, new Set(['kyc'])).map((c) => c.consentId)).toEqual(['declaration']);
    expect(missingConsents(SET, new Set(['declaration', 'kyc']))).toEqual([]);
  });

  it('the message names every missing consent', () => {
    expect(missingConsentsMessage([{ title: 'Declaration' }, { title: 'KYC consent' }])).toBe(
      'To continue, please accept: Declaration, KYC consent.',
    );
  });

  it('a text splits into paragraphs at blank lines', () => {
    expect(paragraphs('First line\ncontinues.\n\n  Second.  \n\n\n')).toEqual(['First line\ncontinues.', 'Second.']);
  });

  it('each checkbox has an id of its own', () => {
    expect(consentCheckboxId('credit_bureau')).toBe('consent-credit_bureau');
  });
});
