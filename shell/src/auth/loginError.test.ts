/**
 * @jest-environment node
 */
import { ApiError, REFUSAL_CODES } from '@originate/contract';
import { GENERIC_MESSAGE, loginErrorMessage, UNREACHABLE_MESSAGE } from './loginError';

const tooMany = REFUSAL_CODES.TOO_MANY_REQUESTS;

describe('loginErrorMessage', () => {
  it("shows the server's own words", () => {
    expect(loginErrorMessage(new ApiError(401, { code: 401, message: 'Invalid username or password' }))).toBe(
      'Invalid username or password',
    );
    const invalid = new ApiError(400, {
      code: 1101,
      message: 'Validation Failed',
      errors: [{ label: 'username', reason: 'must not contain a NUL character' }],
    });
    expect(loginErrorMessage(invalid)).toBe('username - must not contain a NUL character');
  });

  it('tells a locked-out user when to try again', () => {
    const locked = new ApiError(429, { code: tooMany.code, message: tooMany.message }, '/v3/auth/login', 900);
    expect(loginErrorMessage(locked)).toBe('Too many attempts. Please try again in 15 minutes.');
    const noWait = new ApiError(429, { code: tooMany.code, message: tooMany.message });
    expect(loginErrorMessage(noWait)).toBe(tooMany.message);
  });

  it('an unreachable server and anything else', () => {
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe(UNREACHABLE_MESSAGE);
    expect(loginErrorMessage(new Error('?'))).toBe(GENERIC_MESSAGE);
  });
});
