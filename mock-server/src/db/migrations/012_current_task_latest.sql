-- The current task is the application's latest started task, not the task of its highest step: after
-- revert_stage the reopened earlier step is the one being worked, while the cancelled later task stays
-- behind with a higher step number. One task per application, so a list shows one row per application.
CREATE OR REPLACE FUNCTION tasks_mark_current(app_ids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE tasks t SET is_current = (t.task_id = m.task_id)
    FROM (SELECT DISTINCT ON (application_id) application_id, task_id FROM tasks
           WHERE application_id IN (SELECT unnest(app_ids))
           ORDER BY application_id, start_time DESC, step_number DESC, task_id DESC) m
   WHERE t.application_id = m.application_id AND t.is_current IS DISTINCT FROM (t.task_id = m.task_id);
$$;

SELECT tasks_mark_current(ARRAY(SELECT application_id FROM applications));
