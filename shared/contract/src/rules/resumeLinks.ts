// Resume links that are safe (README "Resume links"): only the newest link of an application opens it,
// and a device the application does not know proves who it is with a one-time code sent to one of the
// applicant's verified destinations, shown masked, before anything personal is answered.

/** Who may see the destinations before verifying: only their shape, never the whole number or address. */
export function maskMobile(mobile: string): string {
  const digits = mobile.replace(/\D/g, '').replace(/^91(?=\d{10}$)/, '');
  return `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

/** r***@example.com: the first letter of the name and the whole domain (the applicant recognises it). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** The verify step's wording (portal) and the server's refusals. */
export const RESUME_VERIFY_HEADING = "Verify it's you";
export const RESUME_VERIFY_TEXT =
  'This device has not opened your application before. To keep your details safe, we will send a one-time code to you.';
export const RESUME_NO_DESTINATION_MESSAGE =
  'This application has no verified mobile number or e-mail address yet, so it can only be continued on the device it was started on.';
export const RESUME_LOCKED_MESSAGE =
  'Too many wrong codes: this link is now locked. Open your application on the device you started it on and send yourself a new link, or sign in to My applications with your e-mail.';
/** Every send-link message's text before the link. */
export const RESUME_LINK_MESSAGE_TEXT = 'Continue your loan application here:';
