import { ApiError, OTP_WRONG_CODE_MESSAGE, RESUME_LOCKED_MESSAGE } from '@originate/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { sendResumeCode, verifyResumeCode } from '../../api/resume';
import { VerifyDevice } from './VerifyDevice';

jest.mock('../../api/resume', () => ({ sendResumeCode: jest.fn(), verifyResumeCode: jest.fn() }));

const DESTINATIONS = [
  { channel: 'SMS' as const, to: '******3210' },
  { channel: 'EMAIL' as const, to: 'r***@example.com' },
];
const SESSION = {
  access_token: 'a',
  refresh_token: 'r',
  sessionid: 's',
  expires_in: 60,
  expiry_time: '2030-01-01T00:00:00Z',
};
const validation = (label: string, reason: string) =>
  new ApiError(400, { code: 1101, message: 'Validation Failed', errors: [{ label, reason }] });

function renderStep(destinations = DESTINATIONS) {
  const onVerified = jest.fn();
  const onDeadLink = jest.fn();
  render(<VerifyDevice token="tok" destinations={destinations} onVerified={onVerified} onDeadLink={onDeadLink} />);
  return { onVerified, onDeadLink };
}

async function sendAndType(code: string) {
  fireEvent.click(screen.getByRole('radio', { name: 'E-mail to r***@example.com' }));
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  fireEvent.change(await screen.findByRole('textbox', { name: 'One-time code' }), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
}

describe('VerifyDevice', () => {
  beforeEach(() => {
    jest.mocked(sendResumeCode).mockResolvedValue({ sent: true, resendAfterSeconds: 30, expiresInSeconds: 300 });
  });
  afterEach(() => jest.clearAllMocks());

  it('shows only the masked destinations, sends the code to the chosen one and hands over the resumed session', async () => {
    const resumed = { applicationId: 'HL-1', session: SESSION, resumeToken: 'fresh' };
    jest.mocked(verifyResumeCode).mockResolvedValue(resumed);
    const { onVerified } = renderStep();
    expect(screen.getByRole('heading', { name: "Verify it's you" })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'SMS to ******3210' })).toBeTruthy();
    await sendAndType('123456');
    expect(sendResumeCode).toHaveBeenCalledWith('tok', 'EMAIL', false);
    expect(screen.getByRole('status').textContent).toContain('We sent a 6-digit code to r***@example.com by e-mail.');
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(resumed));
    expect(verifyResumeCode).toHaveBeenCalledWith('tok', '123456');
  });

  it('the code box takes focus once the code is sent (the pressed button is replaced)', async () => {
    renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const box = await screen.findByRole('textbox', { name: 'One-time code' });
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('a wrong code says so beside the code', async () => {
    jest.mocked(verifyResumeCode).mockRejectedValue(validation('code', OTP_WRONG_CODE_MESSAGE));
    const { onVerified } = renderStep();
    await sendAndType('000000');
    expect(await screen.findByText(OTP_WRONG_CODE_MESSAGE)).toBeTruthy();
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('a locked link says so and offers the ways forward', async () => {
    jest.mocked(verifyResumeCode).mockRejectedValue(new ApiError(429, { code: 429, message: RESUME_LOCKED_MESSAGE }));
    renderStep();
    await sendAndType('000000');
    expect(await screen.findByText(RESUME_LOCKED_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to My applications with your e-mail' }).getAttribute('href')).toBe(
      '/newapplication',
    );
    expect(screen.queryByRole('button', { name: 'Verify and continue' })).toBeNull();
  });

  it('a dead link goes to the invalid-link page', async () => {
    jest.mocked(sendResumeCode).mockRejectedValue(validation('transactionToken', 'is invalid'));
    const { onDeadLink } = renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(onDeadLink).toHaveBeenCalled());
  });

  it('without a verified destination, explains and offers My applications', () => {
    renderStep([]);
    expect(screen.getByText(/no verified mobile number or e-mail address yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in to My applications with your e-mail' })).toBeTruthy();
  });
});
