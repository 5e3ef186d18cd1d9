-- The applicant portal (README "Applicant portal"): a session opened by an e-mail code names the e-mail
-- the applicant proved; applicants answer requests for information as comments of their own (no staff
-- user behind them), with the files they uploaded; a request answered by the applicant says when.
ALTER TABLE sessions ADD COLUMN applicant_email text;
ALTER TABLE sessions ADD CONSTRAINT sessions_applicant_email CHECK (applicant_email IS NULL OR application_id IS NOT NULL);

ALTER TABLE sub_task_comments ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE sub_task_comments ADD COLUMN author text NOT NULL DEFAULT 'STAFF' CHECK (author IN ('STAFF', 'APPLICANT'));
ALTER TABLE sub_task_comments ADD CONSTRAINT sub_task_comments_author CHECK ((author = 'STAFF') = (user_id IS NOT NULL));
ALTER TABLE sub_task_comments ADD COLUMN file_ids jsonb NOT NULL DEFAULT '[]';

ALTER TABLE sub_tasks ADD COLUMN answered_at timestamptz;
-- The portal's list counts each application's requests still waiting for the applicant.
CREATE INDEX sub_tasks_applicant_open ON sub_tasks (application_id) WHERE recipient = 'APPLICANT' AND status = 'OPEN';
CREATE INDEX otp_codes_portal_sign_in ON otp_codes (recipient, sent_at DESC) WHERE field_key = 'portal_sign_in';
