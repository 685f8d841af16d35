package api

import (
	"net/http"
	"strings"
	"testing"
)

// TestEmptyBodyNamesTheValueWanted checks the refusal of a required
// body sent empty: it names the JSON value that the route reads. POST
// /find-taxareas takes an array of searches, yet an empty body was told
// "a JSON object is required"; the client that then sent {} was told
// the body must be an array.
func TestEmptyBodyNamesTheValueWanted(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct{ path, want, not string }{
		{"/api/v2/find-taxareas", "JSON array", "JSON object"},
		{"/api/v2/supplies", "JSON object", "JSON array"},
		{"/api/v2/address-lookup", "JSON object", "JSON array"},
	} {
		for _, body := range []string{"", "  \n"} {
			a := h.post(c.path, body)
			if a.status != http.StatusBadRequest {
				t.Errorf("POST %s with %q: %d, want 400: %s", c.path, body, a.status, a.body)
				continue
			}
			items := errorsOf(t, a)
			if len(items) != 1 || !strings.Contains(items[0].Message, "empty") ||
				!strings.Contains(items[0].Message, c.want) || strings.Contains(items[0].Message, c.not) {
				t.Errorf("POST %s with %q: %+v, want one error saying the body is empty and that %s is required", c.path, body, items, c.want)
			}
		}
	}
}
