-- The dead-letter list is read in pages in the order of its key: the time
-- the event was made, the time it was given up, the event ID. These two
-- indexes hold that order, of one tenant's dead letters and of all, so
-- that a page reads its own rows from the index and stops, where it
-- read every row of the list to keep the lowest. A dead letter always has
-- a time it was given up: a row without one (none of this Levy's writes
-- leaves one, but a caller of the store could give an event with none)
-- takes the zero time, the place the list gave it, and the column
-- becomes NOT NULL, so that the order is the columns' own, which the
-- indexes hold. IF NOT EXISTS: a schema whose version was set back runs
-- it again.
UPDATE einvoice_dead_letters SET dead_at = '0001-01-01 00:00:00+00' WHERE dead_at IS NULL;
ALTER TABLE einvoice_dead_letters ALTER COLUMN dead_at SET NOT NULL;

CREATE INDEX IF NOT EXISTS einvoice_dead_letters_tenant_order
	ON einvoice_dead_letters (tenant, created_at, dead_at, event_id);
CREATE INDEX IF NOT EXISTS einvoice_dead_letters_order
	ON einvoice_dead_letters (created_at, dead_at, event_id);
