// The words to show for a failed call inside a field (upload, OTP, signature): the server's reasons
// when it gave some, the wait after too many attempts (the server's own words when it had some, as a
// locked OTP's 'Too many wrong codes. Try again in 15 minutes.'), else the catalogue's generic sentence.
import { ApiError, GENERIC_ERROR_MESSAGE, REFUSAL_CODES, tooManyAttemptsMessage } from '@originate/contract';

export function problemText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) {
      const worded = error.message !== REFUSAL_CODES.TOO_MANY_REQUESTS.message && error.code === 429;
      return worded ? error.message : tooManyAttemptsMessage(error.retryAfterSeconds);
    }
    const reasons = reasonsOf(error);
    if (reasons.length > 0) return reasons.join('; ');
    if (error.message && error.status < 500) return error.message;
  }
  return GENERIC_ERROR_MESSAGE;
}

/** The reasons of a validation answer, whether the server put them under `errors` or `data`. */
function reasonsOf(error: ApiError): string[] {
  const data = (error.body as { data?: unknown } | null)?.data;
  const fromData = Array.isArray(data)
    ? data.flatMap((item) =>
        typeof item === 'object' && item !== null && typeof (item as { reason?: unknown }).reason === 'string'
          ? [(item as { reason: string }).reason]
          : [],
      )
    : [];
  const fromErrors = error.items.map((item) => item.replace(/^.* - /, ''));
  return fromErrors.length > 0 ? fromErrors : fromData;
}
