-- The index of the dead letters on (tenant, event_id), of migration 003,
-- serves no statement since migration 014: a page of one tenant's list
-- reads einvoice_dead_letters_tenant_order, which also begins with the
-- tenant, and a dead letter taken by its event ID (replayed, dropped) is
-- found by the primary key. It is dropped, so that giving an event up
-- writes one index fewer. IF EXISTS: a schema whose version was set back
-- runs it again.
DROP INDEX IF EXISTS einvoice_dead_letters_tenant;
