-- Lists: what the GraphQL 'applications' lists, the searches and the counts read, and the
-- indexes each query uses (README "Indexes" says which query each one serves, with EXPLAIN output).

-- Denormalised application columns, generated from the stored document so every writer (customer flow,
-- copies, actions, the seed) keeps them right without knowing they exist.
ALTER TABLE applications
  ADD COLUMN ver_num integer GENERATED ALWAYS AS (
    CASE WHEN jsonb_typeof(doc -> 'verNum') = 'number' AND (doc -> 'verNum')::numeric BETWEEN 0 AND 2147483647
         THEN (doc -> 'verNum')::numeric::integer END) STORED,
  ADD COLUMN applicant_name text GENERATED ALWAYS AS (
    coalesce(applicant -> 'primary' ->> 'fullName',
             btrim(coalesce(applicant -> 'primary' ->> 'firstName', '') || ' ' ||
                   coalesce(applicant -> 'primary' ->> 'lastName', '')))) STORED,
  ADD COLUMN applicant_email text GENERATED ALWAYS AS (lower(applicant -> 'primary' ->> 'email')) STORED,
  ADD COLUMN initiated_by text GENERATED ALWAYS AS (doc -> 'initiatedBy' ->> 'id') STORED,
  ADD COLUMN initiated_by_name text GENERATED ALWAYS AS (lower(doc -> 'initiatedBy' ->> 'username')) STORED,
  ADD COLUMN source text GENERATED ALWAYS AS (doc ->> 'source_id') STORED;

-- The current task of an application: the task(s) of its highest step. Kept by triggers so the code that
-- opens a next step (submit, complete step, revert) needs to know nothing about it.
ALTER TABLE tasks ADD COLUMN is_current boolean NOT NULL DEFAULT false;

-- IN (SELECT unnest(…)) rather than = ANY (…): a semi-join, not every row compared with the whole array
-- (a 20,000-application seed batch took a minute that way).
CREATE FUNCTION tasks_mark_current(app_ids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE tasks t SET is_current = (t.step_number = m.top)
    FROM (SELECT application_id, max(step_number) AS top FROM tasks
           WHERE application_id IN (SELECT unnest(app_ids)) GROUP BY application_id) m
   WHERE t.application_id = m.application_id AND t.is_current IS DISTINCT FROM (t.step_number = m.top);
$$;

CREATE FUNCTION tasks_current_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tasks_mark_current(ARRAY(SELECT DISTINCT application_id FROM added));
  RETURN NULL;
END $$;
CREATE TRIGGER tasks_current_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION tasks_current_after_insert();

CREATE FUNCTION tasks_current_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tasks_mark_current(ARRAY(SELECT DISTINCT application_id FROM removed));
  RETURN NULL;
END $$;
CREATE TRIGGER tasks_current_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION tasks_current_after_delete();

CREATE FUNCTION tasks_current_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM tasks_mark_current(ARRAY[NEW.application_id, OLD.application_id]);
  RETURN NULL;
END $$;
CREATE TRIGGER tasks_current_update AFTER UPDATE OF step_number, application_id ON tasks
  FOR EACH ROW EXECUTE FUNCTION tasks_current_after_update();

SELECT tasks_mark_current(ARRAY(SELECT application_id FROM applications));

-- The open states of a task, spelt the same in every partial index and every list query.
-- My Applications: my open current tasks, newest first.
CREATE INDEX tasks_current_open_assignee ON tasks (assigned_to, mod_time DESC)
  WHERE is_current AND progress IN ('In Progress', 'Pending');
-- Team Applications and New Internal: open current tasks whose assigned teams contain one of mine.
CREATE INDEX tasks_current_open_teams ON tasks USING gin (assigned_team jsonb_path_ops)
  WHERE is_current AND progress IN ('In Progress', 'Pending');
-- Every list joins an application to its current task(s).
CREATE INDEX tasks_current_application ON tasks (application_id) WHERE is_current;
-- Review buckets (Today / Future) over snoozed tasks.
CREATE INDEX tasks_current_review ON tasks (review_date) WHERE is_current AND review_date IS NOT NULL;

-- All / Rejected / Cancelled: by status, newest first; stage, product and amount filters and sorts.
CREATE INDEX applications_status_mod_time ON applications (status, mod_time DESC);
CREATE INDEX applications_mod_time ON applications (mod_time DESC);
CREATE INDEX applications_cre_time ON applications (cre_time DESC);
CREATE INDEX applications_loan_amount ON applications (loan_amount DESC);
CREATE INDEX applications_product_amount ON applications (product_code, loan_amount DESC);
CREATE INDEX applications_stage ON applications (stage, mod_time DESC);
-- Internal lists: applications staff initiated, by initiator.
CREATE INDEX applications_initiated_by ON applications (initiated_by, mod_time DESC) WHERE initiated_by IS NOT NULL;
-- Searches: application id and applicant name by prefix, initiator by user name, portal by e-mail.
CREATE INDEX applications_id_prefix ON applications (application_id text_pattern_ops);
CREATE INDEX applications_name_prefix ON applications (lower(applicant_name) text_pattern_ops);
CREATE INDEX applications_initiator_name ON applications (initiated_by_name) WHERE initiated_by_name IS NOT NULL;
CREATE INDEX applications_applicant_email ON applications (applicant_email) WHERE applicant_email IS NOT NULL;

-- My Approvals (approvals_approver_pending, 009) and My Queries: open sub-tasks by assignee, with the
-- application so the list joins without a second lookup.
CREATE INDEX sub_tasks_open_assignee_application ON sub_tasks (assigned_to, application_id) WHERE status = 'OPEN';
CREATE INDEX approvals_pending_approver_application ON approvals (approver, application_id) WHERE status = 'PENDING';

-- GET /backstage/getTableConfig/{id}: one table's columns, seeded (seed/table-configs.ts).
CREATE TABLE table_configs (
  id text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- POST /setup/save_or_update and /backstage/getFilter: a user's named filters of one table.
CREATE TABLE saved_filters (
  user_id text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  table_id text NOT NULL REFERENCES table_configs (id) ON DELETE CASCADE,
  name text NOT NULL,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, table_id, name)
);

-- GET /master_configs/products: the bank's products (the Products page; the list's product dropdown).
CREATE TABLE master_products (
  product_code text PRIMARY KEY,
  product_name text NOT NULL,
  product_type_code text NOT NULL,
  min_amount numeric(14, 2) NOT NULL,
  max_amount numeric(14, 2) NOT NULL,
  active boolean NOT NULL DEFAULT true
);
