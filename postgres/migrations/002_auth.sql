-- The auth store (postgres/auth.go): credentials, tenants' IDs, signing
-- keys, rate-limit counts and cached tokens. Times are Unix nanoseconds
-- (bigint, NULL for none), kept to the nanosecond as they were given;
-- to_timestamp(x / 1e9) shows one as a timestamp.

-- The version of the credentials, tenants and keys: one row, raised in
-- the transaction of every change of them, which also holds its lock
-- while it runs, so that such changes take turns across nodes.
CREATE TABLE auth_version (
	version bigint NOT NULL
);
INSERT INTO auth_version (version) VALUES (1);

-- Each tenant's ID, given with its first credential and kept for good.
CREATE TABLE auth_tenants (
	tenant text PRIMARY KEY,
	id     text NOT NULL
);

CREATE TABLE auth_credentials (
	client_id         text     PRIMARY KEY,
	tenant            text     NOT NULL REFERENCES auth_tenants (tenant),
	audiences         text[]   NOT NULL,
	generation        bigint   NOT NULL,
	created_ns        bigint,
	active_from_ns    bigint,
	secret_rotated_ns bigint,
	revoked_ns        bigint,
	secret_alg        text     NOT NULL,
	secret_time       bigint   NOT NULL,
	secret_memory     bigint   NOT NULL,
	secret_threads    smallint NOT NULL,
	secret_salt       bytea    NOT NULL,
	secret_hash       bytea    NOT NULL
);

CREATE INDEX auth_credentials_tenant ON auth_credentials (tenant COLLATE "C", client_id COLLATE "C");

-- Signing keys, shared by every node. The current key is the one not
-- superseded; the unique index allows one at most.
CREATE TABLE auth_keys (
	kid           bytea  PRIMARY KEY CHECK (length(kid) = 8),
	key           bytea  NOT NULL,
	created_ns    bigint,
	superseded_ns bigint
);

CREATE UNIQUE INDEX auth_keys_current ON auth_keys ((true)) WHERE superseded_ns IS NULL;

-- The rate limit: the issue times of the tokens of a client and audience
-- still within the window when the last one was counted.
CREATE TABLE auth_rates (
	client_id text     NOT NULL REFERENCES auth_credentials (client_id),
	audience  text     NOT NULL,
	issued    bigint[] NOT NULL,
	PRIMARY KEY (client_id, audience)
);

-- The cached token of a client and audience.
CREATE TABLE auth_tokens (
	client_id  text   NOT NULL REFERENCES auth_credentials (client_id),
	audience   text   NOT NULL,
	token      text   NOT NULL,
	expires_ns bigint,
	PRIMARY KEY (client_id, audience)
);
