// The password reset's two public calls, through the web package's one http client.
import { API_PATHS, type ResetPasswordBody, type ResetPasswordCheckAnswer } from '@originate/contract';
import { api } from '@originate/web';

/** GET resetPasswordCheck: whether the link's token may still be used, and whose it is. */
export function checkResetToken(token: string): Promise<ResetPasswordCheckAnswer> {
  return api.get<ResetPasswordCheckAnswer>(API_PATHS.resetPasswordCheck, { searchParams: { token } });
}

/** POST resetPassword: sets the new password; the link cannot be used again. */
export function resetPassword(body: ResetPasswordBody): Promise<unknown> {
  return api.post(API_PATHS.resetPassword, body);
}
