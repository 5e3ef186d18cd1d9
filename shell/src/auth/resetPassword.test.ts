import { ApiError } from '@originate/contract';
import { PASSWORDS_DIFFER, resetFormProblems, resetRefusal } from './resetPassword';

describe('resetFormProblems (the reset page before it sends)', () => {
  it("names the policy's first broken rule at the new password, as a sentence", () => {
    expect(resetFormProblems({ newPassword: 'short', confirmPassword: 'short' }, 'asha')).toEqual({
      newPassword: 'Must be at least 8 characters long.',
    });
    expect(resetFormProblems({ newPassword: 'Longer@pass', confirmPassword: 'Longer@pass' }, 'asha')).toEqual({
      newPassword: 'Must contain a digit.',
    });
    expect(resetFormProblems({ newPassword: 'Asha@2026x', confirmPassword: 'Asha@2026x' }, 'asha')).toEqual({
      newPassword: 'Must not contain your user name.',
    });
  });

  it('says when the two passwords differ, and nothing once both are the same good password', () => {
    expect(resetFormProblems({ newPassword: 'Secret@2026', confirmPassword: 'Secret@2025' }, 'asha')).toEqual({
      confirmPassword: PASSWORDS_DIFFER,
    });
    expect(resetFormProblems({ newPassword: 'Secret@2026', confirmPassword: 'Secret@2026' }, 'asha')).toEqual({});
  });
});

describe('resetRefusal (what a refused check or reset means for the page)', () => {
  it("puts a 400 naming newPassword at that field, in the server's words", () => {
    const error = new ApiError(400, {
      code: 1101,
      message: 'Validation Failed',
      errors: [{ label: 'newPassword', reason: 'must contain a digit' }],
    });
    expect(resetRefusal(error)).toEqual({ kind: 'field', problems: { newPassword: 'Must contain a digit.' } });
  });

  it("shows the '400 Invalid URL' page for any other 400 (unknown, expired or used link) and a 404", () => {
    expect(resetRefusal(new ApiError(400, { code: 400, message: 'invalidURL' }))).toEqual({ kind: 'invalidLink' });
    expect(
      resetRefusal(
        new ApiError(400, { code: 1101, message: 'Validation Failed', errors: [{ label: 'token', reason: 'x' }] }),
      ),
    ).toEqual({ kind: 'invalidLink' });
    expect(resetRefusal(new ApiError(404, { code: 404, message: 'Not found' }))).toEqual({ kind: 'invalidLink' });
  });

  it('says how long to wait on a 429, and that the server is unreachable on a network error', () => {
    expect(resetRefusal(new ApiError(429, { code: 429, message: 'Too many' }, undefined, 120))).toEqual({
      kind: 'message',
      message: 'Too many attempts. Please try again in 2 minutes.',
    });
    expect(resetRefusal(new TypeError('Failed to fetch'))).toEqual({
      kind: 'message',
      message: 'The server cannot be reached. Please try again.',
    });
  });
});
