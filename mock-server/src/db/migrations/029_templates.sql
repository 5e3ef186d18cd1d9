-- Templates with versions and the letters generated from them (modules/templates, README "Templates and letters").
-- A version is written once and never changed or removed (the trigger refuses both): a letter or message names
-- the version it was made from, so what was sent can always be read again as it was.
CREATE TABLE templates (
  template_id text NOT NULL,
  ver_num integer NOT NULL CHECK (ver_num >= 1),
  template_name text NOT NULL,
  template_type text NOT NULL CHECK (template_type IN ('PDF', 'SMS', 'HTML', 'EMAIL')),
  subject text,
  body text NOT NULL,
  -- {"hi": {"subject": …, "body": …}, …}: the text in other languages.
  translations jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Lifecycle events that send the current version (EMAIL and SMS only).
  events text[] NOT NULL DEFAULT '{}',
  -- The operations admin's userid ('system' for the seeded ones); kept as written, whatever happens to the user.
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (template_id, ver_num)
);
CREATE INDEX templates_type ON templates (template_type, template_id, ver_num DESC);
CREATE INDEX templates_events ON templates USING gin (events);

CREATE FUNCTION templates_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'template % version % is never changed: save a new version', OLD.template_id, OLD.ver_num;
END;
$$;
CREATE TRIGGER templates_immutable BEFORE UPDATE OR DELETE ON templates
  FOR EACH ROW EXECUTE FUNCTION templates_immutable();

-- Each generated letter: the document version in Docs it became and the template version it was made from.
CREATE TABLE letters (
  file_id text NOT NULL,
  version integer NOT NULL,
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  template_id text NOT NULL,
  ver_num integer NOT NULL,
  language text,
  generated_by text,
  generated_at timestamptz NOT NULL,
  PRIMARY KEY (file_id, version),
  FOREIGN KEY (template_id, ver_num) REFERENCES templates (template_id, ver_num)
);
CREATE INDEX letters_application ON letters (application_id, generated_at DESC);
