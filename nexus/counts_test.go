package nexus_test

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
)

// TestRetailCountsExemptProducts: Minnesota counts retail sales, so the
// sales of clothing, which it exempts, take a seller over its threshold,
// while sales exempt by the customer's certificate (resales) do not.
func TestRetailCountsExemptProducts(t *testing.T) {
	ctx := context.Background()
	j := journal.NewMemory()
	post := func(id, company, net, ruleID string) {
		t.Helper()
		a := money.MustParse(net)
		tx := &journal.Transaction{TransactionID: id, Perspective: "SELLER", MessageType: "INVOICE", Company: company, Currency: "USD",
			DocumentDate: civil.MustParse("2026-03-02"), SubTotal: a, Total: a, Lines: []journal.Line{{LineItemID: "1", Destination: "US-MN", Amount: a,
				Taxes: []journal.Tax{{JurisdictionID: "US-MN", TaxResult: "EXEMPT", Taxable: money.Zero(), Exempt: a, RuleID: ruleID}}}}}
		if _, err := j.Post(ctx, "acme", tx); err != nil {
			t.Fatal(err)
		}
	}
	post("1", "CLOTHES", "100001.00", "mn-clothing")
	post("2", "WHOLESALE", "100001.00", "customer-certificate")
	rep, err := nexus.Build(ctx, j, rules(t), "acme", nexus.Options{AsOf: civil.MustParse("2026-03-31")})
	if err != nil {
		t.Fatal(err)
	}
	if r := row(t, rep, "CLOTHES", "MN"); r.Counts != "retail" || r.Status != nexus.StatusExceeded || r.Sales.String() != "100001.00" {
		t.Errorf("Minnesota, exempt clothing: %s, %s of %s sales; want exceeded, 100001.00", r.Status, r.Sales, r.Counts)
	}
	if r := row(t, rep, "WHOLESALE", "MN"); r.Status != nexus.StatusNone || !r.Sales.IsZero() {
		t.Errorf("Minnesota, resales: %s, %s; want none, 0", r.Status, r.Sales)
	}
}
