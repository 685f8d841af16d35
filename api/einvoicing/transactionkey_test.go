package einvoicing

import (
	"net/url"
	"strings"
	"testing"

	"github.com/levytax/levy/einvoice"
	"github.com/levytax/levy/wire"
)

// TestSubmitTransactionLongID: a transaction ID may have 40 characters
// of any script, up to 160 bytes of UTF-8. Its e-invoice, submitted by
// .../submit without an Idempotency-Key, is stored once, as an ASCII
// ID's is; the key Levy derives from the ID was refused as longer than
// the 128 characters of an Idempotency-Key, a 400 about a header the
// client never sent.
func TestSubmitTransactionLongID(t *testing.T) {
	for _, id := range []string{
		strings.Repeat("請", wire.MaxTransactionIDLength), // 3 bytes a character
		strings.Repeat("𝟘", wire.MaxTransactionIDLength), // 4 bytes a character
		strings.Repeat("A", wire.MaxTransactionIDLength), // the key as it always was
		"INV-" + strings.Repeat("é", 36),                 // 76 bytes
	} {
		j, e := journaledEngine(t)
		calcSale(t, e, "acme", strings.Replace(germanSale, "%s", id, 1))
		h := newStrictHarness(t, einvoice.Config{AllowPrivateTargets: true}, WithJournal(j))
		path := "/einvoicing/v1/transactions/" + url.PathEscape(id) + "/submit"
		opts := []byte(`{"syntax": "cii"}`)
		first := h.do("POST", path, "acme", opts, "Content-Type", "application/json")
		if first.status != 202 {
			t.Fatalf("%s: submit: %d %s", id, first.status, first.body)
		}
		again := h.do("POST", path, "acme", opts, "Content-Type", "application/json")
		if again.status != 200 || data[einvoice.Document](t, again).DocumentID != data[einvoice.Document](t, first).DocumentID {
			t.Errorf("%s: submitted again: %d %s, first %s", id, again.status, again.body, first.body)
		}
	}
}

// TestTransactionKey: the key of a transaction's e-invoice is at most
// the 128 characters an idempotency key may have, whatever the ID; it is
// the one keys were derived as for an ID short enough to be written in
// it, so that a submission repeated across an upgrade is still found;
// and it differs between IDs and between documents.
func TestTransactionKey(t *testing.T) {
	doc := []byte("<Invoice/>")
	if got, want := einvoice.TransactionKey("INV-1", doc), "transaction:INV-1:"; !strings.HasPrefix(got, want) || len(got) != len(want)+24 {
		t.Errorf("key of INV-1: %q", got)
	}
	seen := map[string]string{}
	for _, id := range []string{"INV-1", "INV-2", strings.Repeat("請", 40), strings.Repeat("請", 39) + "書", strings.Repeat("𝟘", 40)} {
		for _, d := range [][]byte{doc, []byte("<Invoice></Invoice>")} {
			k := einvoice.TransactionKey(id, d)
			if len(k) > 128 {
				t.Errorf("%s: key of %d bytes: %q", id, len(k), k)
			}
			if other, ok := seen[k]; ok {
				t.Errorf("%s and %s share the key %q", id, other, k)
			}
			seen[k] = id + " " + string(d)
		}
	}
}
