package api

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestBodylessOperationsDocumentTheirBodyRefusals sends, over loopback,
// a body to the deletion and the rollback of a transaction, which take
// none and refuse one: over the limit, announced or in chunks, it is
// refused 413, and declared as text 415, statuses that the OpenAPI
// document did not list for them (it listed them for operations with a
// request body only), so that a client generated from it met a status
// it was not told of. The harness checks each answer against the
// document the server serves.
func TestBodylessOperationsDocumentTheirBodyRefusals(t *testing.T) {
	const limit = 4096
	h := newHarness(t, WithBodyLimit(limit))
	big := "{" + strings.Repeat(" ", limit) + "}"
	for _, path := range []string{"/api/v2/transactions/T-1", "/api/v2/transactions/T-1/rollback"} {
		method := http.MethodPost
		if !strings.HasSuffix(path, "/rollback") {
			method = http.MethodDelete
		}
		for _, c := range []struct {
			name   string
			body   io.Reader
			header []string
			status int
			code   string
		}{
			{"announced over the limit", strings.NewReader(big), nil, http.StatusRequestEntityTooLarge, "too_large"},
			{"in chunks over the limit", io.MultiReader(strings.NewReader(big)), nil, http.StatusRequestEntityTooLarge, "too_large"},
			{"declared as text", strings.NewReader(`{"x":1}`), []string{"Content-Type", "text/plain"}, http.StatusUnsupportedMediaType, "unsupported"},
		} {
			a := h.do(method, path, c.body, c.header...)
			if a.status != c.status {
				t.Errorf("%s %s, a body %s: %d %.300s, want %d", method, path, c.name, a.status, a.body, c.status)
				continue
			}
			if errs := errorsOf(t, a); len(errs) != 1 || errs[0].Code != c.code {
				t.Errorf("%s %s, a body %s: %s, want one error %s", method, path, c.name, a.body, c.code)
			}
		}
	}
}
