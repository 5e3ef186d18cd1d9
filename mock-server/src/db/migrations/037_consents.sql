-- Consents (modules/consent, README "Consents and the receipt"): every tick and untick of a product's consent
-- on an application, with the text version and its sha256, the time, the device, the user agent and the
-- address it came from; the newest row of a consent is its state. Kept as long as the application.
CREATE TABLE application_consents (
  id bigserial PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  consent_id text NOT NULL,
  kind text NOT NULL,
  title text NOT NULL,
  version integer NOT NULL,
  text_hash text NOT NULL,
  accepted boolean NOT NULL,
  device_type text NOT NULL,
  user_agent text NOT NULL,
  ip text NOT NULL,
  recorded_by text,
  created_at timestamptz NOT NULL
);
CREATE INDEX application_consents_application ON application_consents (application_id, consent_id, id DESC);

-- A receipt pass (only its sha256): taken by the applicant's session before the submit ends it, it reads that
-- application's confirmation and receipt until it expires.
CREATE TABLE receipt_passes (
  pass_hash text PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX receipt_passes_application ON receipt_passes (application_id);
