-- Approvals walk the product's approval matrix (modules/tasks/approvals.ts): the level an approval is at,
-- the teams and roles of that level while it waits in their queue (approver null until one person is
-- named), and every decision taken on it (which replaces the list of forwards).
ALTER TABLE approvals ALTER COLUMN approver DROP NOT NULL;
ALTER TABLE approvals ADD COLUMN level integer NOT NULL DEFAULT 1 CHECK (level > 0);
ALTER TABLE approvals ADD COLUMN approver_team jsonb NOT NULL DEFAULT '[]';
ALTER TABLE approvals ADD COLUMN approver_roles jsonb NOT NULL DEFAULT '[]';
-- each decision: {level, action, by, at, comment, toLevel, to}
ALTER TABLE approvals ADD COLUMN decisions jsonb NOT NULL DEFAULT '[]';
UPDATE approvals
   SET decisions = (SELECT jsonb_agg(jsonb_build_object('level', 1, 'action', 'forward', 'by', h -> 'by', 'at', h -> 'at',
                                                        'comment', h -> 'comment', 'toLevel', NULL, 'to', h -> 'to'))
                      FROM jsonb_array_elements(history) h)
 WHERE jsonb_array_length(history) > 0;
ALTER TABLE approvals DROP COLUMN history;

-- My Approvals of a team queue: the pending approvals nobody in particular holds, by the teams they wait for.
CREATE INDEX approvals_pending_queued ON approvals USING gin (approver_team) WHERE status = 'PENDING' AND approver IS NULL;
