package api

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestChunkedBodyOverLimitSaysTheLimit sends, over loopback, bodies one
// byte over the server's limit in chunks, without a Content-Length, to
// each route that reads a body: a body announced by its Content-Length
// is refused naming the limit, but one sent in chunks was told only
// that it "is larger than this server accepts", and the client could
// not learn how much is accepted. Each is refused 413 too_large, saying
// the limit in bytes; a body at the limit is read.
func TestChunkedBodyOverLimitSaysTheLimit(t *testing.T) {
	const limit = 4096
	h := newHarness(t, WithBodyLimit(limit))
	pad := func(open, close string, n int) string { // JSON of exactly n bytes
		return open + strings.Repeat(" ", n-len(open)-len(close)) + close
	}
	for _, c := range []struct{ method, path, open, close string }{
		{"POST", "/api/v2/supplies", "{", "}"},
		{"POST", "/api/v2/explain/procurement", "{", "}"},
		{"POST", "/api/v2/address-lookup", "{", "}"},
		{"POST", "/api/v2/find-taxareas", "[", "]"},
		{"POST", "/api/v2/transactions/T-1/reversal", "{", "}"},
	} {
		over := h.do(c.method, c.path, io.MultiReader(strings.NewReader(pad(c.open, c.close, limit+1))))
		if over.status != http.StatusRequestEntityTooLarge {
			t.Errorf("%s %s, %d bytes in chunks: %d %.300s, want 413", c.method, c.path, limit+1, over.status, over.body)
			continue
		}
		errs := errorsOf(t, over)
		if len(errs) != 1 || errs[0].Code != "too_large" || !strings.Contains(errs[0].Message, "4096 bytes") {
			t.Errorf("%s %s, %d bytes in chunks: %s, want too_large saying the limit of 4096 bytes", c.method, c.path, limit+1, over.body)
		}
		at := h.do(c.method, c.path, io.MultiReader(strings.NewReader(pad(c.open, c.close, limit))))
		if at.status == http.StatusRequestEntityTooLarge {
			t.Errorf("%s %s, %d bytes in chunks: %d %.300s, want it read", c.method, c.path, limit, at.status, at.body)
		}
	}
}
