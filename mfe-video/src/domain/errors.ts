// What a failed call list or join says inline: the house's classification (contract classifyError, the same
// one reportError turns into the modal or toast), so a refusal reads as the server's reason.
import { classifyError } from '@originate/contract';

export function errorText(error: unknown): string {
  const outcome = classifyError(error);
  switch (outcome.kind) {
    case 'validation':
      return outcome.items.join('; ') || outcome.title;
    case 'passthrough':
    case 'generic':
    case 'sessionExpired':
      return outcome.message;
    case 'invalidUser':
    case 'resubmission':
      return 'The request was not completed.';
  }
}
