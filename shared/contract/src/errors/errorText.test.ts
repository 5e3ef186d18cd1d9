import { ApiError, errorText, GENERIC_ERROR_MESSAGE } from '@originate/contract';

describe('errorText', () => {
  it("reads the server's reason through the catalogue", () => {
    expect(errorText(new ApiError(403, { code: 1403, message: 'Not your team' }, '/backstage/reports/pending'))).toBe(
      'Not your team',
    );
    expect(errorText(new Error('network'))).toBe(GENERIC_ERROR_MESSAGE);
  });
});
