-- Back-office detail: a query (sub-task) is raised to staff or, by requestUserInfo, to the
-- applicant; related applications are found by the primary applicant's mobile or e-mail.
ALTER TABLE sub_tasks ADD COLUMN recipient text NOT NULL DEFAULT 'STAFF' CHECK (recipient IN ('STAFF', 'APPLICANT'));
CREATE INDEX applications_primary_mobile ON applications ((applicant -> 'primary' ->> 'mobile'));
CREATE INDEX applications_primary_email ON applications (lower(applicant -> 'primary' ->> 'email'));
