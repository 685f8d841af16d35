package api

import (
	"net/http"
	"strings"
	"testing"
)

// TestCoordinateBeyondADoubleSaysSo checks the refusal of a latitude or
// longitude written as a JSON number too large for a double (1e400): it
// names the member and says the number is out of range. It said "must be
// a JSON number, not a JSON number 1e400", which contradicts itself and
// leaves the client nothing to change.
func TestCoordinateBeyondADoubleSaysSo(t *testing.T) {
	h := newHarness(t)
	for _, c := range []struct{ path, body, target string }{
		{"/api/v2/coordinates-lookup", `{"coordinates":{"latitude":1e400,"longitude":0}}`, "coordinates.latitude"},
		{"/api/v2/coordinates-lookup", `{"coordinates":{"latitude":0,"longitude":-1e309}}`, "coordinates.longitude"},
		{"/api/v2/find-taxareas", `[{"lookupRequest":{"coordinates":{"latitude":1e400,"longitude":0}}}]`, "[0].lookupRequest.coordinates.latitude"},
	} {
		a := h.post(c.path, c.body)
		if a.status != http.StatusBadRequest {
			t.Errorf("%s %s: %d, want 400: %s", c.path, c.body, a.status, a.body)
			continue
		}
		items := errorsOf(t, a)
		if len(items) != 1 || items[0].Target != c.target {
			t.Errorf("%s %s: %+v, want one error about %s", c.path, c.body, items, c.target)
			continue
		}
		if msg := items[0].Message; strings.Contains(msg, "must be a JSON number, not a JSON number") || !strings.Contains(msg, "from -") {
			t.Errorf("%s %s: %q, want the range of numbers the member takes", c.path, c.body, msg)
		}
	}
}
