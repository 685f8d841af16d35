package einvoice

import (
	"crypto/sha256"
	"encoding/hex"
)

// TransactionKey returns the idempotency key under which the e-invoice
// rendered from a stored transaction is submitted when its caller gives
// none: the transaction ID and a digest of the document. The same
// e-invoice of a transaction is then stored once, whether it was
// submitted by POST /einvoicing/v1/transactions/{transactionId}/submit or
// by levy einvoice render --submit, and however often either is repeated;
// an e-invoice rendered otherwise (other options, a new version of the
// transaction) is a document of its own.
//
// The key is at most the 128 characters an idempotency key may have: a
// transaction ID has up to 40 characters, but in UTF-8 up to 160 bytes,
// and an ID too long to be written in the key is written as its digest.
func TransactionKey(transactionID string, document []byte) string {
	sum := sha256.Sum256(document)
	doc := hex.EncodeToString(sum[:12])
	if key := "transaction:" + transactionID + ":" + doc; len(key) <= MaxIdempotencyKey {
		return key
	}
	id := sha256.Sum256([]byte(transactionID))
	return "transaction-sha256:" + hex.EncodeToString(id[:16]) + ":" + doc
}
