-- The digest of the content that the first submission of an idempotency
-- key sent (hex SHA-256), so that a later submission of the key with
-- another document is refused rather than answered with the first one's
-- record. Keys stored before this column have none (NULL): the service
-- compares them with the sha256 of the first document's record.
ALTER TABLE einvoice_idempotency_keys ADD COLUMN content_sha256 text;
