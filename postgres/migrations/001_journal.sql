-- The tax journal: one head per transaction ID of a tenant, and every
-- version of it. The latest version of a live transaction is found by its
-- posting date through the partial index on the heads.
CREATE TABLE journal_heads (
	tenant       text    NOT NULL,
	id           text    NOT NULL,
	latest       integer NOT NULL,
	deleted      boolean NOT NULL DEFAULT false,
	reversed_by  text    NOT NULL DEFAULT '',
	posting_date date,
	PRIMARY KEY (tenant, id)
);

CREATE INDEX journal_heads_period ON journal_heads (tenant, posting_date, id COLLATE "C") WHERE NOT deleted;

CREATE TABLE journal_versions (
	tenant  text    NOT NULL,
	id      text    NOT NULL,
	version integer NOT NULL,
	body    jsonb   NOT NULL,
	PRIMARY KEY (tenant, id, version)
);
