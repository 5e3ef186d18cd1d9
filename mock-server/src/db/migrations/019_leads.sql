-- Leads (issue 19, README "Leads"): prospects staff work before there is an application, and their
-- history. Numbered after 018 (staff resume links, another branch) so both apply in order.
CREATE SEQUENCE lead_number START 1000;
CREATE TABLE leads (
  -- LD-<year>-<7 digits>: new leads from lead_number; the demo's fixed ones and the generated LD-2025-… below 1000 or in another year.
  lead_id text PRIMARY KEY,
  product_code text NOT NULL,
  product_name text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  prospect_name text GENERATED ALWAYS AS (first_name || ' ' || last_name) STORED,
  mobile text NOT NULL,
  email text,
  city text,
  source text NOT NULL CHECK (source IN ('WALK_IN', 'PHONE', 'WEB_CALLBACK', 'REFERRAL')),
  loan_amount numeric,
  status text NOT NULL CHECK (status IN ('NEW', 'CONTACTED', 'QUALIFIED', 'CONVERTED', 'LOST')),
  lost_reason text,
  owner_id text REFERENCES users (userid),
  team_id text NOT NULL,
  team_name text NOT NULL,
  follow_up_at timestamptz,
  application_id text,
  pmay jsonb,
  created_by jsonb,
  cre_time timestamptz NOT NULL,
  mod_time timestamptz NOT NULL
);
CREATE TABLE lead_activities (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_id text NOT NULL REFERENCES leads (lead_id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('CREATED', 'CALL', 'NOTE', 'STATUS', 'ASSIGNED', 'FOLLOW_UP', 'UPDATED', 'CONVERTED')),
  comment text,
  call_outcome text,
  from_status text,
  to_status text,
  assignee jsonb,
  follow_up_at timestamptz,
  by jsonb,
  at timestamptz NOT NULL
);
CREATE INDEX lead_activities_lead ON lead_activities (lead_id, at DESC, id DESC);

-- The lists (README "Leads: indexes"): My Leads by owner, Team Leads by team, each newest first or by
-- follow-up; 'due today' over open leads only; search by id, name or mobile prefix.
CREATE INDEX leads_owner_mod ON leads (owner_id, mod_time DESC, lead_id DESC);
CREATE INDEX leads_team_mod ON leads (team_id, mod_time DESC, lead_id DESC);
CREATE INDEX leads_mod ON leads (mod_time DESC, lead_id DESC);
CREATE INDEX leads_owner_follow_open ON leads (owner_id, follow_up_at) WHERE status IN ('NEW', 'CONTACTED', 'QUALIFIED');
CREATE INDEX leads_team_follow_open ON leads (team_id, follow_up_at) WHERE status IN ('NEW', 'CONTACTED', 'QUALIFIED');
-- Every lead's 'due today' count (admins) read from the index alone: its status and team ride along.
CREATE INDEX leads_follow_open ON leads (follow_up_at) INCLUDE (status, team_id, product_code, source)
  WHERE status IN ('NEW', 'CONTACTED', 'QUALIFIED');
CREATE INDEX leads_status_mod ON leads (status, mod_time DESC, lead_id DESC);
CREATE INDEX leads_id_prefix ON leads (lead_id text_pattern_ops);
CREATE INDEX leads_name_prefix ON leads (lower(prospect_name) text_pattern_ops);
CREATE INDEX leads_mobile_prefix ON leads (mobile text_pattern_ops);
-- The per-phone limit of web callbacks (a day's requests for one mobile number).
CREATE INDEX leads_callback_mobile ON leads (mobile, cre_time) WHERE source = 'WEB_CALLBACK';

-- Counts of leads per team, status, source, product and, for open leads, the bank day (IST) of their
-- follow-up (the product's name rides along): Team Leads' count groups and 'due today', unfiltered or
-- filtered on status, source or product only, are sums over these rows (a few per team, product and
-- follow-up day) at any number of leads. Kept like application_counts (016): one statement's net change
-- per group, in key order.
CREATE FUNCTION lead_follow_day(status text, follow_up_at timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN status IN ('NEW', 'CONTACTED', 'QUALIFIED') AND follow_up_at IS NOT NULL
              THEN floor((extract(epoch FROM follow_up_at) + 19800) / 86400)::integer END
$$;
CREATE TABLE lead_counts (
  team_id text NOT NULL,
  status text NOT NULL,
  source text NOT NULL,
  product_code text NOT NULL,
  product_name text NOT NULL,
  follow_day integer,
  n bigint NOT NULL,
  CONSTRAINT lead_counts_key UNIQUE NULLS NOT DISTINCT (team_id, status, source, product_code, product_name, follow_day)
);
CREATE FUNCTION lead_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lead_counts AS c (team_id, status, source, product_code, product_name, follow_day, n)
    SELECT team_id, status, source, product_code, product_name, lead_follow_day(status, follow_up_at), count(*)
      FROM added GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT lead_counts_key DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO lead_counts AS c (team_id, status, source, product_code, product_name, follow_day, n)
    SELECT team_id, status, source, product_code, product_name, lead_follow_day(status, follow_up_at), -count(*)
      FROM removed GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT lead_counts_key DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO lead_counts AS c (team_id, status, source, product_code, product_name, follow_day, n)
    SELECT team_id, status, source, product_code, product_name, follow_day, sum(d) FROM (
      SELECT team_id, status, source, product_code, product_name, lead_follow_day(status, follow_up_at) AS follow_day, -1 AS d
        FROM removed
      UNION ALL
      SELECT team_id, status, source, product_code, product_name, lead_follow_day(status, follow_up_at), 1 FROM added) x
     GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT lead_counts_key DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER lead_counts_insert AFTER INSERT ON leads REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_add();
CREATE TRIGGER lead_counts_delete AFTER DELETE ON leads REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_add();
CREATE TRIGGER lead_counts_update AFTER UPDATE ON leads REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION lead_counts_add();
