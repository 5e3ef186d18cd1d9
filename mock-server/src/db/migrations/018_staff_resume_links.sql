-- Resume links staff send the applicant (README "Resume links from staff"): who issued the token, so a new
-- link replaces the staff-issued one before it and leaves the applicant's own tokens alone. NULL: a
-- consumer save issued it.
ALTER TABLE resume_tokens ADD COLUMN issued_by text;
