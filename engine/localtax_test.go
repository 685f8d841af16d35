package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// The addresses of the tests of the local taxes outside the sales tax.
var (
	chicagoAddr  = &wire.Location{StreetAddress1: "233 S Wacker Dr", City: "Chicago", MainDivision: "IL", PostalCode: "60606", Country: "US"}
	evanstonAddr = &wire.Location{StreetAddress1: "1500 Sherman Ave", City: "Evanston", MainDivision: "IL", PostalCode: "60201", Country: "US"}
	sfAddr       = &wire.Location{StreetAddress1: "415 Mission St", City: "San Francisco", MainDivision: "CA", PostalCode: "94105", Country: "US"}
)

const (
	leaseTax     = "Personal Property Lease Transaction Tax"
	amusementTax = "Amusement Tax"
)

// sellOne sells one line of class at price from seller to customer on d.
func sellOne(t *testing.T, seller, customer *wire.Location, class, price string, d civil.Date, edit func(*wire.SaleRequest)) *wire.SaleResponse {
	t.Helper()
	req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: d,
		Seller: &wire.Seller{Company: "ACME", PhysicalOrigin: seller}, Customer: &wire.Customer{Destination: customer},
		LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: class}, ExtendedPrice: amt(price)}}}
	if edit != nil {
		edit(req)
	}
	r, err := testEngine(t).Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// impositionTaxes returns the line's taxes of one imposition.
func impositionTaxes(r *wire.SaleResponse, imposition string) []wire.Tax {
	var out []wire.Tax
	for _, x := range r.LineItems[0].Taxes {
		if x.Imposition != nil && x.Imposition.Value == imposition {
			out = append(out, x)
		}
	}
	return out
}

// TestChicagoLocalTaxes sells the classes that Chicago's lease and
// amusement taxes reach, and others, into and out of Chicago: the tax is
// charged at its rate of the day on the classes it reaches, at the
// customer's address, and appears on no other line.
func TestChicagoLocalTaxes(t *testing.T) {
	d2026 := civil.MustParse("2026-03-02")
	cases := []struct {
		name             string
		seller, customer *wire.Location
		class            string
		day              civil.Date
		imposition       string
		rate, tax, rule  string // "" rate: no tax of the imposition at all
		situs            wire.LocationRole
	}{
		{"saas 2026", sfAddr, chicagoAddr, "SAAS", d2026, leaseTax, "0.15", "150.00", "us-il-chicago-lease-tax-saas-2026-01-01", wire.Destination},
		{"saas 2025", sfAddr, chicagoAddr, "SAAS", civil.MustParse("2025-12-31"), leaseTax, "0.11", "110.00", "us-il-chicago-lease-tax-saas-2025-01-01", wire.Destination},
		{"saas 2024", sfAddr, chicagoAddr, "SAAS", civil.MustParse("2024-01-01"), leaseTax, "0.09", "90.00", "us-il-chicago-lease-tax-saas-2021-01-01", wire.Destination},
		{"saas 2020", sfAddr, chicagoAddr, "SAAS", civil.MustParse("2020-07-01"), leaseTax, "0.0725", "72.50", "us-il-chicago-lease-tax-saas-2020-01-01", wire.Destination},
		{"saas before ruling 12", sfAddr, chicagoAddr, "SAAS", civil.MustParse("2015-12-31"), leaseTax, "", "", "", ""},
		{"ai services", sfAddr, chicagoAddr, "AI_SERVICES", d2026, leaseTax, "0.15", "150.00", "us-il-chicago-lease-tax-ai_services-2026-01-01", wire.Destination},
		{"goods", sfAddr, chicagoAddr, "GENERAL", d2026, leaseTax, "", "", "", ""},
		{"groceries", sfAddr, chicagoAddr, "FOOD", d2026, leaseTax, "", "", "", ""},
		{"hosting not modelled", sfAddr, chicagoAddr, "WEB_HOSTING", d2026, leaseTax, "", "", "", ""},
		{"saas in evanston", sfAddr, evanstonAddr, "SAAS", d2026, leaseTax, "", "", "", ""},
		{"streaming 2026", sfAddr, chicagoAddr, "DIGITAL_STREAMING", d2026, amusementTax, "0.1025", "102.50", "us-il-chicago-amusement-tax-digital_streaming-2025-01-01", wire.Destination},
		{"streaming 2024", sfAddr, chicagoAddr, "DIGITAL_STREAMING", civil.MustParse("2024-06-01"), amusementTax, "0.09", "90.00", "us-il-chicago-amusement-tax-digital_streaming-2015-09-01", wire.Destination},
		{"streaming no lease tax", sfAddr, chicagoAddr, "DIGITAL_STREAMING", d2026, leaseTax, "", "", "", ""},
		{"download", sfAddr, chicagoAddr, "DIGITAL_MUSIC", d2026, amusementTax, "", "", "", ""},
		{"saas no amusement tax", sfAddr, chicagoAddr, "SAAS", d2026, amusementTax, "", "", "", ""},
		// Illinois sources its sales tax to an Illinois seller; the lease
		// tax still falls where the customer uses the software.
		{"from evanston to chicago", evanstonAddr, chicagoAddr, "SAAS", d2026, leaseTax, "0.15", "150.00", "us-il-chicago-lease-tax-saas-2026-01-01", wire.Destination},
		{"from chicago to evanston", chicagoAddr, evanstonAddr, "SAAS", d2026, leaseTax, "", "", "", ""},
		{"within chicago", chicagoAddr, chicagoAddr, "SAAS", d2026, leaseTax, "0.15", "150.00", "us-il-chicago-lease-tax-saas-2026-01-01", wire.Destination},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := sellOne(t, c.seller, c.customer, c.class, "1000.00", c.day, nil)
			got := impositionTaxes(r, c.imposition)
			if c.rate == "" {
				if len(got) != 0 {
					t.Fatalf("%d taxes of %s, want none: %+v", len(got), c.imposition, got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("%d taxes of %s, want 1", len(got), c.imposition)
			}
			x := got[0]
			if x.Jurisdiction.JurisdictionID != "US-1714000" || x.TaxResult != wire.TaxResultTaxable || x.Situs != c.situs ||
				x.NominalRate == nil || !x.NominalRate.Decimal().Equal(decimal.RequireFromString(c.rate)) ||
				!x.CalculatedTax.Decimal().Equal(decimal.RequireFromString(c.tax)) ||
				x.CalculationRuleID == nil || x.CalculationRuleID.Value != c.rule {
				t.Errorf("got %s %s %s at %v: %s, rule %v; want TAXABLE %s at %s: %s, rule %s", x.Jurisdiction.JurisdictionID, x.TaxResult,
					x.Situs, x.NominalRate, x.CalculatedTax, x.CalculationRuleID, c.situs, c.rate, c.tax, c.rule)
			}
		})
	}
}

// TestChicagoLeaseTaxSalesUnchanged checks that the city's lease tax
// leaves the sales tax as it was: goods sold into Chicago bear the
// combined 10.25% of 2026 and nothing more, and goods sold by a Chicago
// seller to Evanston still bear Chicago's sales tax (Illinois's origin
// sourcing), without its lease tax.
func TestChicagoLeaseTaxSalesUnchanged(t *testing.T) {
	d := civil.MustParse("2026-03-02")
	r := sellOne(t, sfAddr, chicagoAddr, "GENERAL", "100.00", d, nil)
	if got := r.LineItems[0].TotalTax.Decimal(); !got.Equal(decimal.RequireFromString("10.25")) {
		t.Errorf("goods into Chicago: total tax %s, want 10.25", got)
	}
	r = sellOne(t, chicagoAddr, evanstonAddr, "GENERAL", "100.00", d, nil)
	chicago := taxOf(t, r.LineItems[0].Taxes, "US-1714000")
	if chicago.Imposition.Value != "Sales and Use Tax" || chicago.Situs != wire.PhysicalOrigin || !chicago.CalculatedTax.Decimal().Equal(decimal.RequireFromString("1.25")) {
		t.Errorf("goods from Chicago to Evanston: Chicago's tax %s %s %s, want the sales tax at the origin, 1.25", chicago.Imposition.Value, chicago.Situs, chicago.CalculatedTax)
	}
	if n := len(impositionTaxes(r, leaseTax)); n != 0 {
		t.Errorf("goods from Chicago to Evanston: %d lease taxes", n)
	}
}

// TestChicagoLeaseTaxExemptions checks the two ways to claim an
// exemption that Levy leaves to the user (a small new business, a lessee
// whose users are mostly outside the city): an exempt customer, and an
// exemption override of the lease tax alone, which leaves the sales tax
// to its rules (Illinois does not tax SaaS: the state's record stays
// NONTAXABLE, not taxable as an override once made it).
func TestChicagoLeaseTaxExemptions(t *testing.T) {
	d := civil.MustParse("2026-03-02")
	r := sellOne(t, sfAddr, chicagoAddr, "SAAS", "1000.00", d, func(req *wire.SaleRequest) {
		req.Customer.IsTaxExempt = true
	})
	lt := impositionTaxes(r, leaseTax)
	if len(lt) != 1 || lt[0].TaxResult != wire.TaxResultExempt || !lt[0].Exempt.Decimal().Equal(decimal.RequireFromString("1000")) {
		t.Errorf("exempt customer: lease taxes %+v, want one EXEMPT on 1000", lt)
	}
	r = sellOne(t, sfAddr, chicagoAddr, "SAAS", "1000.00", d, func(req *wire.SaleRequest) {
		req.LineItems[0].ExemptOverrides = []wire.Override{{ImpositionType: &wire.ImpositionType{Value: leaseTax}, JurisdictionID: "US-1714000", ReasonCode: "SMALL_NEW_BUSINESS"}}
	})
	lt = impositionTaxes(r, leaseTax)
	if len(lt) != 1 || lt[0].TaxResult != wire.TaxResultExempt || lt[0].CalculatedTax.Decimal().Sign() != 0 {
		t.Errorf("override: lease taxes %+v, want one EXEMPT", lt)
	}
	st := taxOf(t, r.LineItems[0].Taxes, "US-IL")
	if st.TaxResult != wire.TaxResultNonTaxable || st.CalculatedTax.Decimal().Sign() != 0 {
		t.Errorf("override of the lease tax: Illinois's tax is %s, %s; want NONTAXABLE, 0", st.TaxResult, st.CalculatedTax)
	}
	if got := r.LineItems[0].TotalTax.Decimal(); got.Sign() != 0 {
		t.Errorf("override of the lease tax: total tax %s, want 0", got)
	}
}

// TestChicagoLeaseTaxWithContent loads Illinois content over the
// embedded dataset: content that does not name Chicago loads (the city is
// kept for its lease tax, which no area then reaches), and content that
// gives Chicago by its Census place keeps the lease tax there beside the
// content's own rates.
func TestChicagoLeaseTaxWithContent(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	d := civil.MustParse("2026-03-02")
	sell := func(e *Engine, class string) *wire.SaleResponse {
		t.Helper()
		r, err := e.Sale(context.Background(), &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: d,
			Seller: &wire.Seller{PhysicalOrigin: sfAddr}, Customer: &wire.Customer{Destination: chicagoAddr},
			LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: class}, ExtendedPrice: amt("1000.00")}}})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	countyOnly := write("il-county.csv", "state,jurisdiction,rate,where,source\nIL,US-17031,0.0175,county:17031,test\n")
	e, err := New(context.Background(), WithContent(content.Options{}, content.Source{Path: countyOnly}))
	if err != nil {
		t.Fatalf("Illinois content without Chicago: %v", err)
	}
	if n := len(impositionTaxes(sell(e, "SAAS"), leaseTax)); n != 0 {
		t.Errorf("content without Chicago: %d lease taxes", n)
	}
	withCity := write("il-chicago.csv", "state,jurisdiction,type,name,rate,where,source\n"+
		"IL,US-17031,,,0.0175,county:17031,test\nIL,US-1714000,CITY,Chicago,0.0125,place:1714000,test\n")
	e, err = New(context.Background(), WithContent(content.Options{}, content.Source{Path: withCity}))
	if err != nil {
		t.Fatal(err)
	}
	r := sell(e, "SAAS")
	if lt := impositionTaxes(r, leaseTax); len(lt) != 1 || !lt[0].CalculatedTax.Decimal().Equal(decimal.RequireFromString("150")) {
		t.Errorf("content with Chicago: lease taxes %+v, want one of 150.00", lt)
	}
	if got := sell(e, "GENERAL").LineItems[0].TotalTax.Decimal(); !got.Equal(decimal.RequireFromString("92.5")) {
		t.Errorf("content with Chicago: goods bear %s, want 92.50 (6.25%% + 1.75%% + 1.25%%)", got)
	}
}
