-- The idempotency key of a webhook connection's creation: the connection
-- it made, the digest of its request (never the secret in clear) and
-- when, by the database's clock. A creation under the key less than 24
-- hours later answers that connection; a later one, or one after the
-- connection is deleted (which deletes its row here), makes a new one
-- and takes the key's row over. A table of its own rather than columns
-- of einvoice_connections: freeing a key is then no write of a row that
-- holds a secret (see postgres/einvoice.go), and the key's unique index
-- needs no predicate of time, which an index may not have. IF NOT
-- EXISTS: a schema whose version was set back runs it again.
CREATE TABLE IF NOT EXISTS einvoice_connection_keys (
	tenant          text NOT NULL,
	idempotency_key text NOT NULL,
	webhook_id      text COLLATE "C" NOT NULL,
	request_digest  text NOT NULL,
	created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
	PRIMARY KEY (tenant, idempotency_key)
);

CREATE INDEX IF NOT EXISTS einvoice_connection_keys_webhook ON einvoice_connection_keys (webhook_id);
