-- The notices queued in the e-invoicing outbox (einvoice.Store.Notify):
-- events about something other than a document, such as a customer's
-- exemption certificate that expires soon. A row per notice key of a
-- tenant, inserted in the transaction that queues the notice's events,
-- so that a notice is queued once whichever node, and however many,
-- try.
CREATE TABLE einvoice_notices (
	tenant     text NOT NULL,
	notice_key text NOT NULL,
	subject    text NOT NULL,
	created_at timestamptz NOT NULL,
	PRIMARY KEY (tenant, notice_key)
);
