CREATE TABLE notifications (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('ASSIGNED', 'FOLLOWED', 'TEAM')),
  status_name text,
  application_id text,
  message text NOT NULL,
  -- '1' viewed, '0' unread (spec §3)
  status text NOT NULL DEFAULT '0' CHECK (status IN ('0', '1')),
  is_counted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);
CREATE INDEX notifications_user_created ON notifications (user_id, created_at DESC);
CREATE INDEX notifications_user_uncounted ON notifications (user_id) WHERE NOT is_counted;

CREATE TABLE push_subscriptions (
  endpoint text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  subscription jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
