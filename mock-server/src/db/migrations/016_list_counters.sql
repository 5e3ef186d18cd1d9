-- Lists at a million applications (README "Indexes", "Counters"): the application row names its current
-- task, so the application-driven lists (All, Rejected, Cancelled, approvals, queries, internal) join one
-- task by key and count without the join; and the whole-bank counts are read from counters kept by
-- triggers instead of a scan of every application.

ALTER TABLE applications ADD COLUMN current_task_id text, ADD COLUMN current_task_name text;

-- The current task (012: the latest started), now also written on its application. An application whose
-- tasks are all gone has none.
CREATE OR REPLACE FUNCTION tasks_mark_current(app_ids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE tasks t SET is_current = (t.task_id = m.task_id)
    FROM (SELECT DISTINCT ON (application_id) application_id, task_id FROM tasks
           WHERE application_id IN (SELECT unnest(app_ids))
           ORDER BY application_id, start_time DESC, step_number DESC, task_id DESC) m
   WHERE t.application_id = m.application_id AND t.is_current IS DISTINCT FROM (t.task_id = m.task_id);
  UPDATE applications a SET current_task_id = t.task_id, current_task_name = t.name
    FROM tasks t
   WHERE t.application_id IN (SELECT unnest(app_ids)) AND t.is_current AND a.application_id = t.application_id
     AND (a.current_task_id IS DISTINCT FROM t.task_id OR a.current_task_name IS DISTINCT FROM t.name);
  UPDATE applications a SET current_task_id = NULL, current_task_name = NULL
   WHERE a.application_id IN (SELECT unnest(app_ids)) AND a.current_task_id IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.application_id = a.application_id AND t.is_current);
$$;

-- What decides the current task (start time, step) or its name can change after insert, not only its step.
DROP TRIGGER tasks_current_update ON tasks;
CREATE TRIGGER tasks_current_update AFTER UPDATE OF step_number, application_id, start_time, name ON tasks
  FOR EACH ROW EXECUTE FUNCTION tasks_current_after_update();

-- Counts of listed applications (those with a current task) per status, stage, product, current task
-- name and version: every count group of the All list, and its dropdown filters, is a sum over these few
-- hundred rows. Rows at zero stay (a later change reuses them).
CREATE TABLE application_counts (
  status text NOT NULL,
  stage text NOT NULL,
  product_code text NOT NULL,
  task_name text NOT NULL,
  ver_num integer,
  n bigint NOT NULL,
  CONSTRAINT application_counts_key UNIQUE NULLS NOT DISTINCT (status, stage, product_code, task_name, ver_num)
);

-- One statement's net change per group, applied in key order (two writers lock the rows in the same order).
CREATE FUNCTION application_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO application_counts AS c (status, stage, product_code, task_name, ver_num, n)
    SELECT status, stage, product_code, current_task_name, ver_num, count(*) FROM added
     WHERE current_task_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT application_counts_key DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO application_counts AS c (status, stage, product_code, task_name, ver_num, n)
    SELECT status, stage, product_code, current_task_name, ver_num, -count(*) FROM removed
     WHERE current_task_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT application_counts_key DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO application_counts AS c (status, stage, product_code, task_name, ver_num, n)
    SELECT status, stage, product_code, task_name, ver_num, sum(d) FROM (
      SELECT status, stage, product_code, current_task_name AS task_name, ver_num, -1 AS d FROM removed
       WHERE current_task_id IS NOT NULL
      UNION ALL
      SELECT status, stage, product_code, current_task_name, ver_num, 1 FROM added
       WHERE current_task_id IS NOT NULL) x
     GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT application_counts_key DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER application_counts_insert AFTER INSERT ON applications REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION application_counts_add();
CREATE TRIGGER application_counts_delete AFTER DELETE ON applications REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION application_counts_add();
CREATE TRIGGER application_counts_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION application_counts_add();

-- Existing data: name each application's current task (the update trigger fills the counters).
UPDATE applications a SET current_task_id = t.task_id, current_task_name = t.name
  FROM tasks t WHERE t.application_id = a.application_id AND t.is_current;

-- All: product and amount filters sorted by amount, with their total and closed count from the index alone.
DROP INDEX applications_product_amount;
CREATE INDEX applications_listed_product_amount ON applications (product_code, loan_amount DESC, application_id DESC)
  INCLUDE (status, stage) WHERE current_task_id IS NOT NULL;
-- 003 and 010 both made (status, mod_time DESC).
DROP INDEX IF EXISTS applications_status_mod_time;
-- Fresh statistics after the rewrite of every row, so the planner sees the new columns' spread.
ANALYZE applications;
