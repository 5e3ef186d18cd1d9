-- Content-addressed file storage (README "File storage"): a file's bytes are stored once, named by their
-- sha-256, however many documents and earlier versions name them. ref_count is kept by the triggers below
-- in the same transaction as the rows, whichever statement (or cascade) adds or drops a reference; a blob
-- whose count reaches 0 is deleted, with its file, by the transaction that dropped the last reference.
CREATE TABLE blobs (
  hash text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
  size bigint NOT NULL CHECK (size >= 0),
  ref_count integer NOT NULL DEFAULT 0 CHECK (ref_count >= 0)
);

-- Null: a removed document (its reference dropped), or a row of the layout before blobs that the start-up
-- migration has not moved yet (its bytes are still under uploads/<file_id>).
ALTER TABLE documents ADD COLUMN blob_hash text REFERENCES blobs (hash);
ALTER TABLE document_versions ADD COLUMN blob_hash text REFERENCES blobs (hash);
CREATE INDEX documents_unmigrated ON documents (file_id) WHERE blob_hash IS NULL AND removed_at IS NULL;
CREATE INDEX document_versions_unmigrated ON document_versions (file_id) WHERE blob_hash IS NULL;
CREATE INDEX blobs_unreferenced ON blobs (hash) WHERE ref_count = 0;

CREATE FUNCTION count_blob_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.blob_hash IS NOT NULL THEN
    UPDATE blobs SET ref_count = ref_count - 1 WHERE hash = OLD.blob_hash;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.blob_hash IS NOT NULL THEN
    UPDATE blobs SET ref_count = ref_count + 1 WHERE hash = NEW.blob_hash;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER documents_blob_references AFTER INSERT OR DELETE OR UPDATE OF blob_hash ON documents
  FOR EACH ROW EXECUTE FUNCTION count_blob_references();
CREATE TRIGGER document_versions_blob_references AFTER INSERT OR DELETE OR UPDATE OF blob_hash ON document_versions
  FOR EACH ROW EXECUTE FUNCTION count_blob_references();
