-- E-invoicing: documents and their content, idempotency keys, the work
-- queue with its leases, webhook connections with their sealed secrets,
-- the outbox of events per connection (its order, its lease) and the
-- dead-letter list. See postgres/einvoice.go for how the tables are used
-- and locked. IDs are compared byte by byte, as Go compares strings
-- (COLLATE "C"), so that the listings come in the order the stores of
-- other backends give.

-- A document's record, the JSON of an einvoice.Document (json, not
-- jsonb: the text is kept as given, and may hold any character), and
-- its status, which a move compares and sets.
CREATE TABLE einvoice_documents (
	tenant      text NOT NULL,
	document_id text COLLATE "C" NOT NULL,
	status      text NOT NULL,
	record      json NOT NULL,
	PRIMARY KEY (tenant, document_id)
);

-- A document as it was received.
CREATE TABLE einvoice_contents (
	tenant      text NOT NULL,
	document_id text COLLATE "C" NOT NULL,
	content     bytea NOT NULL,
	PRIMARY KEY (tenant, document_id)
);

-- The document a keyed submission made.
CREATE TABLE einvoice_idempotency_keys (
	tenant          text NOT NULL,
	idempotency_key text NOT NULL,
	document_id     text COLLATE "C" NOT NULL,
	PRIMARY KEY (tenant, idempotency_key)
);

-- The work queue: a row per document in Pending or In Progress, with
-- the lease of the owner processing it (owner '' when none).
CREATE TABLE einvoice_queue (
	document_id text COLLATE "C" PRIMARY KEY,
	tenant      text NOT NULL,
	owner       text NOT NULL DEFAULT '',
	until       timestamptz
);

-- Webhook connections: the JSON of an einvoice.Connection and its
-- sealed secret as the store was given it. Only the creation, Reseal and
-- the deletion of a connection write here, so that no other write leaves
-- a dead copy of a secret in the table.
CREATE TABLE einvoice_connections (
	webhook_id text COLLATE "C" PRIMARY KEY,
	tenant     text NOT NULL,
	connection json NOT NULL,
	secret     json NOT NULL
);

CREATE INDEX einvoice_connections_tenant ON einvoice_connections (tenant, webhook_id);

-- The place of the last event queued for a connection: a row per
-- connection, made and dropped with it, whose lock orders the writers
-- of the connection's queue.
CREATE TABLE einvoice_outbox_seqs (
	webhook_id text COLLATE "C" PRIMARY KEY,
	last_seq   bigint NOT NULL DEFAULT 0
);

-- The lease of a connection's queue: a row per connection, made and
-- dropped with it (owner '' when none).
CREATE TABLE einvoice_outbox_leases (
	webhook_id text COLLATE "C" PRIMARY KEY,
	owner      text NOT NULL DEFAULT '',
	until      timestamptz
);

-- The events waiting for delivery, per connection in the order of seq.
CREATE TABLE einvoice_outbox (
	webhook_id   text COLLATE "C" NOT NULL,
	seq          bigint NOT NULL,
	event_id     text COLLATE "C" NOT NULL UNIQUE,
	tenant       text NOT NULL,
	document_id  text COLLATE "C" NOT NULL,
	status       text NOT NULL,
	body         bytea NOT NULL,
	created_at   timestamptz NOT NULL,
	attempts     integer NOT NULL DEFAULT 0,
	next_attempt timestamptz NOT NULL,
	last_error   text NOT NULL DEFAULT '',
	PRIMARY KEY (webhook_id, seq)
);

-- The events whose delivery was given up.
CREATE TABLE einvoice_dead_letters (
	event_id     text COLLATE "C" PRIMARY KEY,
	tenant       text NOT NULL,
	webhook_id   text COLLATE "C" NOT NULL,
	document_id  text COLLATE "C" NOT NULL,
	status       text NOT NULL,
	body         bytea NOT NULL,
	created_at   timestamptz NOT NULL,
	attempts     integer NOT NULL,
	next_attempt timestamptz NOT NULL,
	last_error   text NOT NULL,
	dead_at      timestamptz
);

CREATE INDEX einvoice_dead_letters_tenant ON einvoice_dead_letters (tenant, event_id);

-- A rewrite of the connections (Reseal) whose old row versions may still
-- be in the table's files: a row from the commit of the rewrite until a
-- VACUUM FULL that no older snapshot held back has run.
CREATE TABLE einvoice_reseals (
	id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	xid      text NOT NULL,
	at       timestamptz NOT NULL DEFAULT clock_timestamp()
);
