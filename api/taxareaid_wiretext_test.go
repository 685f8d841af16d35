package api

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestTaxAreaIDAlikeOverHTTP: a tax area ID is counted in characters,
// and refused alike by /taxareaid-lookup and by
// /changed-taxareas/{taxareaid} when spaces surround it. Before, 16
// full-width digits were said to be "48 characters long", and a padded
// ID was refused as too long by one route and trimmed by the other.
func TestTaxAreaIDAlikeOverHTTP(t *testing.T) {
	h := newHarness(t)
	var ids []string
	dataOf(t, h.do("GET", "/api/v2/changed-taxareas?beginDate=2026-10-01&endDate=2026-10-01", nil), &ids)
	if len(ids) == 0 {
		t.Fatal("no changed tax areas on 2026-10-01")
	}
	id := ids[0]
	const query = "?beginDate=2026-10-01&endDate=2026-10-01"
	dataOf(t, h.do("GET", "/api/v2/changed-taxareas/"+id+query, nil), nil)
	dataOf(t, h.post("/api/v2/taxareaid-lookup", `{"taxAreaId":"`+id+`"}`), nil)

	fullWidth := strings.Repeat("１", 16)
	for _, c := range []struct {
		id, says string
	}{
		{"  " + id + "  ", "whitespace"},
		{id + " ", "whitespace"},
		{fullWidth, "only digits"},
		{strings.Repeat("1", 17), "17 digits"},
	} {
		a := h.do("GET", "/api/v2/changed-taxareas/"+url.PathEscape(c.id)+query, nil)
		b := h.post("/api/v2/taxareaid-lookup", `{"taxAreaId":"`+c.id+`"}`)
		for _, r := range []struct {
			route, field string
			a            answer
		}{{"changed-taxareas", "taxareaid", a}, {"taxareaid-lookup", "taxAreaId", b}} {
			if r.a.status != http.StatusBadRequest {
				t.Errorf("%s %q: status %d: %s", r.route, c.id, r.a.status, r.a.body)
				continue
			}
			items := errorsOf(t, r.a)
			if len(items) != 1 || items[0].Target != r.field || !strings.Contains(items[0].Message, c.says) || strings.Contains(items[0].Message, "48") {
				t.Errorf("%s %q: %+v; want one error about %s saying %q", r.route, c.id, items, r.field, c.says)
			}
		}
	}
}
