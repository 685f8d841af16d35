package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
)

// The addresses of the tests of the taxes Levy knows of and does not
// compute, beside those of localtax_test.go.
var (
	denverAddr  = &wire.Location{StreetAddress1: "1437 Bannock St", City: "Denver", MainDivision: "CO", PostalCode: "80202", Country: "US"}
	boulderAddr = &wire.Location{StreetAddress1: "1777 Broadway", City: "Boulder", MainDivision: "CO", PostalCode: "80302", Country: "US"}
)

// The sentences that name the taxes of the dataset's table.
const (
	denverSaaS      = "US-0820000 Denver taxes SAAS under its own sales and use tax code (Denver Tax Guide Topic No. 18); Levy does not compute it"
	chicagoHosting  = "US-1714000 Chicago's Personal Property Lease Transaction Tax reaches WEB_HOSTING that is a nonpossessory computer lease (Personal Property Lease Transaction Tax Ruling #12); Levy does not compute it"
	chicagoGoodsFmt = "US-1714000 Chicago's Personal Property Lease Transaction Tax reaches the lease or rental of goods used in the city (Municipal Code of Chicago ch. 3-32); Levy does not compute it"
)

// notComputed returns the tax-not-computed parameters of the first line.
func notComputed(r *wire.SaleResponse) []wire.AssistedParameter {
	var out []wire.AssistedParameter
	for _, p := range r.LineItems[0].AssistedParameters {
		if p.RuleName == TaxNotComputedRule {
			out = append(out, p)
		}
	}
	return out
}

// TestTaxNotComputed sells the classes that the taxes Levy lacks reach,
// and others, into and out of Denver and Chicago: a line of such a class
// whose customer is in the jurisdiction on the line's date says so, once,
// with the jurisdiction, the tax and the citation; every other line says
// nothing, and no line bears a guessed tax.
func TestTaxNotComputed(t *testing.T) {
	d := civil.MustParse("2026-03-02")
	lease := func(tt wire.TransactionType) func(*wire.SaleRequest) {
		return func(r *wire.SaleRequest) { r.LineItems[0].TransactionType = tt }
	}
	cases := []struct {
		name             string
		seller, customer *wire.Location
		class            string
		day              civil.Date
		edit             func(*wire.SaleRequest)
		want             string // "" for no parameter
	}{
		{"saas to denver", sfAddr, denverAddr, "SAAS", d, nil, denverSaaS},
		{"saas to denver in 2012", sfAddr, denverAddr, "SAAS", civil.MustParse("2012-05-01"), nil, denverSaaS}, // start not recorded: every day
		{"ai services to denver", sfAddr, denverAddr, "AI_SERVICES", d, nil, strings.Replace(denverSaaS, "SAAS", "AI_SERVICES", 1)},
		{"goods to denver", sfAddr, denverAddr, "GENERAL", d, nil, ""},
		{"hosting to denver", sfAddr, denverAddr, "WEB_HOSTING", d, nil, ""},
		{"saas to boulder", sfAddr, boulderAddr, "SAAS", d, nil, ""},
		{"saas from denver to san francisco", denverAddr, sfAddr, "SAAS", d, nil, ""},
		{"saas from denver to boulder", denverAddr, boulderAddr, "SAAS", d, nil, ""},
		{"hosting to chicago", sfAddr, chicagoAddr, "WEB_HOSTING", d, nil, chicagoHosting},
		{"data processing to chicago", sfAddr, chicagoAddr, "DATA_PROCESSING", d, nil, strings.Replace(chicagoHosting, "WEB_HOSTING", "DATA_PROCESSING", 1)},
		{"hosting to chicago before ruling 12", sfAddr, chicagoAddr, "WEB_HOSTING", civil.MustParse("2015-12-31"), nil, ""},
		{"hosting from chicago to evanston", chicagoAddr, evanstonAddr, "WEB_HOSTING", d, nil, ""},
		{"hosting from evanston to chicago", evanstonAddr, chicagoAddr, "WEB_HOSTING", d, nil, chicagoHosting},
		{"saas to chicago", sfAddr, chicagoAddr, "SAAS", d, nil, ""}, // charged
		{"goods sold in chicago", sfAddr, chicagoAddr, "ELECTRONICS", d, nil, ""},
		{"goods leased in chicago", sfAddr, chicagoAddr, "ELECTRONICS", d, lease(wire.TransactionTypeLease), chicagoGoodsFmt},
		{"goods rented in chicago", sfAddr, chicagoAddr, "FORMAL_CLOTHING", d, lease(wire.TransactionTypeRental), chicagoGoodsFmt},
		{"goods leased in evanston", sfAddr, evanstonAddr, "ELECTRONICS", d, lease(wire.TransactionTypeLease), ""},
		{"groceries leased in chicago", sfAddr, chicagoAddr, "FOOD", d, lease(wire.TransactionTypeLease), ""},
		{"no class leased in chicago", sfAddr, chicagoAddr, "", d, lease(wire.TransactionTypeLease), chicagoGoodsFmt},
		{"streaming to chicago", sfAddr, chicagoAddr, "DIGITAL_STREAMING", d, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := sellOne(t, c.seller, c.customer, c.class, "1000.00", c.day, c.edit)
			got := notComputed(r)
			class := c.class
			if class == "" {
				class = rules.General
			}
			switch {
			case c.want == "" && len(got) != 0:
				t.Fatalf("got %+v, want no tax-not-computed", got)
			case c.want == "":
			case len(got) != 1:
				t.Fatalf("got %+v, want one tax-not-computed", got)
			case got[0] != wire.AssistedParameter{ParamName: "productClass", Phase: wire.PhasePost, RuleName: "tax-not-computed", OriginalValue: class, Value: c.want}:
				t.Errorf("got %+v, want %q for %s", got[0], c.want, class)
			}
			// Nothing guessed: a line with the parameter bears no tax but
			// what Levy computes anyway (Chicago's lease tax appears only
			// on the classes it charges).
			if c.want != "" {
				for _, x := range r.LineItems[0].Taxes {
					if x.Imposition != nil && x.Imposition.Value == leaseTax {
						t.Errorf("a lease tax record on a line whose lease tax Levy does not compute: %+v", x)
					}
				}
			}
		})
	}
}

// TestTaxNotComputedDenverSalesTax checks what Levy does in Denver's
// place: SaaS sold into Denver bears Denver's sales tax record as
// Colorado's matrix decides it (NONTAXABLE, no tax), and says that
// Denver's own code taxes it; goods bear Denver's 5.15% and say nothing.
func TestTaxNotComputedDenverSalesTax(t *testing.T) {
	d := civil.MustParse("2026-03-02")
	r := sellOne(t, sfAddr, denverAddr, "SAAS", "1000.00", d, nil)
	denver := taxOf(t, r.LineItems[0].Taxes, "US-0820000")
	if denver.TaxResult != wire.TaxResultNonTaxable || denver.CalculatedTax.Decimal().Sign() != 0 || r.TotalTax.Decimal().Sign() != 0 {
		t.Errorf("SaaS into Denver: Denver's record %s %s, total %s; want NONTAXABLE, no tax", denver.TaxResult, denver.CalculatedTax, r.TotalTax)
	}
	if len(notComputed(r)) != 1 {
		t.Errorf("SaaS into Denver: %+v", r.LineItems[0].AssistedParameters)
	}
	r = sellOne(t, sfAddr, denverAddr, "GENERAL", "100.00", d, nil)
	if got := r.TotalTax.Decimal().String(); got != "9.15" || len(r.LineItems[0].AssistedParameters) != 0 {
		t.Errorf("goods into Denver: total %s, %+v; want 9.15 and no parameter", got, r.LineItems[0].AssistedParameters)
	}
}

// TestTaxNotComputedWithOthers checks the parameter beside the others a
// line may carry: a class that no rule knows, taxed as GENERAL, leased in
// Chicago says both, in that order.
func TestTaxNotComputedWithOthers(t *testing.T) {
	r := sellOne(t, sfAddr, chicagoAddr, "SAS", "100.00", civil.MustParse("2026-03-02"), func(r *wire.SaleRequest) {
		r.LineItems[0].TransactionType = wire.TransactionTypeLease
	})
	want := []wire.AssistedParameter{
		{ParamName: "productClass", Phase: wire.PhasePre, RuleName: "unknown-product-class", OriginalValue: "SAS", Value: "GENERAL"},
		{ParamName: "productClass", Phase: wire.PhasePost, RuleName: "tax-not-computed", OriginalValue: "GENERAL", Value: chicagoGoodsFmt},
	}
	got := r.LineItems[0].AssistedParameters
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

// TestTaxNotComputedHostRule checks that a tax a host's rule computes is
// not named as missing: with a rule that taxes WEB_HOSTING under
// Chicago's lease tax at the rate of its computer leases, the line bears
// the tax (15% in 2026) and no parameter; without it, the parameter.
func TestTaxNotComputedHostRule(t *testing.T) {
	host := []rules.Rule{{ID: "host-chicago-lease-tax-hosting", Jurisdiction: "US-1714000", Tax: leaseTax, ProductClass: "WEB_HOSTING",
		Outcome: rules.Taxable, RateCategory: "computer_lease", Reason: "the seller's hosting is used through the customer's device in Chicago"}}
	e, err := New(context.Background(), WithRules(host, nil), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	if err != nil {
		t.Fatal(err)
	}
	req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: civil.MustParse("2026-03-02"),
		Seller: &wire.Seller{Company: "ACME", PhysicalOrigin: sfAddr}, Customer: &wire.Customer{Destination: chicagoAddr},
		LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: "WEB_HOSTING"}, ExtendedPrice: amt("1000.00")}}}
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	lt := impositionTaxes(r, leaseTax)
	if len(lt) != 1 || lt[0].TaxResult != wire.TaxResultTaxable || lt[0].CalculatedTax.Decimal().String() != "150" {
		t.Fatalf("host rule: lease taxes %+v, want one TAXABLE 150", lt)
	}
	if got := notComputed(r); len(got) != 0 {
		t.Errorf("host rule: %+v, want no tax-not-computed", got)
	}
	if got := notComputed(sellOne(t, sfAddr, chicagoAddr, "WEB_HOSTING", "1000.00", civil.MustParse("2026-03-02"), nil)); len(got) != 1 {
		t.Errorf("default rules: %+v, want one tax-not-computed", got)
	}
}

// TestTaxNotComputedPurchase checks the other perspectives: a Denver
// buyer accruing use tax on SaaS is told too, the customer's place being
// the buyer's.
func TestTaxNotComputedPurchase(t *testing.T) {
	req := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseOrder, TransactionType: wire.TransactionTypePurchase, DocumentDate: civil.MustParse("2026-03-02"),
		Vendor: &wire.Vendor{PhysicalOrigin: sfAddr}, Buyer: &wire.Buyer{Company: "ACME", Destination: denverAddr},
		LineItems: []wire.PurchaseLineItem{{LineItemID: "1", Purchase: &wire.Purchase{PurchaseClass: "SAAS"}, ExtendedPrice: amt("1000.00")}}}
	r, err := testEngine(t).Purchase(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	want := wire.AssistedParameter{ParamName: "productClass", Phase: wire.PhasePost, RuleName: "tax-not-computed", OriginalValue: "SAAS", Value: denverSaaS}
	if got := r.LineItems[0].AssistedParameters; len(got) != 1 || got[0] != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

// TestTaxNotComputedMassachusettsMeals: a meal sold in Boston bears the
// state's 6.25% (3.13 on 50.00) and says that the local option meals
// excise of 0.75% that Boston and other cities and towns accepted (M.G.L.
// c. 64L, s. 2) is not computed; it said nothing, and the 7% a Boston
// restaurant charges looked like 6.25%. A coat says nothing.
func TestTaxNotComputedMassachusettsMeals(t *testing.T) {
	boston := &wire.Location{StreetAddress1: "1 Beacon St", City: "Boston", MainDivision: "MA", PostalCode: "02108", Country: "US"}
	const want = "US-MA Massachusetts cities and towns that accept it tax PREPARED_FOOD by a local meals excise of 0.75% (M.G.L. c. 64L, s. 2); Levy does not compute it"
	d := civil.MustParse("2026-10-15")
	meal := sellOne(t, boston, boston, "PREPARED_FOOD", "50.00", d, nil)
	if got := notComputed(meal); len(got) != 1 || got[0].Value != want || got[0].OriginalValue != "PREPARED_FOOD" {
		t.Errorf("meal in Boston: tax-not-computed %+v, want one saying %q", got, want)
	}
	if meal.TotalTax.String() != "3.13" {
		t.Errorf("meal in Boston: tax %s, want 3.13", meal.TotalTax)
	}
	if got := notComputed(sellOne(t, boston, boston, "CLOTHING", "200.00", d, nil)); len(got) != 0 {
		t.Errorf("coat in Boston: tax-not-computed %+v, want none", got)
	}
}
