-- Round-robin keeps one turn per queue: a step worked by each branch's own team takes each branch's members in
-- turn (one turn shared by all branches skipped members whenever branches alternated).
ALTER TABLE lifecycle_rotation ADD COLUMN queue_key text NOT NULL DEFAULT '';
ALTER TABLE lifecycle_rotation DROP CONSTRAINT lifecycle_rotation_pkey;
ALTER TABLE lifecycle_rotation ADD PRIMARY KEY (product_code, step_name, task_name, queue_key);
