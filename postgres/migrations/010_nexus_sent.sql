-- The nexus watcher's record of the last change of status it notified
-- for a company of a tenant in an area (a state, Canada's with its
-- scheme, the EU's): nexus.Sent as JSON (json, not jsonb: the text is
-- kept as given, a NUL escape included), and its write count, seq, which
-- each write names (a compare-and-set), so that of nodes that read the
-- same record one writes and the change is notified once. IF NOT
-- EXISTS: a schema whose version was set back runs it again.
CREATE TABLE IF NOT EXISTS nexus_sent (
	tenant     text COLLATE "C" NOT NULL,
	company    text COLLATE "C" NOT NULL,
	area       text COLLATE "C" NOT NULL,
	seq        bigint NOT NULL CHECK (seq > 0),
	record     json NOT NULL,
	updated_at timestamptz NOT NULL,
	PRIMARY KEY (tenant, company, area)
);
