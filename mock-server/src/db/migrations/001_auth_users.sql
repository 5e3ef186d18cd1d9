-- Users, teams and sessions. Tokens are never stored: only their sha256.
CREATE TABLE teams (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  type text NOT NULL CHECK (type IN ('HIERARCHY', 'DEPT')),
  lead_user_id text
);

CREATE TABLE users (
  userid text PRIMARY KEY,
  username text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  display_name text NOT NULL,
  email text,
  password_hash text NOT NULL,
  roles jsonb NOT NULL DEFAULT '[]',
  applications jsonb NOT NULL DEFAULT '[]',
  selected_teams jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));

CREATE TABLE user_teams (
  user_id text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  team_id text NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  all_teams boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, team_id)
);
CREATE INDEX user_teams_team ON user_teams (team_id);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  xsrf_token text NOT NULL,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE access_tokens (
  token_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX access_tokens_session ON access_tokens (session_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  -- set when the token was rotated; presenting it again means it leaked
  used_at timestamptz
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

CREATE TABLE short_tokens (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  session_id text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

CREATE TABLE password_reset_requests (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  user_id text REFERENCES users (userid) ON DELETE SET NULL,
  redirect_url text NOT NULL,
  token_hash text,
  requested_at timestamptz NOT NULL,
  expires_at timestamptz
);

CREATE TABLE meta (
  key text PRIMARY KEY,
  value text NOT NULL
);
