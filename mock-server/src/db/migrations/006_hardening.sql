-- Login lockout (README "Brute-force control"): failed logins per user name, known or not.
CREATE TABLE login_failures (
  username_key text PRIMARY KEY,
  failures integer NOT NULL,
  first_failure_at timestamptz NOT NULL,
  locked_until timestamptz
);

-- Refresh rotation grace: the pair a rotation issued, sealed with a key only the presenter of the
-- rotated token can derive, so a second tab presenting the same token within seconds gets that pair.
ALTER TABLE refresh_tokens ADD COLUMN successor text;
