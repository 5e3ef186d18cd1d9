-- Product lifecycles as versioned configuration (modules/lifecycle, README "Lifecycles"): every save is a new
-- version; an application records the version it started with in doc.lifecycle and walks that one.
CREATE TABLE lifecycle_versions (
  product_code text NOT NULL,
  ver_num integer NOT NULL CHECK (ver_num > 0),
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  created_by text REFERENCES users (userid) ON DELETE SET NULL,
  PRIMARY KEY (product_code, ver_num)
);

-- The team hierarchy (branch → region → zone): a lifecycle task worked by "the branch team, level n" goes to
-- the branch's ancestor n levels up.
ALTER TABLE teams ADD COLUMN parent_id text REFERENCES teams (id) ON DELETE SET NULL;

-- What a task opened from a lifecycle carries beyond the step: whether its step waits for it, and the clock
-- its SLA parts count on (the lists compute each part's expected end with it).
ALTER TABLE tasks ADD COLUMN blocking boolean NOT NULL DEFAULT true;
ALTER TABLE tasks ADD COLUMN sla_clock text NOT NULL DEFAULT 'CALENDAR' CHECK (sla_clock IN ('CALENDAR', 'WORKING_HOURS'));

-- Round-robin hand-out: who got each task of each product's step last (the next candidate after them gets
-- the next one; the row's lock makes two hand-outs at once take turns).
CREATE TABLE lifecycle_rotation (
  product_code text NOT NULL,
  step_name text NOT NULL,
  task_name text NOT NULL,
  last_user text,
  PRIMARY KEY (product_code, step_name, task_name)
);

-- Least-loaded hand-out counts each candidate's open tasks: one index range per user.
CREATE INDEX tasks_open_assignee ON tasks (assigned_to) WHERE progress IN ('In Progress', 'Pending');

-- The current task is the latest started of the open ones (a step of parallel tasks keeps one open task
-- current until the last of them closes), else the latest started. Opening a task marks it (the insert
-- trigger); closing one of several open tasks of a step moves the mark in the completing action itself
-- (modules/tasks/actions.ts), not in a trigger on every progress change.
CREATE OR REPLACE FUNCTION tasks_mark_current(app_ids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE tasks t SET is_current = (t.task_id = m.task_id)
    FROM (SELECT DISTINCT ON (application_id) application_id, task_id FROM tasks
           WHERE application_id IN (SELECT unnest(app_ids))
           ORDER BY application_id, progress IN ('In Progress', 'Pending') DESC, start_time DESC, step_number DESC,
                    task_id DESC) m
   WHERE t.application_id = m.application_id AND t.is_current IS DISTINCT FROM (t.task_id = m.task_id);
  UPDATE applications a SET current_task_id = t.task_id, current_task_name = t.name
    FROM tasks t
   WHERE t.application_id IN (SELECT unnest(app_ids)) AND t.is_current AND a.application_id = t.application_id
     AND (a.current_task_id IS DISTINCT FROM t.task_id OR a.current_task_name IS DISTINCT FROM t.name);
  UPDATE applications a SET current_task_id = NULL, current_task_name = NULL
   WHERE a.application_id IN (SELECT unnest(app_ids)) AND a.current_task_id IS NOT NULL
     AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.application_id = a.application_id AND t.is_current);
$$;
