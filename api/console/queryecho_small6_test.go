package console_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestConsoleQueryValuesCutInErrors: a value of 40 KB in a parameter of
// the geo and journal pages (zoom, bbox, from, to, paidToVendor,
// format) or in a path segment they name (a layer, a rule's id) is
// refused quoting its first 64 bytes and an ellipsis, as the API's
// other routes quote a value; it came back whole in the message.
func TestConsoleQueryValuesCutInErrors(t *testing.T) {
	f := newFixture(t)
	long := strings.Repeat("x", 40<<10)
	const period = "from=2026-01-01&to=2026-06-30"
	for _, c := range []struct {
		path, target string
		status       int
	}{
		{"/console/api/geo/" + long + "?zoom=3", "layer", 404},
		{"/console/api/geo/states?zoom=" + long, "zoom", 400},
		{"/console/api/geo/states?zoom=3&bbox=" + long, "bbox", 400},
		{"/console/api/geo/states?zoom=3&bbox=1,2,3," + long, "bbox", 400},
		{"/console/api/geo/states?zoom=3&bbox=3,2,1,4." + strings.Repeat("0", 40<<10), "bbox", 400},
		{"/console/api/journal/summary?from=2026-01-01" + long + "&to=2026-06-30", "from", 400},
		{"/console/api/journal/summary?from=2026-01-01&to=" + long, "to", 400},
		{"/console/api/journal/transactions?" + period + "&paidToVendor=" + long, "paidToVendor", 400},
		{"/console/api/journal/export?" + period + "&format=" + long, "format", 400},
		{"/console/api/rules/" + long, "id", 404},
	} {
		got, _, body := f.get(t, c.path)
		var e struct {
			Errors []struct{ Code, Message, Target string }
		}
		if err := json.Unmarshal(body, &e); err != nil || got != c.status || len(e.Errors) != 1 || e.Errors[0].Target != c.target {
			t.Errorf("GET %.80s... (%d bytes): %d %.300s; want %d naming %s", c.path, len(c.path), got, body, c.status, c.target)
			continue
		}
		if m := e.Errors[0].Message; len(m) > 400 || !strings.Contains(m, "…") {
			t.Errorf("GET %.80s... (%d bytes): a message of %d bytes: %.300s; want the value quoted cut, with an ellipsis", c.path, len(c.path), len(m), m)
		}
	}
}
