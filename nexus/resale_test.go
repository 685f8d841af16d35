package nexus_test

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/engine"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/nexus"
	"github.com/levytax/levy/wire"
)

// TestRetailButResale: Tennessee and Nebraska count the sales to exempt
// organisations among their retail sales and leave out the resales
// alone (the curated table's retail-but-resale), while Minnesota's retail
// sales leave out every sale its customer's exemption exempted. Each
// company sells $100,000 exempt by the customer's exemption into the
// three states: to a charitable organisation (its certificate's reason
// E), for resale (G), or for a reason the journal cannot read (none),
// which counts as a resale. Over the memory store, Badger on disk and
// PostgreSQL.
func TestRetailButResale(t *testing.T) {
	stores := journalStores(true)
	for name, open := range stores {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			j := open(t)
			defer j.Close()
			a := money.MustParse("100000.00")
			for _, c := range []struct{ company, rule, reason string }{
				{"CHARITY", "customer-certificate", "E"},
				{"EXEMPT", "customer-exempt", "e"},
				{"RESALE", "customer-certificate", "G"},
				{"UNKNOWN", "customer-exempt", ""},
			} {
				tx := &journal.Transaction{TransactionID: c.company, Perspective: "SELLER", MessageType: "INVOICE", Company: c.company,
					Currency: "USD", DocumentDate: civil.MustParse("2026-03-02"), SubTotal: a.Mul(money.MustParse("3")), Total: a.Mul(money.MustParse("3"))}
				for _, st := range []string{"US-TN", "US-NE", "US-MN"} {
					tx.Lines = append(tx.Lines, journal.Line{LineItemID: st, Destination: st, Amount: a,
						Taxes: []journal.Tax{{JurisdictionID: st, TaxResult: "EXEMPT", Taxable: money.Zero(), Exempt: a,
							RuleID: c.rule, ReasonCode: c.reason, CertificateNumber: "CERT-" + c.company}}})
				}
				if _, err := j.Post(ctx, "acme", tx); err != nil {
					t.Fatal(err)
				}
			}
			rep, err := nexus.Build(ctx, j, curatedRules(t), "acme", nexus.Options{AsOf: civil.MustParse("2026-03-31")})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				company, state string
				sales          string
			}{
				{"CHARITY", "TN", "100000.00"}, {"CHARITY", "NE", "100000.00"}, {"CHARITY", "MN", "0.00"},
				{"EXEMPT", "TN", "100000.00"}, {"EXEMPT", "NE", "100000.00"}, {"EXEMPT", "MN", "0.00"},
				{"RESALE", "TN", "0.00"}, {"RESALE", "NE", "0.00"}, {"RESALE", "MN", "0.00"},
				{"UNKNOWN", "TN", "0.00"}, {"UNKNOWN", "NE", "0.00"}, {"UNKNOWN", "MN", "0.00"},
			} {
				r := row(t, rep, c.company, c.state)
				if r.Sales.Decimal().StringFixed(2) != c.sales {
					t.Errorf("%s in %s: $%s of %s sales, want $%s", c.company, c.state, r.Sales.Decimal().StringFixed(2), r.Counts, c.sales)
				}
			}
			// Tennessee's $100,000 or more takes the charity's seller over;
			// its explanation says what counts.
			if r := row(t, rep, "CHARITY", "TN"); r.Status != nexus.StatusExceeded ||
				!strings.Contains(r.Explanation, "sales to exempt organisations and other exempt customers counted, sales for resale left out") {
				t.Errorf("Tennessee, charity: %s: %s", r.Status, r.Explanation)
			}
			if r := row(t, rep, "RESALE", "TN"); r.Status != nexus.StatusNone {
				t.Errorf("Tennessee, resales: %s, want none", r.Status)
			}
		})
	}
}

// TestRebuildFindsExemptOther: figures stored before the journal kept the
// part exempted other than for resale (here replaced by figures without
// it) differ from the journal in that part alone; the rebuild lists them
// with it, and its repair puts it in, which Tennessee's row then counts.
func TestRebuildFindsExemptOther(t *testing.T) {
	ctx := context.Background()
	j := journal.NewMemory()
	a := money.MustParse("100000.00")
	tx := &journal.Transaction{TransactionID: "1", Perspective: "SELLER", MessageType: "INVOICE", Currency: "USD",
		DocumentDate: civil.MustParse("2026-03-02"), SubTotal: a, Total: a, Lines: []journal.Line{{LineItemID: "1", Destination: "US-TN", Amount: a,
			Taxes: []journal.Tax{{JurisdictionID: "US-TN", TaxResult: "EXEMPT", Taxable: money.Zero(), Exempt: a, RuleID: "customer-exempt", ReasonCode: "B"}}}}}
	if _, err := j.Post(ctx, "acme", tx); err != nil {
		t.Fatal(err)
	}
	old, err := j.Figures(ctx, "acme", civil.Date{}, civil.Date{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range old {
		old[i].Direct.ExemptOther = 0
	}
	if err := j.ReplaceFigures(ctx, "acme", old); err != nil {
		t.Fatal(err)
	}
	sales := func() string {
		rep, err := nexus.Build(ctx, j, curatedRules(t), "acme", nexus.Options{AsOf: civil.MustParse("2026-03-31")})
		if err != nil {
			t.Fatal(err)
		}
		return row(t, rep, "", "TN").Sales.Decimal().StringFixed(2)
	}
	if got := sales(); got != "0.00" {
		t.Fatalf("Tennessee over figures without the part: $%s, want 0.00 (counted as resales)", got)
	}
	found, err := nexus.Rebuild(ctx, j, "acme", false)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := found.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if len(found.Differences) != 1 || !strings.Contains(b.String(),
		`"" US-TN 2026-03-02: stored direct 100000.00 in 1 (exempt 100000.00, 0.00 of it not for resale), marketplace 0.00 in 0, `+
			`journal direct 100000.00 in 1 (exempt 100000.00, 100000.00 of it not for resale)`) {
		t.Fatalf("rebuild found %d differences:\n%s", len(found.Differences), b.String())
	}
	if _, err := nexus.Rebuild(ctx, j, "acme", true); err != nil {
		t.Fatal(err)
	}
	if got := sales(); got != "100000.00" {
		t.Errorf("Tennessee after the repair: $%s, want 100000.00", got)
	}
}

// TestRetailButResaleThroughTheEngine: a sale calculated by the engine
// to a customer sent exempt with the request's exemptionReasonCode keeps
// the reason in the journal, and Tennessee's row counts the sale to a
// charitable organisation (E) and not the resale (G) nor the exempt sale
// without a reason.
func TestRetailButResaleThroughTheEngine(t *testing.T) {
	s := newCanadaSeller(t)
	nashville := engine.Address("Nashville", "37203", "US")
	seller := engine.SellerAt(engine.Address("Seattle", "98101", "US"))
	for _, c := range []struct{ company, reason string }{{"CHARITY", "E"}, {"RESALE", "G"}, {"NONE", ""}} {
		seller.Company = c.company
		customer := engine.CustomerAt(nashville)
		customer.IsTaxExempt, customer.ExemptionReasonCode = true, c.reason
		q := engine.Quotation("2026-03-02", seller, customer, engine.Line("1", "GENERAL", "100000.00"))
		q.SaleMessageType, q.TransactionID, q.DocumentNumber = wire.SaleInvoice, c.company, c.company
		if _, err := s.e.Sale(s.ctx, q); err != nil {
			t.Fatalf("invoice %s: %v", c.company, err)
		}
	}
	rep, err := nexus.Build(s.ctx, s.j, curatedRules(t), "acme", nexus.Options{AsOf: civil.MustParse("2026-03-31")})
	if err != nil {
		t.Fatal(err)
	}
	for company, want := range map[string]string{"CHARITY": "100000.00", "RESALE": "0.00", "NONE": "0.00"} {
		if r := row(t, rep, company, "TN"); r.Sales.Decimal().StringFixed(2) != want {
			t.Errorf("%s in TN: $%s of %s sales, want $%s", company, r.Sales.Decimal().StringFixed(2), r.Counts, want)
		}
	}
}
