// The password policy of the password reset: what a new password must be, checked by the server on a
// reset (mock-server modules/auth) and shown and checked by the shell's reset page before it sends one.

const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

/** The policy as the reset page lists it, one rule a line. */
export const PASSWORD_POLICY_LINES: readonly string[] = [
  `At least ${PASSWORD_MIN_LENGTH} characters (at most ${PASSWORD_MAX_LENGTH})`,
  'An upper-case letter, a lower-case letter and a digit',
  'A character that is neither a letter nor a digit, such as @ # $ %',
  'Not your user name, and no spaces at either end',
];

/** The first rule a password breaks, as a sentence the field shows; null when it keeps them all. */
export function passwordPolicyProblem(password: string, username: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  if (password.length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  if (password.trim() !== password) return 'must not begin or end with a space';
  if (!/[A-Z]/.test(password)) return 'must contain an upper-case letter';
  if (!/[a-z]/.test(password)) return 'must contain a lower-case letter';
  if (!/\d/.test(password)) return 'must contain a digit';
  if (!/[^A-Za-z0-9]/.test(password)) return 'must contain a character that is neither a letter nor a digit';
  const name = username.trim().toLowerCase();
  if (name.length >= 3 && password.toLowerCase().includes(name)) return 'must not contain your user name';
  return null;
}
