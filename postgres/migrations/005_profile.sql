-- Tax profiles (package profile): each tenant's head (its version and
-- the time of its last change), the log of its changes, every version of
-- every record, and the documents of certificates. See
-- postgres/profile.go for how the tables are used and locked. Times are
-- Unix nanoseconds, so that they come back as they were given. Kinds and
-- IDs are compared byte by byte (COLLATE "C"), as Go compares strings.

-- A tenant's head: the version of its last change (0 before the first)
-- and that change's time. Every change locks the row, so that the
-- changes of a tenant take turns across nodes; caches poll the version.
CREATE TABLE profile_tenants (
	tenant  text PRIMARY KEY,
	version bigint NOT NULL,
	at_ns   bigint NOT NULL
);

-- The changes of a tenant: when, and by which credential.
CREATE TABLE profile_changes (
	tenant  text NOT NULL,
	version bigint NOT NULL,
	at_ns   bigint NOT NULL,
	by_id   text NOT NULL,
	PRIMARY KEY (tenant, version)
);

-- Every version of every record: the JSON of the record (json, not
-- jsonb: the text is kept as written), or NULL for a deletion.
CREATE TABLE profile_records (
	tenant  text NOT NULL,
	kind    text COLLATE "C" NOT NULL,
	id      text COLLATE "C" NOT NULL,
	version bigint NOT NULL,
	data    json,
	PRIMARY KEY (tenant, kind, id, version)
);

-- The documents of certificates, by the hex SHA-256 of their content.
CREATE TABLE profile_documents (
	tenant  text NOT NULL,
	sha256  text NOT NULL,
	content bytea NOT NULL,
	PRIMARY KEY (tenant, sha256)
);
