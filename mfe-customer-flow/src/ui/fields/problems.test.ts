import { ApiError, otpLockedMessage } from '@originate/contract';
import { problemText } from './problems';

describe('problemText of a 429', () => {
  it("shows the server's words for a locked OTP: what is refused and until when", () => {
    const locked = new ApiError(429, { code: 429, message: otpLockedMessage(900) }, '/v3/otp/verify', 900);
    expect(problemText(locked)).toBe('Too many wrong codes. Try again in 15 minutes.');
  });

  it('says how long to wait when the server gave only the catalogue refusal', () => {
    const busy = new ApiError(429, { code: 429, message: 'Too many attempts. Please try again later.' }, '/x', 120);
    expect(problemText(busy)).toBe('Too many attempts. Please try again in 2 minutes.');
  });
});
