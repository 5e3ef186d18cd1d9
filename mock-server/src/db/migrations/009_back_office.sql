-- Back office: the state a task carries for actions and SLAs, approvals, queries (sub-tasks)
-- with comments, notes, the worklog of every action and the audit trail of every field change.
-- List columns and list indexes are in 010 (README "Indexes").

ALTER TABLE tasks ADD COLUMN review_date timestamptz;
ALTER TABLE tasks ADD COLUMN callback_requested boolean NOT NULL DEFAULT false;
ALTER TABLE tasks ADD COLUMN callback_at timestamptz;
-- SLA parts (spec §3 operationalLevelAgreement): queued from creation until assigned, assigned from the
-- assignment until the end; each part's limit in minutes (null: no limit).
ALTER TABLE tasks ADD COLUMN assigned_at timestamptz;
ALTER TABLE tasks ADD COLUMN sla_overall_mins integer;
ALTER TABLE tasks ADD COLUMN sla_queued_mins integer;
ALTER TABLE tasks ADD COLUMN sla_assigned_mins integer;

CREATE TABLE approvals (
  approval_id text PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  task_id text NOT NULL REFERENCES tasks (task_id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('APPROVAL', 'EXCEPTION')),
  status text NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'SENT_BACK')),
  reason text NOT NULL,
  requested_by text NOT NULL REFERENCES users (userid),
  approver text NOT NULL REFERENCES users (userid),
  decided_by text REFERENCES users (userid),
  decision_comment text,
  -- each forward: {from, to, by, at, comment}
  history jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL,
  decided_at timestamptz
);
CREATE INDEX approvals_application ON approvals (application_id, created_at);
CREATE INDEX approvals_approver_pending ON approvals (approver) WHERE status = 'PENDING';

CREATE TABLE sub_tasks (
  sub_task_id text PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  task_id text NOT NULL REFERENCES tasks (task_id) ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL,
  status text NOT NULL CHECK (status IN ('OPEN', 'RESOLVED', 'CLOSED')),
  raised_by text NOT NULL REFERENCES users (userid),
  assigned_to text REFERENCES users (userid),
  assigned_team jsonb NOT NULL DEFAULT '[]',
  -- request for information: the field keys asked for
  fields jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX sub_tasks_application ON sub_tasks (application_id, created_at);
CREATE INDEX sub_tasks_assignee_open ON sub_tasks (assigned_to) WHERE status = 'OPEN';

CREATE TABLE sub_task_comments (
  id bigserial PRIMARY KEY,
  sub_task_id text NOT NULL REFERENCES sub_tasks (sub_task_id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (userid),
  comment text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX sub_task_comments_sub_task ON sub_task_comments (sub_task_id, created_at);

CREATE TABLE notes (
  id bigserial PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (userid),
  text text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX notes_application ON notes (application_id, created_at DESC);

-- One row per action on an application (who, what, the outcome), newest first in the Worklogs tab.
CREATE TABLE worklogs (
  id bigserial PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  task_id text,
  user_id text,
  action text NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL
);
CREATE INDEX worklogs_application ON worklogs (application_id, created_at DESC);

-- One row per changed field (GET /v3/audits/getAudits?application_id&fieldKey).
CREATE TABLE audits (
  id bigserial PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  field_key text NOT NULL,
  old_value jsonb,
  new_value jsonb,
  user_id text,
  source text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX audits_application_field ON audits (application_id, field_key, created_at DESC);

-- Staff document metadata (docType, description) beside the customer-flow upload columns.
ALTER TABLE documents ADD COLUMN metadata jsonb NOT NULL DEFAULT '{}';
ALTER TABLE documents ADD COLUMN uploaded_by text;
