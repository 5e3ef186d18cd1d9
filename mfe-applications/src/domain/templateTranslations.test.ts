import {
  forType,
  translationEntries,
  translationProblems,
  typedSubject,
  withTranslation,
} from './templateTranslations';

const hindi = { subject: 'विषय', body: '<p>नमस्ते {{applicant.name}}</p>' };

it('keeps translations in the contract’s order, and a translation removed leaves no key', () => {
  const one = withTranslation({}, 'hi', hindi);
  expect(translationEntries(one)).toEqual([['hi', hindi]]);
  expect(withTranslation(one, 'hi', null)).toEqual({});
});

it('drops subjects for a type that has none', () => {
  expect(forType({ hi: hindi }, 'SMS')).toEqual({ hi: { ...hindi, subject: null } });
  expect(forType({ hi: hindi }, 'EMAIL')).toEqual({ hi: hindi });
});

it('names each field a translation must fill before saving', () => {
  expect(translationProblems({ hi: { subject: ' ', body: '' } }, 'EMAIL')).toEqual([
    { field: 'translations.hi.subject', reason: 'an e-mail needs a subject' },
    { field: 'translations.hi.body', reason: 'is required' },
  ]);
  expect(translationProblems({ hi: { subject: null, body: 'x' } }, 'SMS')).toEqual([]);
  expect(typedSubject('  ')).toBeNull();
});
