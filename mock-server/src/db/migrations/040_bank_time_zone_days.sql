-- The bank's days in its configured time zone (README "Time zone"): the report counters of 020 and the
-- leads' follow-up days of 019 were kept in IST. They now read the zone of config Admin/Configurations
-- `bankTimeZone` (Asia/Kolkata when not set; the server stores only an IANA name Intl knows), and a change
-- of the zone recounts them in the transaction that saves it.
CREATE FUNCTION bank_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT value ->> 'bankTimeZone' FROM configs WHERE type = 'Admin' AND name = 'Configurations'),
                  'Asia/Kolkata')
$$;

-- STABLE now (they read the configuration): neither is in an index, only in the counters' triggers.
CREATE OR REPLACE FUNCTION bank_day(at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (at AT TIME ZONE bank_zone())::date
$$;
-- Days since 1970-01-01 of the bank's calendar (the same numbers as 019's for IST).
CREATE OR REPLACE FUNCTION lead_follow_day(status text, follow_up_at timestamptz) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN status IN ('NEW', 'CONTACTED', 'QUALIFIED') AND follow_up_at IS NOT NULL
              THEN (follow_up_at AT TIME ZONE bank_zone())::date - DATE '1970-01-01' END
$$;

-- Every counter keyed by a bank day, counted afresh from the rows in the zone now configured. Writers of
-- applications and leads wait (SHARE) until the transaction ends: one that began before it has committed
-- when the rows are read, and one after it counts in the new zone.
CREATE FUNCTION bank_day_counters_recount() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE applications, leads IN SHARE MODE;
  DELETE FROM report_day_counts;
  DELETE FROM report_user_day_counts;
  DELETE FROM report_user_month_counts;
  DELETE FROM report_decision_counts;
  DELETE FROM report_user_decision_counts;
  DELETE FROM lead_counts;
  INSERT INTO report_day_counts (day, product_code, status, stage, n, amount)
  SELECT bank_day(cre_time), product_code, status, stage, count(*), sum(loan_amount) FROM applications GROUP BY 1, 2, 3, 4;
  INSERT INTO report_user_day_counts (initiated_by, day, product_code, flow_name, status, stage, n, amount)
  SELECT initiated_by, bank_day(cre_time), product_code, coalesce(doc ->> 'flowName', doc ->> 'flowId', ''), status, stage,
         count(*), sum(loan_amount)
    FROM applications GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO report_user_month_counts (initiated_by, month, product_code, flow_name, status, n, amount)
  SELECT initiated_by, date_trunc('month', day)::date, product_code, flow_name, status, sum(n), sum(amount)
    FROM report_user_day_counts GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO report_decision_counts (day, product_code, n, seconds)
  SELECT bank_day(decided_at), product_code, count(*), sum(extract(epoch FROM decided_at - cre_time)) FROM applications
   WHERE decided_at IS NOT NULL AND status <> 'DELETED' GROUP BY 1, 2;
  INSERT INTO report_user_decision_counts (initiated_by, day, product_code, n, seconds)
  SELECT initiated_by, bank_day(decided_at), product_code, count(*), sum(extract(epoch FROM decided_at - cre_time))
    FROM applications
   WHERE decided_at IS NOT NULL AND status <> 'DELETED' AND initiated_by IS NOT NULL GROUP BY 1, 2, 3;
  INSERT INTO lead_counts (team_id, status, source, product_code, product_name, follow_day, n)
  SELECT team_id, status, source, product_code, product_name, lead_follow_day(status, follow_up_at), count(*)
    FROM leads GROUP BY 1, 2, 3, 4, 5, 6;
END $$;

-- Any write of the configuration that changes the zone (the Settings save, a restore from History, a
-- seed) recounts; one that leaves it as it was costs nothing more.
CREATE FUNCTION configs_bank_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was text := CASE TG_OP WHEN 'INSERT' THEN 'Asia/Kolkata' ELSE coalesce(OLD.value ->> 'bankTimeZone', 'Asia/Kolkata') END;
BEGIN
  IF was IS DISTINCT FROM bank_zone() THEN
    PERFORM bank_day_counters_recount();
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER configs_bank_zone_insert AFTER INSERT ON configs
  FOR EACH ROW WHEN (NEW.type = 'Admin' AND NEW.name = 'Configurations') EXECUTE FUNCTION configs_bank_zone_changed();
CREATE TRIGGER configs_bank_zone_change AFTER UPDATE OR DELETE ON configs
  FOR EACH ROW WHEN (OLD.type = 'Admin' AND OLD.name = 'Configurations') EXECUTE FUNCTION configs_bank_zone_changed();

-- A bank that chose another zone before this migration has its counters recounted in it now.
SELECT bank_day_counters_recount() WHERE bank_zone() <> 'Asia/Kolkata';
