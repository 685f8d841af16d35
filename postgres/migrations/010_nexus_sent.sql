-- The nexus watcher's record of the last change of status it notified
-- for a company of a tenant in an area (a state, Canada's with its
-- scheme, the EU's): nexus.Sent as JSON, and its write count, seq, which
-- each write names (a compare-and-set), so that of nodes that read the
-- same record one writes and the change is notified once.
CREATE TABLE nexus_sent (
	tenant     text NOT NULL,
	company    text NOT NULL,
	area       text NOT NULL,
	seq        bigint NOT NULL CHECK (seq > 0),
	record     jsonb NOT NULL,
	updated_at timestamptz NOT NULL,
	PRIMARY KEY (tenant, company, area)
);
