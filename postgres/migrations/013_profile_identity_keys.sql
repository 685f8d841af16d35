-- A number of identity (a Commercial Registration, TIN, FEIN or SSN under
-- a country) is stored apart from the tax registration of the same number:
-- the id of its profile_records rows is the registration's code followed by
-- the unit separator and "identity". The tables do not change. An older
-- Levy would read such an id as a code of its own and show or replace the
-- wrong record, so this migration exists to raise the schema's version:
-- such a Levy then refuses the database instead.
COMMENT ON TABLE profile_records IS 'records of tax profiles; a number of identity has the id of its code, U+001F and "identity" (migration 013)';
