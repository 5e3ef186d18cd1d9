-- What an operations admin changed in the bank's configuration (README "Configuration audit"): a product,
-- its limits, the theme, a user's roles and teams; audits are per application, this is per configuration.
CREATE TABLE config_audits (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('PRODUCT', 'PRODUCT_LIMITS', 'CONFIG', 'USER_ACCESS')),
  config_key text NOT NULL,
  old_value jsonb,
  new_value jsonb NOT NULL,
  user_id text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX config_audits_key ON config_audits (kind, config_key, created_at DESC);
