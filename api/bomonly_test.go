package api

import (
	"net/http"
	"strings"
	"testing"
)

// TestByteOrderMarkAloneIsNoBody checks the operations whose body is
// optional or none (the deletion, the rollback and the reversal of a
// transaction): a body that holds only a UTF-8 byte order mark, as a
// client whose writer marks every text it writes sends for an empty
// one, with whitespace or without, is no body. It was refused with
// "the request body is empty: a JSON object is required", which
// contradicts both the emptiness that these operations accept and the
// body that the deletion and the rollback refuse.
func TestByteOrderMarkAloneIsNoBody(t *testing.T) {
	h := newHarness(t)
	for _, op := range []struct{ method, path string }{
		{"DELETE", "/api/v2/transactions/bom-only-none"},
		{"POST", "/api/v2/transactions/bom-only-none/rollback"},
		{"POST", "/api/v2/transactions/bom-only-none/reversal"},
	} {
		plain := h.do(op.method, op.path, nil)
		if plain.status != http.StatusNotFound {
			t.Fatalf("%s %s without a body: %d, want 404: %s", op.method, op.path, plain.status, plain.body)
		}
		for _, body := range []string{"\uFEFF", "\uFEFF \r\n", "\uFEFF{}"} {
			a := h.do(op.method, op.path, strings.NewReader(body))
			if a.status != plain.status {
				t.Errorf("%s %s with the body %q: %d, want %d as without a body: %s", op.method, op.path, body, a.status, plain.status, a.body)
				continue
			}
			if items := errorsOf(t, a); items[0].Target != "id" {
				t.Errorf("%s %s with the body %q: %+v, want the transaction not found", op.method, op.path, body, items)
			}
		}
	}
}
