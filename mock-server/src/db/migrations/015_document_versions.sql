-- Earlier versions of a document (POST /v3/updateDocument). The document keeps its id, field key and
-- metadata and always holds the current file; each file it replaced keeps its bytes under its own
-- server-made id (file_id here) and stays downloadable by version number until the document is removed.
CREATE TABLE document_versions (
  file_id text PRIMARY KEY,
  document_id text NOT NULL REFERENCES documents (file_id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  file_name text NOT NULL,
  mime_type text NOT NULL,
  size integer NOT NULL,
  -- Who uploaded that version (null: the applicant) and when; who replaced it and when.
  uploaded_by text,
  uploaded_at timestamptz NOT NULL,
  replaced_by text NOT NULL,
  replaced_at timestamptz NOT NULL,
  UNIQUE (document_id, version)
);
