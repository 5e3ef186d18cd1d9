-- Wrong OTP codes counted per recipient and purpose, not per code: a resend
-- or another application no longer starts the count over (README "OTP"). The same table holds each
-- client address's verify attempts (purpose 'address'). A code is bound to whoever asked for it: the
-- session, or the sha256 of the portal's sign-in challenge cookie. An applicant session has an absolute
-- end (README "Applicant sessions").
CREATE TABLE otp_attempts (
  purpose text NOT NULL CHECK (purpose IN ('portal_sign_in', 'flow_otp', 'address')),
  -- The normalised recipient (lower-case e-mail, 10-digit mobile), or the client address.
  subject text NOT NULL,
  attempts integer NOT NULL,
  window_start timestamptz NOT NULL,
  locked_until timestamptz,
  PRIMARY KEY (purpose, subject)
);

ALTER TABLE otp_codes DROP COLUMN failures;
ALTER TABLE otp_codes DROP COLUMN locked_until;
-- Codes sent before this migration were bound to nobody: they verify nowhere (they lived 5 minutes anyway).
ALTER TABLE otp_codes ADD COLUMN bound_to text NOT NULL DEFAULT '';
ALTER TABLE otp_codes ALTER COLUMN bound_to DROP DEFAULT;

ALTER TABLE sessions ADD COLUMN ends_at timestamptz;
-- Applicant sessions opened before this migration end 12 hours after they began (the default).
UPDATE sessions SET ends_at = created_at + interval '12 hours' WHERE application_id IS NOT NULL;
ALTER TABLE sessions ADD CONSTRAINT sessions_applicant_ends CHECK ((ends_at IS NOT NULL) = (application_id IS NOT NULL));
