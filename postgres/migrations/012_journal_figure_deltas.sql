-- What units add to the journal's sales figures, before it is folded into
-- journal_figures and journal_figure_months: a unit appends a row per
-- figure (tenant, day, company, area, its part and the twelve numbers of
-- journal_figures, those it leaves out zero) with a plain INSERT in the
-- statement of its versions and heads, and a reversal, rollback or delete
-- appends the negated numbers the same way. The table has no index: an
-- insert writes the heap alone, and no two units ever wait for each other
-- here. Every read of the figures adds the rows of this table to the
-- folded ones, so its answers do not depend on whether a fold ran. A fold
-- (postgres/journal_figure_deltas.go) deletes the rows it reads and adds
-- them to journal_figures and journal_figure_months in one transaction,
-- under an advisory lock that the nodes of one database share; a node
-- folds after every few hundred units with figures, which keeps the table
-- small. A database migrated to this version keeps its figures where they
-- were: the table starts empty.
CREATE TABLE journal_figure_deltas (
	tenant          text     NOT NULL,
	day             date     NOT NULL,
	company         text     COLLATE "C" NOT NULL,
	area            text     COLLATE "C" NOT NULL,
	part            smallint NOT NULL DEFAULT 0,
	d_gross         bigint   NOT NULL DEFAULT 0,
	d_exempt        bigint   NOT NULL DEFAULT 0,
	d_taxable       bigint   NOT NULL DEFAULT 0,
	d_count         bigint   NOT NULL DEFAULT 0,
	d_unconverted   bigint   NOT NULL DEFAULT 0,
	d_exempt_other  bigint   NOT NULL DEFAULT 0,
	m_gross         bigint   NOT NULL DEFAULT 0,
	m_exempt        bigint   NOT NULL DEFAULT 0,
	m_taxable       bigint   NOT NULL DEFAULT 0,
	m_count         bigint   NOT NULL DEFAULT 0,
	m_unconverted   bigint   NOT NULL DEFAULT 0,
	m_exempt_other  bigint   NOT NULL DEFAULT 0
);
