-- Outgoing e-mail and SMS (modules/messages, README "Messages"): a message is written here in the same
-- transaction as the change that causes it and delivered by the worker after it commits (at least once).
-- status: QUEUED (waits for its first attempt, or for a transport to be configured), SENDING (claimed by a
-- worker until lease_until; a worker killed mid-send leaves it to be claimed again once the lease ends),
-- RETRYING (the last attempt failed; next_attempt_at is the schedule's), SENT, FAILED (the schedule ran out).
CREATE TABLE messages (
  message_id text PRIMARY KEY,
  -- A second enqueue with the same key is a no-op; it goes out as the mail's Message-ID and the SMS reference.
  idempotency_key text NOT NULL UNIQUE,
  channel text NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
  kind text NOT NULL CHECK (kind IN ('OTP', 'PASSWORD_RESET', 'TEMPLATE', 'LIFECYCLE')),
  recipient text NOT NULL,
  subject text,
  -- Null once redacted: an OTP's text (and a reset mail's link) is dropped when it has been delivered.
  body_text text,
  body_html text,
  redacted_at timestamptz,
  application_id text REFERENCES applications (application_id) ON DELETE CASCADE,
  -- The template it was rendered from, as it was named then (the delivery log shows it).
  template_id text,
  template_ver integer,
  template_name text,
  -- [{fileId, version?}]: documents of the application's Docs, read from the file store at delivery.
  attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
  status text NOT NULL DEFAULT 'QUEUED' CHECK (status IN ('QUEUED', 'SENDING', 'SENT', 'RETRYING', 'FAILED')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz NOT NULL,
  lease_until timestamptz,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  created_by text REFERENCES users (userid) ON DELETE SET NULL
);
-- The worker's claim: what is due, oldest first, per channel (a channel without a transport is left alone).
CREATE INDEX messages_due ON messages (channel, next_attempt_at) WHERE status IN ('QUEUED', 'RETRYING');
-- Claims whose lease ran out (a worker that died while sending).
CREATE INDEX messages_leased ON messages (lease_until) WHERE status = 'SENDING';
-- An application's delivery log, newest first.
CREATE INDEX messages_application ON messages (application_id, created_at DESC) WHERE application_id IS NOT NULL;

-- Password reset links (modules/auth/password-reset.ts): single use, so a used link is marked.
ALTER TABLE password_reset_requests ADD COLUMN used_at timestamptz;
-- The address the request came from: requests are limited per user name and per address.
ALTER TABLE password_reset_requests ADD COLUMN client_address text;
CREATE UNIQUE INDEX password_reset_requests_token ON password_reset_requests (token_hash) WHERE token_hash IS NOT NULL;
CREATE INDEX password_reset_requests_user ON password_reset_requests (user_id, requested_at) WHERE user_id IS NOT NULL;

-- What happened to a staff account outside an application (audits are per application): a password reset
-- link requested for it, its password set through one (every session and refresh token then revoked).
CREATE TABLE account_audits (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  event text NOT NULL CHECK (event IN ('PASSWORD_RESET_REQUESTED', 'PASSWORD_RESET')),
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  client_address text,
  created_at timestamptz NOT NULL
);
CREATE INDEX account_audits_user ON account_audits (user_id, created_at DESC);
