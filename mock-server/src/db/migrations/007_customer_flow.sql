-- Customer flow (README "Customer flow"): configuration tables (JSONB, schema-checked on write),
-- applicant sessions, resume tokens, validations queue, OTP, captcha replay guard and documents.

CREATE TABLE products (
  product_code text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE flow_configs (
  flow_id text NOT NULL,
  ver_num integer NOT NULL,
  mode text NOT NULL CHECK (mode IN ('SAVED', 'DRAFT')),
  product_code text NOT NULL,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (flow_id, ver_num, mode)
);
CREATE INDEX flow_configs_product ON flow_configs (product_code, ver_num DESC);

CREATE TABLE component_configs (
  component_id text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE page_rules (
  flow_id text NOT NULL,
  ver_num integer NOT NULL,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (flow_id, ver_num)
);

CREATE TABLE field_options (
  property_type text NOT NULL CHECK (property_type IN ('DROPDOWN', 'RADIO')),
  property text NOT NULL,
  value jsonb NOT NULL,
  PRIMARY KEY (property_type, property)
);

CREATE TABLE translations (
  lang text PRIMARY KEY,
  value jsonb NOT NULL
);

-- The pincode_lookup microflow's reference data.
CREATE TABLE pincodes (
  pincode text PRIMARY KEY,
  city text NOT NULL,
  state text NOT NULL
);

-- An applicant session belongs to one application instead of a user.
ALTER TABLE sessions ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE sessions ADD COLUMN application_id text REFERENCES applications (application_id) ON DELETE CASCADE;
ALTER TABLE sessions ADD CONSTRAINT sessions_owner CHECK ((user_id IS NULL) <> (application_id IS NULL));

CREATE SEQUENCE application_number START 500001;

CREATE TABLE resume_tokens (
  token_hash text PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX resume_tokens_application ON resume_tokens (application_id);

CREATE TABLE validation_queues (
  application_id text PRIMARY KEY REFERENCES applications (application_id) ON DELETE CASCADE,
  pending jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE otp_codes (
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  field_key text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('SMS', 'EMAIL')),
  recipient text NOT NULL,
  code_hash text NOT NULL,
  sent_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  verified_at timestamptz,
  PRIMARY KEY (application_id, field_key)
);

CREATE TABLE otp_outbox (
  id bigserial PRIMARY KEY,
  application_id text NOT NULL,
  field_key text NOT NULL,
  channel text NOT NULL,
  recipient text NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX otp_outbox_recipient ON otp_outbox (recipient, created_at DESC);

CREATE TABLE captcha_used (
  challenge_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

CREATE TABLE documents (
  file_id text PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  field_key text NOT NULL,
  file_name text NOT NULL,
  mime_type text NOT NULL,
  size integer NOT NULL,
  created_at timestamptz NOT NULL,
  removed_at timestamptz
);
CREATE INDEX documents_application ON documents (application_id);
