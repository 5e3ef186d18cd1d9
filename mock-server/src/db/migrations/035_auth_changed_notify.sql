-- The session cache (modules/auth/session-cache.ts, README "Session cache"): a committed change to anything the
-- access-token lookup reads (a session, an access token, a user, a team, a membership), by any process and by
-- cascades too, notifies every server on the database, which then drops the sessions it holds. New sessions and
-- tokens change no answer a server holds: inserts into those two tables notify nothing.
CREATE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('originate_auth_changed', '');
  RETURN NULL;
END;
$$;
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
CREATE TRIGGER access_tokens_auth_changed AFTER UPDATE OR DELETE OR TRUNCATE ON access_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
CREATE TRIGGER users_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
CREATE TRIGGER teams_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON teams
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
CREATE TRIGGER user_teams_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_teams
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
