package profileadmin_test

import (
	"testing"

	"github.com/levytax/levy/api/profileadmin"
)

// TestPaddedFilterCode: the codes of a list's filters (customer, company,
// codeType, class, area) sent with spaces around them, as an ERP's
// fixed-width fields give them, find the records of the code, as the same
// code in a route's path does (TestPaddedPathCode). Before, the list of
// the certificates of "C-1 " was empty while GET /customers/C-1%20 listed
// TX-1: a tax team or an auditor was told the customer held none.
func TestPaddedFilterCode(t *testing.T) {
	s := newServer(t)
	s.seed(t)
	s.must(t, 200, "PUT", p+"/franchises/CHI-CABLE-1/Cable", s.acme,
		`{"rate":"0.07","jurisdiction":"US-1714000","effectiveDate":"2026-01-01","source":"acme's agreement of 2025"}`)
	lists := []struct {
		path string
		want int
	}{
		{"/certificates?customer=C-1%20%20", 1},
		{"/certificates?customer=%20C-1", 1},
		{"/customers?customer=%20C-1%20", 1},
		{"/registrations?company=ACME%20", 1},
		{"/products?codeType=%20sku%20", 1},
		{"/products?class=SAAS%20", 1},
		{"/franchises?area=CHI-CABLE-1%20", 1},
	}
	for _, l := range lists {
		var page profileadmin.Page[struct{}]
		s.must(t, 200, "GET", p+l.path, s.acme, "").data(t, &page)
		if page.Total != l.want || len(page.Items) != l.want {
			t.Errorf("GET %s: %d of %d records, want %d", l.path, len(page.Items), page.Total, l.want)
		}
	}
}
