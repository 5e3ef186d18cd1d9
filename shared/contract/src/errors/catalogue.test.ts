/**
 * @jest-environment node
 */
import {
  ApiError,
  classifyError,
  ERROR_CODES,
  formatErrorItem,
  isCatalogueCode,
  MANDATORY_FIELDS_MESSAGE,
  MICROFLOW_ERROR_MESSAGE,
  parseRetryAfter,
  SESSION_ENDED_MESSAGE,
  tooManyAttemptsMessage,
  waitText,
} from './catalogue';

describe('ERROR_CODES (spec §8)', () => {
  it('holds the three catalogued server errors', () => {
    expect(ERROR_CODES.INTERNAL_SERVER_ERROR).toEqual({ code: 1100, status: 500, message: 'Internal server error' });
    expect(ERROR_CODES.VALIDATION_FAILED).toEqual({ code: 1101, status: 400, message: 'Validation Failed' });
    expect(ERROR_CODES.ERROR_WHILE_SENDING_BACK).toEqual({
      code: 1167,
      status: 500,
      message: 'Error while sending back',
    });
  });
});

describe('client-side messages (spec §8)', () => {
  it('are spelt exactly', () => {
    expect(MANDATORY_FIELDS_MESSAGE).toBe('Please fill all mandatory fields');
    expect(MICROFLOW_ERROR_MESSAGE).toBe('An error has occurred please try again later');
    expect(SESSION_ENDED_MESSAGE).toBe('Your session expired');
  });
});

describe('Retry-After for people', () => {
  it('reads delta-seconds and nothing else', () => {
    expect(parseRetryAfter('900')).toBe(900);
    expect(parseRetryAfter(' 3 ')).toBe(3);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT')).toBeUndefined();
    expect(parseRetryAfter('-1')).toBeUndefined();
  });

  it('says the wait in seconds under a minute, else in whole minutes rounded up', () => {
    expect(waitText(1)).toBe('in 1 second');
    expect(waitText(40)).toBe('in 40 seconds');
    expect(waitText(60)).toBe('in 1 minute');
    expect(waitText(61)).toBe('in 2 minutes');
    expect(waitText(900)).toBe('in 15 minutes');
  });

  it('a 429 says the wait when the server gave one', () => {
    expect(tooManyAttemptsMessage(900)).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(tooManyAttemptsMessage()).toBe('Too many attempts. Please try again later.');
  });

  it('every code the server may send is in the catalogue, and nothing else', () => {
    for (const code of [1100, 1101, 1167, 401, 403, 404, 409, 413, 429]) expect(isCatalogueCode(code)).toBe(true);
    for (const code of [500, 400, 418, '429', undefined]) expect(isCatalogueCode(code)).toBe(false);
  });
});

describe('ApiError', () => {
  it('carries status, code, items, body and path', () => {
    const body = { code: 1101, message: 'Validation Failed', errors: [{ label: 'amount', reason: 'is required' }] };
    const error = new ApiError(400, body, '/v3/application/save');
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('Validation Failed');
    expect(error.status).toBe(400);
    expect(error.code).toBe(1101);
    expect(error.items).toEqual(['amount - is required']);
    expect(error.body).toBe(body);
    expect(error.path).toBe('/v3/application/save');
  });

  it('falls back to a status message when the body has none', () => {
    expect(new ApiError(502, 'Bad gateway').message).toBe('Request failed with status 502');
  });
});

describe('classifyError (spec §8)', () => {
  it("lists a validation failure as 'label - reason', or the reason alone", () => {
    const error = new ApiError(400, {
      code: 1101,
      message: 'Validation Failed',
      errors: [{ label: 'email', reason: 'is invalid' }, { reason: 'Loan amount exceeds limit' }],
    });
    expect(classifyError(error)).toEqual({
      kind: 'validation',
      title: 'We encountered following errors',
      items: ['email - is invalid', 'Loan amount exceeds limit'],
    });
  });

  it('treats error-while-sending-back like a validation failure', () => {
    const error = new ApiError(500, {
      code: 1167,
      message: 'Error while sending back',
      errors: [{ label: 'step', reason: 'already closed' }],
    });
    expect(classifyError(error)).toEqual({
      kind: 'validation',
      title: 'We encountered following errors',
      items: ['step - already closed'],
    });
  });

  it('needs both code and message to match the catalogue', () => {
    const error = new ApiError(400, { code: 1101, message: 'Something else' });
    expect(classifyError(error)).toEqual({ kind: 'passthrough', message: 'Something else', code: 1101 });
  });

  it('passes on a body with message and code', () => {
    const error = new ApiError(403, {
      code: 403,
      message: 'Access denied. Your account is not enabled for this portal.',
    });
    expect(classifyError(error, { path: '/v3/auth/login' })).toEqual({
      kind: 'passthrough',
      message: 'Access denied. Your account is not enabled for this portal.',
      code: 403,
    });
  });

  it('passes on a body with data entries', () => {
    const error = new ApiError(500, { data: [{ key: 'x' }] });
    expect(classifyError(error)).toEqual({
      kind: 'passthrough',
      message: 'Something bad happened; please try again later.',
      data: [{ key: 'x' }],
    });
  });

  it('answers the generic message otherwise, and for network failures', () => {
    const generic = { kind: 'generic', message: 'Something bad happened; please try again later.' };
    expect(classifyError(new ApiError(500, { data: [] }))).toEqual(generic);
    expect(classifyError(new ApiError(500, 'oops'))).toEqual(generic);
    expect(classifyError(new TypeError('Failed to fetch'))).toEqual(generic);
    expect(classifyError(undefined)).toEqual(generic);
  });

  it('expires the session on a 401 of any non-login call', () => {
    const error = new ApiError(401, { code: 401, message: 'Unauthorized' }, '/backstage/getApplications');
    expect(classifyError(error)).toEqual({ kind: 'sessionExpired', message: 'Session expired. Please login again.' });
  });

  it('passes on a 401 of the login call (wrong credentials)', () => {
    const error = new ApiError(401, { code: 401, message: 'Invalid username or password' }, '/v3/auth/login');
    expect(classifyError(error)).toEqual({
      kind: 'passthrough',
      message: 'Invalid username or password',
      code: 401,
    });
  });

  it("sends a refresh answering 'Invalid user' to ./login", () => {
    const error = new ApiError(401, { code: 401, message: 'Invalid user' });
    expect(classifyError(error, { path: '/v3/auth/refresh-token' })).toEqual({
      kind: 'invalidUser',
      redirectTo: './login',
    });
  });

  it("recognises a 'resubmission' response error", () => {
    expect(classifyError(new ApiError(409, { error: 'resubmission' }))).toEqual({ kind: 'resubmission' });
  });

  it('formats items', () => {
    expect(formatErrorItem({ label: 'pan', reason: 'is invalid' })).toBe('pan - is invalid');
    expect(formatErrorItem({ reason: 'is invalid' })).toBe('is invalid');
  });
});
