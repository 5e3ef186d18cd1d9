import { continueGoesToRoot, continueTarget, isApplicantSource, notFoundTexts } from './notFound';

describe('not-found texts by source', () => {
  it('defaults to branch', () => {
    expect(notFoundTexts('')).toEqual([
      "Sorry! we couldn't find what you are looking for.",
      'You may be lost or not allowed to be here.',
    ]);
    expect(notFoundTexts('?source=unknown')).toEqual(notFoundTexts('?source=branch'));
  });
  it('cousumerApplication and web', () => {
    expect(notFoundTexts('?source=cousumerApplication')).toEqual(['Application cancelled successfully']);
    expect(notFoundTexts('?source=web')).toEqual(['Application Saved successfully']);
  });
});

describe('Continue', () => {
  it('goes to the root for backstage or notfound URLs', () => {
    expect(continueGoesToRoot('http://h/backstage/x')).toBe(true);
    expect(continueGoesToRoot('http://h/notfound')).toBe(true);
    expect(continueGoesToRoot('http://h/some/where')).toBe(false);
  });
  it('navigates in-app to newapplication with the portal query string', () => {
    expect(continueTarget('https://bank.example/newapplication?product=HL&x=1')).toEqual({
      kind: 'inApp',
      to: '/newapplication?product=HL&x=1',
    });
    expect(continueTarget('https://bank.example/newapplication')).toEqual({ kind: 'inApp', to: '/newapplication' });
  });
  it('redirects the browser to any other portal address', () => {
    expect(continueTarget('https://portal.example/apply')).toEqual({
      kind: 'external',
      url: 'https://portal.example/apply',
    });
  });
});

describe('ways forward on the not-found page', () => {
  it('an applicant source offers them; staff (branch, the default) do not get them', () => {
    expect(isApplicantSource('?source=cousumerApplication')).toBe(true);
    expect(isApplicantSource('?source=web')).toBe(true);
    expect(isApplicantSource('?source=branch')).toBe(false);
    expect(isApplicantSource('')).toBe(false);
  });
});
