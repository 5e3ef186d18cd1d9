// The portal's 'Request a call back' form: what was typed into the request body, and every reason it is
// refused by field (the contract's schema and callback-time rule, the checks the server makes).
import { CALLBACK_MAX_DAYS_AHEAD, type CallbackRequestBody, callbackTimeProblem } from '@originate/contract';
import { CallbackRequestBodySchema, schemaIssues } from '@originate/contract/schemas';

export interface CallbackValues {
  name: string;
  mobile: string;
  email: string;
  /** The datetime-local input: 'YYYY-MM-DDTHH:mm' in the applicant's time. */
  preferredTime: string;
  consent: boolean;
}

export const EMPTY_CALLBACK: CallbackValues = { name: '', mobile: '', email: '', preferredTime: '', consent: false };

const localToIso = (value: string) => {
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? new Date(value) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : value;
};

export function callbackBody(
  productCode: string,
  values: CallbackValues,
  captchaResponse?: string,
): CallbackRequestBody {
  const email = values.email.trim();
  return {
    product_code: productCode,
    name: values.name.trim(),
    mobile: values.mobile.trim(),
    ...(email ? { email } : {}),
    preferredTime: localToIso(values.preferredTime),
    consent: values.consent as true,
    ...(captchaResponse ? { captchaResponse } : {}),
  };
}

const LABELS: Record<string, string> = {
  name: 'Your name',
  mobile: 'Mobile number',
  email: 'E-mail',
  preferredTime: 'Preferred time',
  consent: 'Consent',
};

/** Reasons by field, worded for the applicant; empty when the request may be sent. */
export function callbackIssues(productCode: string, values: CallbackValues, now: Date): Record<string, string> {
  const issues: Record<string, string> = {};
  const body = callbackBody(productCode, values);
  for (const issue of schemaIssues(CallbackRequestBodySchema, body)) {
    if (issues[issue.path] || !(issue.path in LABELS)) continue;
    issues[issue.path] =
      issue.path === 'consent'
        ? 'Please agree to be called about this loan'
        : issue.path === 'mobile'
          ? 'Enter a 10-digit mobile number'
          : issue.path === 'email'
            ? 'Enter a valid e-mail address'
            : `${LABELS[issue.path]} is invalid`;
  }
  if (!values.name.trim()) issues.name = 'Your name is required';
  if (!values.preferredTime) issues.preferredTime = 'Choose when we should call you';
  else if (!issues.preferredTime) {
    const problem = callbackTimeProblem(body.preferredTime, now, CALLBACK_MAX_DAYS_AHEAD);
    if (problem) issues.preferredTime = `Preferred time ${problem}`;
  }
  return issues;
}
