package api

import (
	"net/http"
	"strings"
	"testing"
)

// TestBrokenQueryPairRefused checks a query with a pair that net/url
// cannot read: a semicolon, which Go no longer takes as a separator, or
// a percent sign not followed by two hexadecimal digits. url.Values
// leaves such a pair out without a word, so GET /changed-taxareas with
// endDate=2020-01-02;x=y or endDate=2020%zz01-02 was answered 200 with
// every tax area changed since beginDate until today: the endDate the
// client sent was dropped. The pair is refused, 400 naming its
// parameter, on the API's routes and on the mounted ones alike.
func TestBrokenQueryPairRefused(t *testing.T) {
	h := newHarness(t, WithOperation(Operation{Method: "GET", Path: "/mounted-query", ID: "mountedQuery", Tag: "Test", Summary: "Answers its query.",
		Params: []Param{{Name: "from", In: "query", Format: "date", Description: "A date."}},
		Answer: Enveloped[string](), Public: true}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		WriteData(w, r, http.StatusOK, r.URL.Query().Get("from"))
	})))
	good := h.do("GET", "/api/v2/changed-taxareas?beginDate=2020-01-01&endDate=2020-01-02", nil)
	if good.status != http.StatusOK {
		t.Fatalf("a good query: %d %s", good.status, good.body)
	}
	for _, c := range []struct{ query, target, words string }{
		{"beginDate=2020-01-01&endDate=2020-01-02;x=y", "endDate", "semicolon"},
		{"beginDate=2020-01-01;endDate=2020-01-02", "beginDate", "semicolon"},
		{"beginDate=2020-01-01&endDate=2020%zz01-02", "endDate", "percent"},
		{"beginDate=2020-01-01&end%zzDate=2020-01-02", "query", "percent"},
		{"beginDate=2020-01-01&endDate=2020-01-02%", "endDate", "percent"},
	} {
		a := h.do("GET", "/api/v2/changed-taxareas?"+c.query, nil)
		if a.status != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400 (%d bytes)", c.query, a.status, len(a.body))
			continue
		}
		items := errorsOf(t, a)
		if len(items) != 1 || items[0].Target != c.target || !strings.Contains(items[0].Message, c.words) {
			t.Errorf("%s: %+v, want one error naming %s", c.query, items, c.target)
		}
	}
	a := h.do("GET", "/mounted-query?from=2026-01-01;to=2026-02-01", nil)
	if a.status != http.StatusBadRequest {
		t.Fatalf("a mounted route: %d %s", a.status, a.body)
	}
	if items := errorsOf(t, a); items[0].Target != "from" {
		t.Errorf("a mounted route: %+v", items)
	}
	// An encoded semicolon is a character of its value.
	if a := h.do("GET", "/mounted-query?from=a%3Bb", nil); a.status != http.StatusOK || !strings.Contains(string(a.body), `"a;b"`) {
		t.Errorf("%%3B: %d %s", a.status, a.body)
	}
}
