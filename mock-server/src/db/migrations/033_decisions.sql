-- Credit decisions (modules/decisions, README "Calculations, decisions and utilities"). A product's decision
-- tables are versions written once (the trigger refuses changes): every decision names the version it was
-- taken on, so it can be read again as it was. Each decision keeps its inputs and the rows that fired.
CREATE TABLE decision_tables (
  product_code text NOT NULL,
  name text NOT NULL,
  ver_num integer NOT NULL CHECK (ver_num >= 1),
  document jsonb NOT NULL,
  -- The operations admin's userid ('system' for the seeded ones).
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (product_code, name, ver_num)
);

CREATE FUNCTION decision_tables_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'decision % % version % is never changed: save a new version', OLD.product_code, OLD.name, OLD.ver_num;
END;
$$;
CREATE TRIGGER decision_tables_immutable BEFORE UPDATE OR DELETE ON decision_tables
  FOR EACH ROW EXECUTE FUNCTION decision_tables_immutable();

CREATE TABLE decisions (
  decision_id text PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  product_code text NOT NULL,
  name text NOT NULL,
  ver_num integer NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('APPROVE', 'REFER', 'DECLINE')),
  risk_grade text,
  -- What the tables read (loan, applicant, bureau and bank figures with the integration calls they came from).
  inputs jsonb NOT NULL,
  -- reasons, pricing, deviations.
  result jsonb NOT NULL,
  -- [{table, rowId, index}] in the order the tables ran.
  fired_rows jsonb NOT NULL,
  evaluated_by text NOT NULL,
  evaluated_at timestamptz NOT NULL,
  FOREIGN KEY (product_code, name, ver_num) REFERENCES decision_tables (product_code, name, ver_num)
);
CREATE INDEX decisions_application ON decisions (application_id, evaluated_at DESC);
