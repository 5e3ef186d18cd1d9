-- Dashboard, reports and targets (issue 20, README "Dashboard, reports and targets"). At a million
-- applications no report scans applications: each reads counters kept by statement-level triggers (as
-- 016 and 019 do), which are derived from the rows in the same transaction, so they cannot drift from
-- them; the task and lead figures read narrow partial indexes.

-- Turnaround ends at the decision: the first time an application became COMPLETED or REJECTED, at the
-- writer's clock (its mod_time). A later revert (cancelReject) keeps that first decision.
ALTER TABLE applications ADD COLUMN decided_at timestamptz;
CREATE FUNCTION applications_mark_decided() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.decided_at IS NULL AND NEW.status IN ('COMPLETED', 'REJECTED') THEN
    NEW.decided_at := coalesce(NEW.mod_time, now());
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER applications_decided BEFORE INSERT OR UPDATE OF status ON applications
  FOR EACH ROW WHEN (NEW.decided_at IS NULL AND NEW.status IN ('COMPLETED', 'REJECTED'))
  EXECUTE FUNCTION applications_mark_decided();

-- The bank (IST) day and month of an instant: the buckets every report speaks in.
CREATE FUNCTION bank_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (at AT TIME ZONE 'Asia/Kolkata')::date
$$;

-- Applications created per bank day, product, status and stage, for everyone (the operations admin's
-- unfiltered figures): a few rows per day and product, whatever the number of applications.
CREATE TABLE report_day_counts (
  day date NOT NULL,
  product_code text NOT NULL,
  status text NOT NULL,
  stage text NOT NULL,
  n bigint NOT NULL,
  amount numeric NOT NULL,
  CONSTRAINT report_day_counts_key UNIQUE (day, product_code, status, stage)
);
-- The same per initiating user (null: the portal's) and flow, for a team's, one user's, or per-user
-- figures: a scope of a few users reads their rows by the key's leading user.
CREATE TABLE report_user_day_counts (
  initiated_by text,
  day date NOT NULL,
  product_code text NOT NULL,
  flow_name text NOT NULL,
  status text NOT NULL,
  stage text NOT NULL,
  n bigint NOT NULL,
  amount numeric NOT NULL,
  CONSTRAINT report_user_day_counts_key UNIQUE NULLS NOT DISTINCT (initiated_by, day, product_code, flow_name, status, stage)
);
-- Everyone's per-user figures read the partial months at a range's ends by day.
CREATE INDEX report_user_day_counts_day ON report_user_day_counts (day);
-- Per user and calendar month (no stage): per-user reports over long ranges read whole months here and
-- only the partial months at either end per day; a month's achievement is one month's rows.
CREATE TABLE report_user_month_counts (
  initiated_by text,
  month date NOT NULL,
  product_code text NOT NULL,
  flow_name text NOT NULL,
  status text NOT NULL,
  n bigint NOT NULL,
  amount numeric NOT NULL,
  CONSTRAINT report_user_month_counts_key UNIQUE NULLS NOT DISTINCT (initiated_by, month, product_code, flow_name, status)
);
CREATE INDEX report_user_month_counts_month ON report_user_month_counts (month);
-- Decisions per bank day of the decision and product (everyone's), and per user: how many and the sum
-- of their submission-to-decision seconds. A deleted application leaves the figures.
CREATE TABLE report_decision_counts (
  day date NOT NULL,
  product_code text NOT NULL,
  n bigint NOT NULL,
  seconds numeric NOT NULL,
  CONSTRAINT report_decision_counts_key UNIQUE (day, product_code)
);
CREATE TABLE report_user_decision_counts (
  initiated_by text NOT NULL,
  day date NOT NULL,
  product_code text NOT NULL,
  n bigint NOT NULL,
  seconds numeric NOT NULL,
  CONSTRAINT report_user_decision_counts_key UNIQUE (initiated_by, day, product_code)
);

-- One statement's net change per group of every counter, applied in key order (two writers lock the
-- rows in the same order). The transition tables are named by the operation, so the delta is one
-- EXECUTEd query over whichever exist; unchanged groups (an ordinary save) write nothing.
CREATE FUNCTION report_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT a.*, 1 AS s FROM added a'
    WHEN 'DELETE' THEN 'SELECT r.*, -1 AS s FROM removed r'
    ELSE 'SELECT r.*, -1 AS s FROM removed r UNION ALL SELECT a.*, 1 FROM added a' END;
  rows text := format($r$SELECT *, bank_day(cre_time) AS day, coalesce(doc ->> 'flowName', doc ->> 'flowId', '') AS flow
                          FROM (%s) d$r$, delta);
BEGIN
  -- Most updates (a save of the document, mod_time, the current task) change nothing counted: one look
  -- at the transition tables instead of five upserts on every write.
  -- (Nested: a statement naming `removed` can only be planned in an UPDATE's trigger.)
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
       SELECT 1 FROM added a LEFT JOIN removed r ON r.application_id = a.application_id
        WHERE r.application_id IS NULL
           OR (r.product_code, r.status, r.stage, r.loan_amount, r.cre_time, r.decided_at, r.initiated_by,
               coalesce(r.doc ->> 'flowName', r.doc ->> 'flowId', ''))
              IS DISTINCT FROM
              (a.product_code, a.status, a.stage, a.loan_amount, a.cre_time, a.decided_at, a.initiated_by,
               coalesce(a.doc ->> 'flowName', a.doc ->> 'flowId', ''))) THEN
      RETURN NULL;
    END IF;
  END IF;
  EXECUTE format($q$
    INSERT INTO report_day_counts AS c (day, product_code, status, stage, n, amount)
    SELECT day, product_code, status, stage, sum(s), sum(s * loan_amount) FROM (%s) x
     GROUP BY 1, 2, 3, 4 HAVING sum(s) <> 0 OR sum(s * loan_amount) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT report_day_counts_key DO UPDATE SET n = c.n + excluded.n, amount = c.amount + excluded.amount
  $q$, rows);
  EXECUTE format($q$
    INSERT INTO report_user_day_counts AS c (initiated_by, day, product_code, flow_name, status, stage, n, amount)
    SELECT initiated_by, day, product_code, flow, status, stage, sum(s), sum(s * loan_amount) FROM (%s) x
     GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(s) <> 0 OR sum(s * loan_amount) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT report_user_day_counts_key DO UPDATE SET n = c.n + excluded.n, amount = c.amount + excluded.amount
  $q$, rows);
  EXECUTE format($q$
    INSERT INTO report_user_month_counts AS c (initiated_by, month, product_code, flow_name, status, n, amount)
    SELECT initiated_by, date_trunc('month', day)::date, product_code, flow, status, sum(s), sum(s * loan_amount) FROM (%s) x
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(s) <> 0 OR sum(s * loan_amount) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT report_user_month_counts_key DO UPDATE SET n = c.n + excluded.n, amount = c.amount + excluded.amount
  $q$, rows);
  EXECUTE format($q$
    INSERT INTO report_decision_counts AS c (day, product_code, n, seconds)
    SELECT bank_day(decided_at), product_code, sum(s), sum(s * extract(epoch FROM decided_at - cre_time)) FROM (%s) x
     WHERE decided_at IS NOT NULL AND status <> 'DELETED'
     GROUP BY 1, 2 HAVING sum(s) <> 0 OR sum(s * extract(epoch FROM decided_at - cre_time)) <> 0 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT report_decision_counts_key DO UPDATE SET n = c.n + excluded.n, seconds = c.seconds + excluded.seconds
  $q$, delta);
  EXECUTE format($q$
    INSERT INTO report_user_decision_counts AS c (initiated_by, day, product_code, n, seconds)
    SELECT initiated_by, bank_day(decided_at), product_code, sum(s), sum(s * extract(epoch FROM decided_at - cre_time)) FROM (%s) x
     WHERE decided_at IS NOT NULL AND status <> 'DELETED' AND initiated_by IS NOT NULL
     GROUP BY 1, 2, 3 HAVING sum(s) <> 0 OR sum(s * extract(epoch FROM decided_at - cre_time)) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT report_user_decision_counts_key DO UPDATE SET n = c.n + excluded.n, seconds = c.seconds + excluded.seconds
  $q$, delta);
  RETURN NULL;
END $$;

-- Existing data first (before the triggers, so nothing counts twice): decisions of the applications
-- already decided take their last change as the decision time, the best the rows still know.
UPDATE applications SET decided_at = mod_time WHERE status IN ('COMPLETED', 'REJECTED') AND decided_at IS NULL;
INSERT INTO report_day_counts (day, product_code, status, stage, n, amount)
SELECT bank_day(cre_time), product_code, status, stage, count(*), sum(loan_amount) FROM applications GROUP BY 1, 2, 3, 4;
INSERT INTO report_user_day_counts (initiated_by, day, product_code, flow_name, status, stage, n, amount)
SELECT initiated_by, bank_day(cre_time), product_code, coalesce(doc ->> 'flowName', doc ->> 'flowId', ''), status, stage,
       count(*), sum(loan_amount)
  FROM applications GROUP BY 1, 2, 3, 4, 5, 6;
INSERT INTO report_user_month_counts (initiated_by, month, product_code, flow_name, status, n, amount)
SELECT initiated_by, date_trunc('month', day)::date, product_code, flow_name, status, sum(n), sum(amount)
  FROM report_user_day_counts GROUP BY 1, 2, 3, 4, 5;
INSERT INTO report_decision_counts (day, product_code, n, seconds)
SELECT bank_day(decided_at), product_code, count(*), sum(extract(epoch FROM decided_at - cre_time)) FROM applications
 WHERE decided_at IS NOT NULL AND status <> 'DELETED' GROUP BY 1, 2;
INSERT INTO report_user_decision_counts (initiated_by, day, product_code, n, seconds)
SELECT initiated_by, bank_day(decided_at), product_code, count(*), sum(extract(epoch FROM decided_at - cre_time)) FROM applications
 WHERE decided_at IS NOT NULL AND status <> 'DELETED' AND initiated_by IS NOT NULL GROUP BY 1, 2, 3;

CREATE TRIGGER report_counts_insert AFTER INSERT ON applications REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION report_counts_add();
CREATE TRIGGER report_counts_delete AFTER DELETE ON applications REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION report_counts_add();
CREATE TRIGGER report_counts_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION report_counts_add();

-- SLA breaches: when a task's overall SLA runs out (lists.ts operationalLevelAgreement: start plus the
-- limit). Adding minutes to an instant does not depend on the time zone, so this may be IMMUTABLE and
-- indexed. Open current tasks with a limit, per queue and per assignee: everyone's breached count is
-- the open count less the few not yet due (a short range at the top of the index), since most open
-- tasks of a large bank are long past due.
CREATE FUNCTION task_sla_due(start_time timestamptz, sla_mins integer) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN sla_mins > 0 THEN start_time + make_interval(mins => sla_mins) END
$$;
CREATE INDEX tasks_open_current_due ON tasks (task_sla_due(start_time, sla_overall_mins)) INCLUDE (name)
  WHERE is_current AND progress IN ('In Progress', 'Pending');
CREATE INDEX tasks_open_current_assignee ON tasks (assigned_to, name) INCLUDE (start_time, sla_overall_mins)
  WHERE is_current AND progress IN ('In Progress', 'Pending');

-- Open current tasks per queue (task name): everyone's open count without a scan, and how many of
-- them have an SLA limit. Kept like the counters above.
CREATE TABLE report_open_task_counts (
  name text NOT NULL,
  with_sla boolean NOT NULL,
  n bigint NOT NULL,
  CONSTRAINT report_open_task_counts_key UNIQUE (name, with_sla)
);
CREATE FUNCTION report_open_tasks_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT a.*, 1 AS s FROM added a'
    WHEN 'DELETE' THEN 'SELECT r.*, -1 AS s FROM removed r'
    ELSE 'SELECT r.*, -1 AS s FROM removed r UNION ALL SELECT a.*, 1 FROM added a' END;
BEGIN
  -- An update that changes no counted column of a task (most do: mod_time, review date, assignee) writes nothing.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
       SELECT 1 FROM added a LEFT JOIN removed r ON r.task_id = a.task_id
        WHERE r.task_id IS NULL
           OR (r.name, coalesce(r.sla_overall_mins, 0) > 0, r.is_current, r.progress)
              IS DISTINCT FROM (a.name, coalesce(a.sla_overall_mins, 0) > 0, a.is_current, a.progress)) THEN
      RETURN NULL;
    END IF;
  END IF;
  EXECUTE format($q$
    INSERT INTO report_open_task_counts AS c (name, with_sla, n)
    SELECT name, coalesce(sla_overall_mins, 0) > 0, sum(s) FROM (%s) x
     WHERE is_current AND progress IN ('In Progress', 'Pending')
     GROUP BY 1, 2 HAVING sum(s) <> 0 ORDER BY 1, 2
    ON CONFLICT ON CONSTRAINT report_open_task_counts_key DO UPDATE SET n = c.n + excluded.n
  $q$, delta);
  RETURN NULL;
END $$;
INSERT INTO report_open_task_counts (name, with_sla, n)
SELECT name, coalesce(sla_overall_mins, 0) > 0, count(*) FROM tasks
 WHERE is_current AND progress IN ('In Progress', 'Pending') GROUP BY 1, 2;
CREATE TRIGGER report_open_tasks_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION report_open_tasks_add();
CREATE TRIGGER report_open_tasks_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION report_open_tasks_add();
CREATE TRIGGER report_open_tasks_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION report_open_tasks_add();

-- Conversion: leads created in a range, by owner or everyone's, with their application read alongside.
CREATE INDEX leads_owner_created ON leads (owner_id, cre_time) INCLUDE (application_id);
CREATE INDEX leads_created ON leads (cre_time) INCLUDE (application_id, owner_id);
-- Pending: approvals_approver_pending and sub_tasks_assignee_open (009) count them by person or all.

-- Monthly targets (POST /target/saveTarget): what a user should originate in a month. Achievement is
-- never stored: it is read from the counters above.
CREATE TABLE targets (
  user_id text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  target_count integer NOT NULL CHECK (target_count >= 0),
  target_amount numeric(15, 0) NOT NULL CHECK (target_amount >= 0),
  set_by text NOT NULL REFERENCES users (userid),
  set_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, month)
);
CREATE INDEX targets_month ON targets (month);

ANALYZE report_day_counts;
ANALYZE report_user_day_counts;
ANALYZE report_user_month_counts;

-- The SLA due index's expression has no statistics until tasks is analysed: without them the planner
-- estimated a tenth of the open tasks not yet due and scanned them all (1 s at a million applications).
ANALYZE tasks;
