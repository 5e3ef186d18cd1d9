-- One-to-one video calls (issue 21, README "Video calls"). The server issues every room: its id from a
-- sequence (ids are no secret: the pin is), its pin and secret (128 random bits each, from node:crypto).
-- Pins and secrets leave the server only in a join answer to someone allowed in the room, never in a list.
CREATE SEQUENCE video_room_number START 100000;
CREATE TABLE video_calls (
  call_id uuid PRIMARY KEY,
  application_id text NOT NULL,
  room_id bigint NOT NULL UNIQUE DEFAULT nextval('video_room_number'),
  pin text NOT NULL,
  secret text NOT NULL,
  status text NOT NULL CHECK (status IN ('WAITING', 'ACTIVE', 'ENDED')),
  started_by text NOT NULL REFERENCES users (userid),
  record boolean NOT NULL,
  created_at timestamptz NOT NULL,
  ended_at timestamptz,
  CHECK ((status = 'ENDED') = (ended_at IS NOT NULL))
);
ALTER SEQUENCE video_room_number OWNED BY video_calls.room_id;
-- One open call per application: starting another ends the one before (in the same transaction).
CREATE UNIQUE INDEX video_calls_open ON video_calls (application_id) WHERE status <> 'ENDED';
CREATE INDEX video_calls_application ON video_calls (application_id, created_at DESC);
