CREATE TABLE applications (
  application_id text PRIMARY KEY,
  product_code text NOT NULL,
  product_name text NOT NULL,
  product_type_code text,
  status text NOT NULL DEFAULT 'ACTIVE'
    CHECK (status IN ('ACTIVE', 'CANCELLED', 'REJECTED', 'DELETED', 'COMPLETED', 'INACTIVE')),
  stage text NOT NULL,
  loan_amount numeric(14, 2) NOT NULL,
  applicant jsonb NOT NULL,
  -- the rest of the Application document (customFields, flow info, initiatedBy, ...)
  doc jsonb NOT NULL DEFAULT '{}',
  cre_time timestamptz NOT NULL,
  mod_time timestamptz NOT NULL
);
CREATE INDEX applications_status_mod ON applications (status, mod_time DESC);

CREATE TABLE tasks (
  task_id text PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  name text NOT NULL,
  step_name text NOT NULL,
  step_number integer NOT NULL,
  type text NOT NULL CHECK (type IN ('APPVD', 'CUST_FLOW', 'APPLICATION_SUMMARY', 'none')),
  progress text NOT NULL CHECK (progress IN ('In Progress', 'Pending', 'Completed', 'Rejected', 'Cancelled')),
  assigned_to text REFERENCES users (userid) ON DELETE SET NULL,
  assigned_team jsonb NOT NULL DEFAULT '[]',
  allowed_users jsonb NOT NULL DEFAULT '[]',
  start_time timestamptz NOT NULL,
  end_time timestamptz,
  mod_time timestamptz NOT NULL
);
CREATE INDEX tasks_application ON tasks (application_id, step_number);
CREATE INDEX tasks_assignee ON tasks (assigned_to, progress);

CREATE TABLE assignments (
  id bigserial PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  task_id text NOT NULL REFERENCES tasks (task_id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('assign', 'reassign')),
  assigned_from text,
  assigned_to text NOT NULL,
  assigned_by text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX assignments_task ON assignments (task_id, created_at);
