package api

import (
	"net/http"
	"testing"
)

// TestJSONHeadersAllocateOnlyLength: setting a JSON answer's headers
// allocates only the text of its Content-Length; the values are the
// headers' own, and appending to one leaves the others as they were.
func TestJSONHeadersAllocateOnlyLength(t *testing.T) {
	h, x := http.Header{}, &exchange{}
	n := testing.AllocsPerRun(100, func() {
		clear(h)
		setJSONHeaders(h, 8417, x)
	})
	if n != 1 {
		t.Errorf("setJSONHeaders allocated %v times, want 1 (the length's text)", n)
	}
	clear(h)
	setJSONHeaders(h, 8417, x)
	h.Add("Content-Type", "text/plain")
	h.Add("Content-Length", "1")
	want := http.Header{"Content-Type": {"application/json", "text/plain"}, "Content-Length": {"8417", "1"}, "Cache-Control": {"no-store"}}
	for k, v := range want {
		if got := h.Values(k); len(got) != len(v) || got[0] != v[0] || got[len(got)-1] != v[len(v)-1] {
			t.Errorf("%s: %q, want %q", k, got, v)
		}
	}
	h = http.Header{"Cache-Control": {"max-age=60"}}
	setJSONHeaders(h, 2, x)
	if got := h.Get("Cache-Control"); got != "max-age=60" {
		t.Errorf("Cache-Control = %q, want the handler's own", got)
	}
}
