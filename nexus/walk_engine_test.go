package nexus_test

import (
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/wire"
)

// TestWalkThroughTheEngine: sales calculated by the engine over a Badger
// journal on disk, each under a company of its own, count as the request
// says: a quotation and an invoice not posted count nothing, an invoice
// to a customer exempt for resale counts in a state that counts gross
// sales and not in one that counts retail sales, a service Florida does
// not tax counts in Kansas's gross sales and not in Florida's taxable
// ones, a marketplace sale counts apart, an invoice in euros counts at
// the request's factor into US dollars, and sales into the District of
// Columbia and Puerto Rico (given as a country) count in their rows.
func TestWalkThroughTheEngine(t *testing.T) {
	s := newCanadaSeller(t)
	places := map[string]*wire.Location{
		"AL": engine.Address("Birmingham", "35203", "US"),
		"KS": engine.Address("Wichita", "67202", "US"),
		"TX": engine.Address("Houston", "77002", "US"),
		"FL": engine.Address("Miami", "33131", "US"),
		"DC": engine.Address("Washington", "20001", "US"),
		// Puerto Rico given as a country of its own.
		"PR": engine.Address("San Juan", "00901", "PR"),
	}
	sell := func(id, company string, kind wire.SaleMessageType, state, class, amount string, change func(*wire.SaleRequest)) {
		t.Helper()
		seller := engine.SellerAt(engine.Address("Seattle", "98101", "US"))
		seller.Company = company
		q := engine.Quotation("2026-03-02", seller, engine.CustomerAt(places[state]), engine.Line("1", class, amount))
		q.SaleMessageType, q.TransactionID, q.DocumentNumber = kind, id, id
		if change != nil {
			change(q)
		}
		if _, err := s.e.Sale(s.ctx, q); err != nil {
			t.Fatalf("%s %s: %v", kind, id, err)
		}
	}
	no := false
	sell("q", "QUOTE", wire.SaleQuotation, "TX", "GENERAL", "600000.00", nil)
	sell("np", "NOPOST", wire.SaleInvoice, "TX", "GENERAL", "600000.00", func(q *wire.SaleRequest) { q.PostToJournal = &no })
	for _, st := range []string{"AL", "KS", "FL"} {
		sell("resale-"+st, "RESALE", wire.SaleInvoice, st, "GENERAL", "300000.00", func(q *wire.SaleRequest) {
			q.Customer.IsTaxExempt, q.Customer.ExemptionReasonCode = true, "G"
		})
		sell("mkt-"+st, "MARKET", wire.SaleInvoice, st, "GENERAL", "300000.00", func(q *wire.SaleRequest) { q.MarketplaceFacilitated = true })
	}
	// A service Florida does not tax: Florida counts taxable sales,
	// Kansas gross ones.
	sell("svc-FL", "SERVICE", wire.SaleInvoice, "FL", "PROFESSIONAL_SERVICES", "300000.00", nil)
	sell("svc-KS", "SERVICE", wire.SaleInvoice, "KS", "PROFESSIONAL_SERVICES", "300000.00", nil)
	// More than $100,000 into the District of Columbia and Puerto Rico.
	sell("dc", "DC", wire.SaleInvoice, "DC", "GENERAL", "100000.01", nil)
	sell("pr", "PR", wire.SaleInvoice, "PR", "GENERAL", "100000.01", nil)
	rate := money.MustParse("1.10")
	sell("eur", "EURO", wire.SaleInvoice, "TX", "GENERAL", "460000.00", func(q *wire.SaleRequest) {
		q.Currency = engine.CurrencyCode("EUR")
		q.CurrencyConversionFactors = []wire.CurrencyConversionFactor{{ConversionFactor: &rate,
			SourceCurrency: engine.CurrencyCode("EUR"), TargetCurrency: engine.CurrencyCode("USD")}}
	})
	rep, err := nexus.Build(s.ctx, s.j, curatedRules(t), "acme", nexus.Options{AsOf: civil.MustParse("2026-03-31")})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Rows {
		if r.Company == "QUOTE" || r.Company == "NOPOST" {
			t.Errorf("%s has a row in %s although it stored nothing: %s", r.Company, r.State, r.Explanation)
		}
	}
	for _, c := range []struct {
		company, state, status, sales string
		count, market                 int64
	}{
		// Alabama and Florida leave the resale out (retail, taxable);
		// Kansas counts gross sales.
		{"RESALE", "AL", "none", "0.00", 1, 0},
		{"RESALE", "KS", "exceeded", "300000.00", 1, 0},
		{"RESALE", "FL", "none", "0.00", 1, 0},
		// Alabama and Florida leave marketplace sales out, Kansas counts
		// them.
		{"MARKET", "AL", "none", "0.00", 0, 1},
		{"MARKET", "KS", "exceeded", "300000.00", 1, 1},
		{"MARKET", "FL", "none", "0.00", 0, 1},
		{"SERVICE", "FL", "none", "0.00", 1, 0},
		{"SERVICE", "KS", "exceeded", "300000.00", 1, 0},
		{"DC", "DC", "exceeded", "100000.01", 1, 0},
		{"PR", "PR", "exceeded", "100000.01", 1, 0},
		// EUR 460,000 at 1.10 is $506,000, past Texas's $500,000.
		{"EURO", "TX", "exceeded", "506000.00", 1, 0},
	} {
		r := row(t, rep, c.company, c.state)
		if r.Status != c.status || r.Sales.Decimal().StringFixed(2) != c.sales || r.Transactions != c.count || r.MarketplaceTransactions != c.market {
			t.Errorf("%s in %s: %s, $%s in %d (%d through a marketplace); want %s, $%s in %d (%d)\n%s", c.company, c.state,
				r.Status, r.Sales.Decimal().StringFixed(2), r.Transactions, r.MarketplaceTransactions, c.status, c.sales, c.count, c.market, r.Explanation)
		}
	}
	if r := row(t, rep, "EURO", "TX"); r.Unconverted != 0 || strings.Contains(r.Explanation, "another currency") {
		t.Errorf("the euro sale, converted, said unconverted: %s", r.Explanation)
	}
	found, err := nexus.Rebuild(s.ctx, s.j, "acme", false)
	if err != nil || len(found.Differences) > 0 {
		t.Errorf("the rebuild: %v, %d differences", err, len(found.Differences))
	}
}
