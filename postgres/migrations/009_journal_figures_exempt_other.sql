-- The part of a US state's exempt amount that a customer exemption for
-- another reason than resale exempted (package journal's
-- Tally.ExemptOther: a sale to an exempt organisation, a government, ...),
-- which Tennessee and Nebraska count among their retail sales, of the
-- seller's own sales (d_) and of those made through a marketplace
-- facilitator (m_), in the daily figures and the monthly totals. A column
-- with a constant default is added without rewriting the table. The rows
-- stored before this migration have zero: their whole exempt amount
-- counts as resales, as it did, until `levy nexus rebuild --repair`
-- recomputes them from the journal.
ALTER TABLE journal_figures
	ADD COLUMN d_exempt_other bigint NOT NULL DEFAULT 0,
	ADD COLUMN m_exempt_other bigint NOT NULL DEFAULT 0;
ALTER TABLE journal_figure_months
	ADD COLUMN d_exempt_other bigint NOT NULL DEFAULT 0,
	ADD COLUMN m_exempt_other bigint NOT NULL DEFAULT 0;
