-- SLA breaches found by the sweep (modules/sla, README "SLA breaches"): when the sweep found each part of a
-- task past its expected end. The assigned part starts again on every (re)assignment, so its mark counts
-- only while it is not older than assigned_at: a reassigned task's new assignee gets a part of their own.
ALTER TABLE tasks ADD COLUMN sla_queued_breached_at timestamptz;
ALTER TABLE tasks ADD COLUMN sla_assigned_breached_at timestamptz;
ALTER TABLE tasks ADD COLUMN sla_overall_breached_at timestamptz;

-- When an SLA part runs out on the task's clock (migration 024's sla_clock), as the contract's slaExpectedEnd
-- says: CALENDAR counts every minute; WORKING_HOURS only Monday to Saturday 09:30-18:30 IST, a part started
-- outside them starting at the next opening. IST has one fixed offset (+05:30, no daylight saving), so the
-- result depends on the arguments alone: IMMUTABLE, and indexed below. Milliseconds, as the contract counts.
-- One function that calls no other of ours: index maintenance runs with search_path pg_catalog only.
CREATE FUNCTION task_sla_end(start_time timestamptz, mins integer, clock text) RETURNS timestamptz
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  day_ms CONSTANT bigint := 86400000;
  work_start CONSTANT bigint := 34200000;
  work_end CONSTANT bigint := 66600000;
  work_day CONSTANT bigint := 32400000;
  ist CONSTANT bigint := 19800000;
  -- IST wall time as if it were UTC: day boundaries and weekdays read the bank's calendar.
  local bigint := floor(extract(epoch FROM start_time) * 1000)::bigint + ist;
  remaining bigint := mins::bigint * 60000;
  day_start bigint;
  into_day bigint;
  today bigint;
  weeks bigint;
BEGIN
  IF start_time IS NULL OR mins IS NULL OR mins <= 0 THEN
    RETURN NULL;
  END IF;
  IF clock IS DISTINCT FROM 'WORKING_HOURS' THEN
    RETURN start_time + make_interval(mins => mins);
  END IF;
  LOOP
    day_start := local - (((local % day_ms) + day_ms) % day_ms);
    into_day := local - day_start;
    -- 1970-01-01 was a Thursday: day 0 of the epoch is weekday 4, Sunday is 0.
    IF ((day_start / day_ms + 4) % 7 + 7) % 7 = 0 OR into_day >= work_end THEN
      local := day_start + day_ms + work_start;
      CONTINUE;
    END IF;
    IF into_day < work_start THEN
      local := day_start + work_start;
    END IF;
    today := day_start + work_end - local;
    IF remaining <= today THEN
      RETURN to_timestamp((local + remaining - ist) / 1000.0);
    END IF;
    remaining := remaining - today;
    -- Whole working weeks at once (any seven days from a working day hold six working days).
    weeks := (remaining - 1) / (6 * work_day);
    IF weeks > 0 THEN
      remaining := remaining - weeks * 6 * work_day;
      local := day_start + weeks * 7 * day_ms + work_end;
      CONTINUE;
    END IF;
    local := day_start + day_ms + work_start;
  END LOOP;
END $$;

-- Open tasks with a part not yet marked, by when that part runs out: a sweep reads the short range up to
-- now at the head of each (a range scan at any size of bank), and a marked or closed task leaves it.
CREATE INDEX tasks_sla_overall_unmarked ON tasks (task_sla_end(start_time, sla_overall_mins, sla_clock))
  WHERE progress IN ('In Progress', 'Pending') AND sla_overall_breached_at IS NULL AND sla_overall_mins > 0;
CREATE INDEX tasks_sla_queued_unmarked ON tasks (task_sla_end(start_time, sla_queued_mins, sla_clock))
  WHERE progress IN ('In Progress', 'Pending') AND assigned_at IS NULL AND sla_queued_breached_at IS NULL
    AND sla_queued_mins > 0;
CREATE INDEX tasks_sla_assigned_unmarked ON tasks (task_sla_end(assigned_at, sla_assigned_mins, sla_clock))
  WHERE progress IN ('In Progress', 'Pending') AND assigned_at IS NOT NULL AND sla_assigned_mins > 0
    AND (sla_assigned_breached_at IS NULL OR sla_assigned_breached_at < assigned_at);
-- The dashboard's SLA widget (reports/figures.ts slaBreaches): open current tasks without an overall limit
-- that the sweep marked in another part, per queue; and the open current tasks by when their overall part
-- runs out on their own clock (the not-yet-due top of it: everyone's breached count less those).
CREATE INDEX tasks_open_current_marked_no_overall ON tasks (name)
  WHERE is_current AND progress IN ('In Progress', 'Pending') AND coalesce(sla_overall_mins, 0) = 0
    AND (sla_queued_breached_at IS NOT NULL OR sla_assigned_breached_at IS NOT NULL);
CREATE INDEX tasks_open_current_end ON tasks (task_sla_end(start_time, sla_overall_mins, sla_clock)) INCLUDE (name)
  WHERE is_current AND progress IN ('In Progress', 'Pending');

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
