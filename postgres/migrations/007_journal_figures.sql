-- The journal's sales figures (package journal's Figure): per tenant, seller
-- company, area (a US state "US-TX", or "EU" for the EU distance sales) and
-- posting day, the two tallies of the transactions that are the latest
-- versions of live ones, the seller's own sales (d_) and those made through
-- a marketplace facilitator (m_). Amounts are ten-thousandths of the area's
-- currency. Each unit of the journal adds to them in the same transaction as
-- it writes the versions and heads, in one of 8 parts (part) chosen by its
-- first transaction ID, so that concurrent units posting into one state on one
-- day mostly lock different rows; reads add the parts up. The pages are left
-- half empty so that the updates of a row, which change no key, stay on its
-- page (heap-only) and touch no index. A journal that had transactions before
-- this migration has no figures for them until `levy nexus rebuild --repair`.
CREATE TABLE journal_figures (
	tenant          text   NOT NULL,
	day             date   NOT NULL,
	company         text   COLLATE "C" NOT NULL,
	area            text   COLLATE "C" NOT NULL,
	part            smallint NOT NULL DEFAULT 0,
	d_gross         bigint NOT NULL DEFAULT 0,
	d_exempt        bigint NOT NULL DEFAULT 0,
	d_taxable       bigint NOT NULL DEFAULT 0,
	d_count         bigint NOT NULL DEFAULT 0,
	d_unconverted   bigint NOT NULL DEFAULT 0,
	m_gross         bigint NOT NULL DEFAULT 0,
	m_exempt        bigint NOT NULL DEFAULT 0,
	m_taxable       bigint NOT NULL DEFAULT 0,
	m_count         bigint NOT NULL DEFAULT 0,
	m_unconverted   bigint NOT NULL DEFAULT 0,
	PRIMARY KEY (tenant, day, company, area, part)
) WITH (fillfactor = 50);
