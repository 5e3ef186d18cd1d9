CREATE TABLE configs (
  type text NOT NULL,
  name text NOT NULL,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  PRIMARY KEY (type, name)
);
