package einvoicing

import (
	"encoding/json"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/levytax/levy/einvoice"
)

// TestDeadLettersRoutePages: GET /admin/v1/einvoicing/dead-letters
// answers the list in pages of limit, with next beside data while there
// is more; the pages read each after the next of the one before are the
// whole list in its order; a bad limit or after is answered 400 naming
// it. An answer without limit or after is the list as before, now of at
// most 500.
func TestDeadLettersRoutePages(t *testing.T) {
	h, _ := deadLetterHarness(t, "acme")
	for range 3 {
		if a := h.do("POST", "/einvoicing/v1/documents", "acme", invoice(t), "Content-Type", "application/xml"); a.status != 202 {
			t.Fatalf("submit: %d %s", a.status, a.body)
		}
	}
	type page struct {
		Data []einvoice.DeadLetter `json:"data"`
		Next string                `json:"next"`
	}
	get := func(query string) page {
		t.Helper()
		a := h.do("GET", "/admin/v1/einvoicing/dead-letters"+query, "acme-admin", nil)
		if a.status != 200 {
			t.Fatalf("the dead letters%s: %d %s", query, a.status, a.body)
		}
		var p page
		if err := json.Unmarshal(a.body, &p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// Pending, In Progress and a final status of each document.
	var whole page
	for deadline := time.Now().Add(10 * time.Second); len(whole.Data) < 9; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("dead letters: %+v", whole)
		}
		whole = get("")
	}
	if whole.Next != "" {
		t.Errorf("a list of 9 in a page of 500 has a next: %q", whole.Next)
	}
	for _, limit := range []string{"1", "2", "4"} {
		var walked []string
		q := url.Values{"limit": {limit}}
		for pages := 0; ; pages++ {
			p := get("?" + q.Encode())
			if pages > 9 {
				t.Fatalf("limit %s: more pages than dead letters", limit)
			}
			for _, dl := range p.Data {
				walked = append(walked, dl.EventID)
			}
			if p.Next == "" {
				break
			}
			q.Set("after", p.Next)
		}
		want := make([]string, len(whole.Data))
		for i, dl := range whole.Data {
			want[i] = dl.EventID
		}
		if !slices.Equal(walked, want) {
			t.Errorf("limit %s: the pages concatenated %v, want %v", limit, walked, want)
		}
	}
	for _, c := range []struct{ query, field string }{
		{"?limit=0", "limit"}, {"?limit=5001", "limit"}, {"?limit=ten", "limit"},
		{"?after=nonsense", "after"}, {"?limit=2&after=" + url.QueryEscape("a|b|c"), "after"},
	} {
		a := h.do("GET", "/admin/v1/einvoicing/dead-letters"+c.query, "acme-admin", nil)
		if a.status != 400 || target(t, a) != c.field {
			t.Errorf("%s: %d %s, want 400 naming %s", c.query, a.status, a.body, c.field)
		}
	}
}
