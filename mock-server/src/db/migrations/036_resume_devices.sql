-- Resume links that are safe (README "Resume links"): the one device an application knows, by the sha256 of
-- its httpOnly device cookie: the device that created the application, or the one that last proved itself
-- with a one-time code. A link opened anywhere else needs that code first.
CREATE TABLE resume_devices (
  application_id text PRIMARY KEY REFERENCES applications (application_id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  bound_at timestamptz NOT NULL
);
-- 'Send me this link': its text holds a live link, so the worker drops it once delivered (as an OTP's).
ALTER TABLE messages DROP CONSTRAINT messages_kind_check;
ALTER TABLE messages ADD CONSTRAINT messages_kind_check
  CHECK (kind IN ('OTP', 'PASSWORD_RESET', 'TEMPLATE', 'LIFECYCLE', 'RESUME_LINK'));
-- A resume link's device check counts its wrong codes under a purpose of its own (README "OTP").
ALTER TABLE otp_attempts DROP CONSTRAINT otp_attempts_purpose_check;
ALTER TABLE otp_attempts ADD CONSTRAINT otp_attempts_purpose_check
  CHECK (purpose IN ('portal_sign_in', 'flow_otp', 'resume_device', 'address'));
