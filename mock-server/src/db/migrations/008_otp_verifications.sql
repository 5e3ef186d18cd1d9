-- Every successful OTP verification, kept apart from otp_codes (whose row a new code overwrites), so a
-- submit can check that an OTP value claiming isVerified names a recipient the server really verified.
CREATE TABLE otp_verifications (
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  field_key text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('SMS', 'EMAIL')),
  recipient text NOT NULL,
  verified_at timestamptz NOT NULL,
  PRIMARY KEY (application_id, field_key, channel, recipient)
);
