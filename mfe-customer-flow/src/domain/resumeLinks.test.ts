import { destinationLabel, verifiedDestinations } from './resumeLinks';

describe('verifiedDestinations', () => {
  it('offers only verified OTP fields, masked, SMS first', () => {
    expect(
      verifiedDestinations({
        email: 'riya@example.com',
        email_otp: { type: 'EMAIL', recipient: 'riya@example.com', isVerified: true },
        mobile: '9876543210',
        mobile_otp: { type: 'SMS', recipient: '9876543210', isVerified: true },
      }),
    ).toEqual([
      { channel: 'SMS', to: '******3210' },
      { channel: 'EMAIL', to: 'r***@example.com' },
    ]);
  });

  it('leaves out a code sent but not verified, and plain values', () => {
    expect(
      verifiedDestinations({
        mobile: '9876543210',
        mobile_otp: { type: 'SMS', recipient: '9876543210', isVerified: false },
      }),
    ).toEqual([]);
  });

  it('labels a destination by its channel', () => {
    expect(destinationLabel({ channel: 'EMAIL', to: 'r***@example.com' })).toBe('E-mail to r***@example.com');
  });
});
