-- Monthly totals of the journal's EU distance sales figures: per tenant,
-- seller company, area ("EU" only: the area a calculation reads, a year
-- and more of it at a time), month (its first day) and part, the sums of
-- the rows of journal_figures of that month. A unit adds to them in the
-- same transaction as to the day's rows, after them, in the same part, so
-- they never differ from the days; a sum over whole months reads them and
-- not the days. They start as the sums of the days stored before this
-- migration. A node of an older Levy that keeps posting after it adds to the
-- days only: `levy nexus rebuild` finds the months that differ and
-- `--repair` rewrites them.
CREATE TABLE journal_figure_months (
	tenant          text   NOT NULL,
	company         text   COLLATE "C" NOT NULL,
	area            text   COLLATE "C" NOT NULL,
	month           date   NOT NULL,
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
	PRIMARY KEY (tenant, company, area, month, part)
) WITH (fillfactor = 50);

INSERT INTO journal_figure_months (tenant, company, area, month, part,
	d_gross, d_exempt, d_taxable, d_count, d_unconverted, m_gross, m_exempt, m_taxable, m_count, m_unconverted)
SELECT tenant, company, area, date_trunc('month', day)::date, part,
	sum(d_gross), sum(d_exempt), sum(d_taxable), sum(d_count), sum(d_unconverted),
	sum(m_gross), sum(m_exempt), sum(m_taxable), sum(m_count), sum(m_unconverted)
FROM journal_figures WHERE area = 'EU'
GROUP BY tenant, company, area, date_trunc('month', day)::date, part;
