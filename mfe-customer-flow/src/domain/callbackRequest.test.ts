import { callbackBody, callbackIssues, EMPTY_CALLBACK } from './callbackRequest';

const NOW = new Date('2026-11-27T04:30:00.000Z');
const good = {
  name: 'Ananya Kulkarni',
  mobile: '9876543210',
  email: '',
  preferredTime: '2026-11-28T11:00',
  consent: true,
};

describe("the portal's callback request", () => {
  it('builds the body: trimmed, e-mail only when given, the time as ISO', () => {
    expect(callbackBody('HL', good, 'payload')).toEqual({
      product_code: 'HL',
      name: 'Ananya Kulkarni',
      mobile: '9876543210',
      preferredTime: new Date('2026-11-28T11:00').toISOString(),
      consent: true,
      captchaResponse: 'payload',
    });
    expect(callbackIssues('HL', good, NOW)).toEqual({});
  });

  it('names every missing or wrong field in words for the applicant', () => {
    expect(callbackIssues('HL', EMPTY_CALLBACK, NOW)).toEqual({
      name: 'Your name is required',
      mobile: 'Enter a 10-digit mobile number',
      preferredTime: 'Choose when we should call you',
      consent: 'Please agree to be called about this loan',
    });
    expect(callbackIssues('HL', { ...good, email: 'not-mail' }, NOW)).toEqual({
      email: 'Enter a valid e-mail address',
    });
  });

  it('takes a time in the future within 30 days', () => {
    expect(callbackIssues('HL', { ...good, preferredTime: '2026-11-20T10:00' }, NOW)).toEqual({
      preferredTime: 'Preferred time must be in the future',
    });
    expect(callbackIssues('HL', { ...good, preferredTime: '2027-02-01T10:00' }, NOW)).toEqual({
      preferredTime: 'Preferred time must be within 30 days',
    });
  });
});
