package nexus_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
)

// TestRetailCountsExemptProducts: Minnesota counts retail sales, so the
// sales of clothing that a rule stored exempt (a rule file's, or a
// holiday's) take a seller over its threshold, while sales exempt by the
// customer's certificate (resales) do not.
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

// TestReturnsAreNoTransactions: Ohio's threshold is $100,000 or 200
// transactions; 150 sales and 60 returns, each stored as a transaction
// of its own, are 150 transactions, not 210, and leave Ohio under it.
func TestReturnsAreNoTransactions(t *testing.T) {
	ctx := context.Background()
	j := journal.NewMemory()
	for i := range 150 {
		sale(t, j, "acme", fmt.Sprintf("S%d", i), "", "2026-02-02", "OH", "20.00")
	}
	for i := range 60 {
		sale(t, j, "acme", fmt.Sprintf("R%d", i), "", "2026-02-03", "OH", "-20.00")
	}
	rep, err := nexus.Build(ctx, j, rules(t), "acme", nexus.Options{AsOf: civil.MustParse("2026-03-31")})
	if err != nil {
		t.Fatal(err)
	}
	if r := row(t, rep, "", "OH"); r.Status != nexus.StatusNone || r.Transactions != 150 || r.Sales.String() != "1800.00" {
		t.Errorf("Ohio, 150 sales and 60 returns: %s, %d transactions, %s; want none, 150, 1800.00", r.Status, r.Transactions, r.Sales)
	}
}
