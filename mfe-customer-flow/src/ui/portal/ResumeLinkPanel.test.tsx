import { ApiError, type FormValues, REFUSAL_CODES } from '@originate/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { sendResumeLink } from '../../api/resume';
import { ResumeLinkPanel, requestSendLink } from './ResumeLinkPanel';

jest.mock('../../api/resume', () => ({ sendResumeLink: jest.fn() }));

const VERIFIED: FormValues = {
  email: 'riya@example.com',
  email_otp: { type: 'EMAIL', recipient: 'riya@example.com', isVerified: true },
  mobile: '9876543210',
  mobile_otp: { type: 'SMS', recipient: '9876543210', isVerified: false },
};

function renderPanel(values: FormValues = VERIFIED) {
  const onSent = jest.fn();
  render(<ResumeLinkPanel applicationId="HL-1" token="live" readValues={() => values} onSent={onSent} />);
  return { onSent };
}

describe('ResumeLinkPanel', () => {
  afterEach(() => jest.clearAllMocks());

  it('shows no link in a text box; the save toast opens the dialog with only verified destinations', async () => {
    jest
      .mocked(sendResumeLink)
      .mockResolvedValue({ sent: true, channel: 'EMAIL', to: 'r***@example.com', resumeToken: 'new' });
    const { onSent } = renderPanel();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByText(/transactionToken/)).toBeNull();
    act(() => requestSendLink());
    const dialog = await screen.findByRole('dialog', { name: 'Send me this link' });
    expect(screen.getByRole('radio', { name: 'E-mail to r***@example.com' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /SMS/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith('new'));
    expect(sendResumeLink).toHaveBeenCalledWith('HL-1', 'EMAIL');
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it("says what to do when nothing is verified yet, and shows the server's refusal", async () => {
    renderPanel({ email: 'riya@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Send me this link' }));
    expect(await screen.findByText(/Verify your mobile number or e-mail address in the form first/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send link' })).toBeNull();
  });

  it('a refused send stays in the dialog with the reason', async () => {
    jest
      .mocked(sendResumeLink)
      .mockRejectedValue(new ApiError(429, { code: 429, message: REFUSAL_CODES.TOO_MANY_REQUESTS.message }, '', 20));
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Send me this link' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Too many attempts. Please try again in 20 seconds.')).toBeTruthy();
  });
});
