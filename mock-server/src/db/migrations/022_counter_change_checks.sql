-- The counters' 'did anything counted change?' look at an UPDATE's transition tables (020) as a set difference.
-- As NOT EXISTS over a LEFT JOIN, the planner expected a first row soon and chose a nested loop over the two
-- transition tables; when nothing counted changed (the usual case) it read one table once per row of the
-- other: the seed's 20,000-row updates (tasks_mark_current) took minutes a batch. EXCEPT reads each once.
-- NULLs compare as equal in EXCEPT, as they did under IS DISTINCT FROM.

CREATE OR REPLACE FUNCTION report_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
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
       SELECT a.application_id, a.product_code, a.status, a.stage, a.loan_amount, a.cre_time, a.decided_at,
              a.initiated_by, coalesce(a.doc ->> 'flowName', a.doc ->> 'flowId', '') FROM added a
       EXCEPT
       SELECT r.application_id, r.product_code, r.status, r.stage, r.loan_amount, r.cre_time, r.decided_at,
              r.initiated_by, coalesce(r.doc ->> 'flowName', r.doc ->> 'flowId', '') FROM removed r) THEN
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

CREATE OR REPLACE FUNCTION report_open_tasks_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT a.*, 1 AS s FROM added a'
    WHEN 'DELETE' THEN 'SELECT r.*, -1 AS s FROM removed r'
    ELSE 'SELECT r.*, -1 AS s FROM removed r UNION ALL SELECT a.*, 1 FROM added a' END;
BEGIN
  -- An update that changes no counted column of a task (most do: mod_time, review date, assignee) writes nothing.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
       SELECT a.task_id, a.name, coalesce(a.sla_overall_mins, 0) > 0, a.is_current, a.progress FROM added a
       EXCEPT
       SELECT r.task_id, r.name, coalesce(r.sla_overall_mins, 0) > 0, r.is_current, r.progress FROM removed r) THEN
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
