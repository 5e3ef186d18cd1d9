-- Vendor integrations (modules/integrations, README "Integrations"). Every call to a vendor (or its sandbox)
-- leaves one audit row: who, which application, the outcome, how long it took, and the request and answer
-- with personal data masked. A successful call's parsed result is kept in integration_results in the same
-- transaction as its audit row, so a failed call writes no result (nothing half-written).
CREATE TABLE integration_calls (
  call_id text PRIMARY KEY,
  kind text NOT NULL,
  operation text NOT NULL,
  application_id text REFERENCES applications (application_id) ON DELETE CASCADE,
  user_id text REFERENCES users (userid) ON DELETE SET NULL,
  -- OK, or the failure's code: TIMEOUT, VENDOR_ERROR, MALFORMED_ANSWER, CIRCUIT_OPEN, UNREACHABLE, REJECTED.
  status text NOT NULL,
  http_status integer,
  attempts integer NOT NULL,
  duration_ms integer NOT NULL,
  request_masked jsonb NOT NULL,
  answer_masked jsonb,
  created_at timestamptz NOT NULL
);
CREATE INDEX integration_calls_application ON integration_calls (application_id, created_at DESC)
  WHERE application_id IS NOT NULL;

CREATE TABLE integration_results (
  call_id text PRIMARY KEY REFERENCES integration_calls (call_id) ON DELETE CASCADE,
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  kind text NOT NULL,
  result jsonb NOT NULL,
  fetched_at timestamptz NOT NULL
);
CREATE INDEX integration_results_latest ON integration_results (application_id, kind, fetched_at DESC);
