-- Lists sort and filter due_time on each task's own SLA clock (task_sla_end, indexed by tasks_open_current_end);
-- the calendar-only end and its index have no reader left.
DROP INDEX tasks_open_current_due;
DROP FUNCTION task_sla_due(timestamptz, integer);
