// The message the login form shows inline for a failed login.
import { ApiError, GENERIC_ERROR_MESSAGE, tooManyAttemptsMessage } from '@originate/contract';

export const UNREACHABLE_MESSAGE = 'The server cannot be reached. Please try again.';
export const GENERIC_MESSAGE = GENERIC_ERROR_MESSAGE;

export function loginErrorMessage(error: unknown): string {
  // The server's own words: 'Invalid username or password', the portal refusal, validation reasons;
  // a lockout also says when the user may try again.
  if (error instanceof ApiError && error.status === 429) return tooManyAttemptsMessage(error.retryAfterSeconds);
  if (error instanceof ApiError) return error.items.length > 0 ? error.items.join('; ') : error.message;
  if (error instanceof TypeError) return UNREACHABLE_MESSAGE;
  return GENERIC_MESSAGE;
}
