-- A product's document list saved from Settings › Products is audited as its own kind (README "Configuration
-- audit"): the check of 038 names every kind an audit row may have.
ALTER TABLE config_audits DROP CONSTRAINT config_audits_kind_check;
ALTER TABLE config_audits ADD CONSTRAINT config_audits_kind_check
  CHECK (kind IN ('PRODUCT', 'PRODUCT_LIMITS', 'PRODUCT_DOCUMENTS', 'CONFIG', 'USER_ACCESS'));
