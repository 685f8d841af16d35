package nexusadmin_test

import (
	"context"
	"testing"

	"github.com/levytax/levy/nexus"
)

// TestLineSellerCountsUnderItsCompany: a line that names a seller of its
// own (lineItems[].seller.company) is that company's sale. An invoice of
// company LS-A with a $600,000 line sold by LS-B into Texas counted the
// whole under LS-A: LS-B's Texas row said none while it had passed
// $500,000, and LS-A's said exceeded on sales it did not make. The
// rebuild from the stored transactions agrees with the kept figures.
func TestLineSellerCountsUnderItsCompany(t *testing.T) {
	s := newServer(t)
	origin := `{"city":"Portland","mainDivision":"OR","postalCode":"97201","country":"US"}`
	body := `{"saleMessageType":"INVOICE","transactionType":"SALE","transactionId":"LS-1","documentDate":"2026-03-02",
		"seller":{"company":"LS-A","physicalOrigin":` + origin + `},
		"customer":{"destination":` + places["TX"] + `},
		"lineItems":[{"lineItemId":"1","seller":{"company":"LS-B","physicalOrigin":` + origin + `},"product":{"productClass":"GENERAL"},"extendedPrice":600000},
			{"lineItemId":"2","product":{"productClass":"GENERAL"},"extendedPrice":100}]}`
	if code, b := s.send(t, "POST", "/api/v2/supplies", s.api, body); code != 200 {
		t.Fatalf("posting: %d %s", code, b)
	}
	b := s.report(t, "LS-B", "2026-03-31")["TX"]
	want(t, "LS-B's $600,000 line into Texas", b, nexus.StatusExceeded, "2026-03-02", "2026-07-01")
	if b.Sales.String() != "600000.00" || b.Transactions != 1 {
		t.Errorf("LS-B in Texas: $%s in %d transactions, want $600000.00 in 1", b.Sales, b.Transactions)
	}
	a := s.report(t, "LS-A", "2026-03-31")["TX"]
	want(t, "LS-A's $100 line into Texas", a, nexus.StatusNone, "", "")
	if a.Sales.String() != "100.00" || a.Transactions != 1 {
		t.Errorf("LS-A in Texas: $%s in %d transactions, want $100.00 in 1", a.Sales, a.Transactions)
	}
	res, err := nexus.Rebuild(context.Background(), s.store, "acme", false)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Differences) > 0 || len(res.Months) > 0 {
		t.Errorf("the rebuild differs from the kept figures: %+v %+v", res.Differences, res.Months)
	}
}
