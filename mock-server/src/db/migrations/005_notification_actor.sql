-- Who caused a notification: the panel's initials avatar shows that person, not the recipient.
ALTER TABLE notifications ADD COLUMN actor_id text REFERENCES users (userid) ON DELETE SET NULL;
