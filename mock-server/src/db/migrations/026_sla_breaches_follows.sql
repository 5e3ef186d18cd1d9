-- SLA breaches found by the sweep (modules/sla, README "SLA breaches"): when the sweep found each part of a
-- task past its expected end. The assigned part starts again on every (re)assignment, so its mark counts
-- only while it is not older than assigned_at: a reassigned task's new assignee gets a part of their own.
ALTER TABLE tasks ADD COLUMN sla_queued_breached_at timestamptz;
ALTER TABLE tasks ADD COLUMN sla_assigned_breached_at timestamptz;
ALTER TABLE tasks ADD COLUMN sla_overall_breached_at timestamptz;

-- Open tasks with a part not yet marked, by when that part runs out: a sweep reads the short range up to
-- now at the head of each (a range scan at any size of bank), and a marked or closed task leaves it.
CREATE INDEX tasks_sla_overall_unmarked ON tasks (task_sla_due(start_time, sla_overall_mins))
  WHERE progress IN ('In Progress', 'Pending') AND sla_overall_breached_at IS NULL AND sla_overall_mins > 0;
CREATE INDEX tasks_sla_queued_unmarked ON tasks (task_sla_due(start_time, sla_queued_mins))
  WHERE progress IN ('In Progress', 'Pending') AND assigned_at IS NULL AND sla_queued_breached_at IS NULL
    AND sla_queued_mins > 0;
CREATE INDEX tasks_sla_assigned_unmarked ON tasks (task_sla_due(assigned_at, sla_assigned_mins))
  WHERE progress IN ('In Progress', 'Pending') AND assigned_at IS NOT NULL AND sla_assigned_mins > 0
    AND (sla_assigned_breached_at IS NULL OR sla_assigned_breached_at < assigned_at);
-- The dashboard's SLA widget (reports/figures.ts slaBreaches): open current tasks without an overall limit
-- that the sweep marked in another part, per queue; the rest of its count reads the due-time index of 020.
CREATE INDEX tasks_open_current_marked_no_overall ON tasks (name)
  WHERE is_current AND progress IN ('In Progress', 'Pending') AND coalesce(sla_overall_mins, 0) = 0
    AND (sla_queued_breached_at IS NOT NULL OR sla_assigned_breached_at IS NOT NULL);

-- Staff who follow an application (modules/follows): FOLLOWED notifications when its step changes, and
-- their Followed list (POST /backstage/getApplicationsFollowed), newest follow first.
CREATE TABLE application_followers (
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  followed_at timestamptz NOT NULL,
  PRIMARY KEY (application_id, user_id)
);
CREATE INDEX application_followers_user ON application_followers (user_id, followed_at DESC, application_id);

ANALYZE tasks;
