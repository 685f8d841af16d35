package engine

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/profile"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

func dp(s string) *decimal.Decimal {
	d := decimal.RequireFromString(s)
	return &d
}

// fixedDistance gives fixed EU distance sales per company.
type fixedDistance map[string]DistanceFigures

func (f fixedDistance) EUDistanceSales(_ context.Context, _, company string, _ civil.Date) (DistanceFigures, error) {
	return f[company], nil
}

// TestEUDistanceThreshold: a seller at or below EUR 10,000 of EU
// cross-border sales to consumers, this year and last, charges its own
// VAT; above it in either year (or when nothing gives the figures) the
// customer's.
func TestEUDistanceThreshold(t *testing.T) {
	src := fixedDistance{
		"TINY":      {Current: decimal.NewFromInt(8000), Source: "test"},
		"LAST-YEAR": {Current: decimal.NewFromInt(10), Previous: decimal.NewFromInt(12000), Source: "test"},
		"OWN":       {Current: decimal.NewFromInt(8000), Threshold: dp("5000"), Source: "test"},
		"BIG":       {Current: decimal.NewFromInt(10001), Source: "test"},
	}
	small, err := New(context.Background(), WithDistanceSales(src))
	if err != nil {
		t.Fatal(err)
	}
	req := func(company string) *wire.SaleRequest {
		return &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: civil.MustParse("2026-06-01"),
			Currency:  &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Seller:    &wire.Seller{Company: company, PhysicalOrigin: &wire.Location{City: "Wien", PostalCode: "1010", Country: "AT"}},
			Customer:  &wire.Customer{Destination: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}},
			LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}}
	}
	for _, c := range []struct{ company, want, tax string }{
		{"TINY", "AT", "20.00"}, {"LAST-YEAR", "DE", "19.00"}, {"OWN", "DE", "19.00"}, {"BIG", "DE", "19.00"}, {"UNKNOWN", "AT", "20.00"},
	} {
		r, err := small.Sale(context.Background(), req(c.company))
		if err != nil {
			t.Fatal(err)
		}
		if tx := r.LineItems[0].Taxes[0]; tx.Jurisdiction.JurisdictionID != c.want || tx.CalculatedTax.String() != c.tax {
			t.Errorf("%s: %s %s, want %s %s", c.company, tx.Jurisdiction.JurisdictionID, tx.CalculatedTax, c.want, c.tax)
		}
	}
	// Without a source every seller is above the threshold.
	none, err := New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	r, err := none.Sale(context.Background(), req("TINY"))
	if err != nil {
		t.Fatal(err)
	}
	if tx := r.LineItems[0].Taxes[0]; tx.Jurisdiction.JurisdictionID != "DE" {
		t.Errorf("without figures: %s %s", tx.Jurisdiction.JurisdictionID, tx.CalculatedTax)
	}

	// A threshold of the settings replaces the dated one: at EUR 5,000
	// the same seller is above it.
	lower, err := New(context.Background(), WithDistanceSales(src), WithSettings(Settings{EUDistanceThreshold: dp("5000")}))
	if err != nil {
		t.Fatal(err)
	}
	r, err = lower.Sale(context.Background(), req("TINY"))
	if err != nil {
		t.Fatal(err)
	}
	if tx := r.LineItems[0].Taxes[0]; tx.Jurisdiction.JurisdictionID != "DE" {
		t.Errorf("above a threshold of the settings: %s %s", tx.Jurisdiction.JurisdictionID, tx.CalculatedTax)
	}
	if _, err := New(context.Background(), WithSettings(Settings{EUDistanceThreshold: dp("-1")})); err == nil {
		t.Error("a negative threshold is accepted")
	}
}

// TestHostRatesAndStructures: a host adds Miami-Dade's 1% surtax, which
// the built-in structure limits to the first $5,000 of an item, and an
// information-only fee that stays out of the totals.
func TestHostRatesAndStructures(t *testing.T) {
	e, err := New(context.Background(), WithRates(
		RateEntry{Rate: jurisdiction.Rate{Jurisdiction: "US-12086", Tax: jurisdiction.SalesTax, Value: decimal.RequireFromString("0.01")}},
		RateEntry{Rate: jurisdiction.Rate{Jurisdiction: "US-12086", Tax: "Tourist Development Fee", Value: decimal.RequireFromString("0.02")}, InformationOnly: true},
	))
	if err != nil {
		t.Fatal(err)
	}
	req := usSale("1 Biscayne Blvd", "Miami", "FL", "33132", "GENERAL", "8000.00")
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	l := r.LineItems[0]
	var surtax, fee *wire.Tax
	for i := range l.Taxes {
		if l.Taxes[i].Jurisdiction.JurisdictionID == "US-12086" {
			if l.Taxes[i].Imposition.Value == string(jurisdiction.SalesTax) {
				surtax = &l.Taxes[i]
			} else {
				fee = &l.Taxes[i]
			}
		}
	}
	if surtax == nil || surtax.CalculatedTax.String() != "50.00" || !surtax.Taxable.Equal(*amt("5000")) || surtax.MaxTaxRuleID == nil {
		t.Fatalf("surtax %+v", surtax)
	}
	if fee == nil || !fee.ImpositionType.InformationOnly || fee.CalculatedTax.String() != "160.00" {
		t.Fatalf("fee %+v", fee)
	}
	// State 6% of 8000 + surtax 50; the fee is not counted.
	if l.TotalTax.String() != "530.00" || r.TotalTax.String() != "530.00" {
		t.Errorf("totals %s %s", l.TotalTax, r.TotalTax)
	}
}

func TestRuleFilesAndTolerance(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "rules.json")
	file := `{"version": 1, "rules": [{"id": "acme-resale", "customerClass": "RESELLER", "outcome": "EXEMPT", "priority": 5, "reason": "resale certificate on file"}]}`
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := New(context.Background(), WithRuleFiles(path),
		WithSettings(Settings{Tolerance: &Tolerance{Amount: dp("1.00"), Percent: dp("5")}}))
	if err != nil {
		t.Fatal(err)
	}
	req := usSale("1 Main St", "Albany", "NY", "12207", "GENERAL", "100.00")
	req.Customer.CustomerCode = &wire.CustomerCode{ClassCode: "RESELLER"}
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if tx := r.LineItems[0].Taxes[0]; tx.TaxResult != wire.TaxResultExempt || tx.CalculationRuleID.Value != "acme-resale" {
		t.Errorf("rule file rule not used: %+v", tx)
	}
	// A rule file that does not parse fails the reload and keeps the
	// engine as it was.
	if err := os.WriteFile(path, []byte(`{"version": 1, "rules": [{"id": "x", "outcom": "EXEMPT"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := e.Reload(context.Background()); err == nil {
		t.Error("a misspelt rule file reloaded")
	}
	verify := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseInvoiceVerification, TransactionType: wire.TransactionTypePurchase,
		DocumentDate: civil.MustParse("2026-06-01"),
		Vendor:       &wire.Vendor{PhysicalOrigin: &wire.Location{City: "Albany", MainDivision: "NY", PostalCode: "12207", Country: "US"}},
		Buyer:        &wire.Buyer{Destination: &wire.Location{City: "Albany", MainDivision: "NY", PostalCode: "12207", Country: "US"}},
		LineItems: []wire.PurchaseLineItem{
			{LineItemID: "close", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00"), ChargedTax: amt("3.50")},
			{LineItemID: "far", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00"), ChargedTax: amt("1.00")},
		}}
	pr, err := e.Purchase(context.Background(), verify)
	if err != nil {
		t.Fatal(err)
	}
	// Albany: NY state 4% and Albany County 4%, 8.00 each. -4.50 is
	// more than $1 and 5% of 8.00 (0.40), so it is outside; -7.00 is
	// outside too.
	for i, want := range []string{"-4.50", "-7.00"} {
		l := pr.LineItems[i]
		if l.Variance == nil || l.Variance.String() != want || l.OutsideThreshold == nil || !*l.OutsideThreshold {
			t.Errorf("line %d: variance %v outside %v", i, l.Variance, l.OutsideThreshold)
		}
	}
	if pr.Variance == nil || pr.Variance.String() != "-11.50" {
		t.Errorf("document variance %v", pr.Variance)
	}
}

func TestProcurementPolicy(t *testing.T) {
	s := Settings{Tolerance: &Tolerance{Amount: dp("0.50")}}
	cases := []struct {
		charged, calc string
		policy        ProcurementPolicy
		action        string
	}{
		{"70.00", "70.25", ProcurementPolicy{}, wire.ProcurementPayVendorTax},
		{"20.00", "70.00", ProcurementPolicy{}, wire.ProcurementAccrue},
		{"20.00", "70.00", ProcurementPolicy{Undercharge: wire.ProcurementHoldForReview}, wire.ProcurementHoldForReview},
		{"90.00", "70.00", ProcurementPolicy{}, wire.ProcurementHoldForReview},
		{"90.00", "70.00", ProcurementPolicy{Overcharge: wire.ProcurementPayVendorTax}, wire.ProcurementPayVendorTax},
	}
	for _, c := range cases {
		s.Procurement = c.policy
		a := s.procurementAction(decimal.RequireFromString(c.charged), decimal.RequireFromString(c.calc), decimal.Zero, decimal.Zero, 2)
		if a.Action != c.action || a.Reason == "" || a.RuleID == "" {
			t.Errorf("%s vs %s with %+v: %+v", c.charged, c.calc, c.policy, a)
		}
	}
	if err := (&Settings{Procurement: ProcurementPolicy{Undercharge: "SHRUG"}}).check(); err == nil {
		t.Error("a bad policy passed")
	}
}

// TestEUDistanceThresholdCountsTheSale: the sale that takes the seller's
// EU distance sales over the threshold is taxed where the customer is
// (Article 59c(2) of the VAT directive): the document's own distance
// sales count with the stored ones, every line of them, converted to
// euros through a location's filing conversion or the document's
// conversion factor, and a line that can not be converted is left out
// and said so.
func TestEUDistanceThresholdCountsTheSale(t *testing.T) {
	e, err := New(context.Background(), WithDistanceSales(fixedDistance{"NEAR": {Current: decimal.NewFromInt(9500), Source: "test"}}))
	if err != nil {
		t.Fatal(err)
	}
	req := func(cur string, conv *wire.CurrencyConversion, prices ...string) *wire.SaleRequest {
		r := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: civil.MustParse("2026-06-01"),
			Currency: &wire.Currency{ISOCurrencyCodeAlpha: cur},
			Seller:   &wire.Seller{Company: "NEAR", PhysicalOrigin: &wire.Location{City: "Wien", PostalCode: "1010", Country: "AT", CurrencyConversion: conv}},
			Customer: &wire.Customer{Destination: &wire.Location{City: "Berlin", PostalCode: "10115", Country: "DE"}}}
		for _, p := range prices {
			r.LineItems = append(r.LineItems, wire.SaleLineItem{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt(p)})
		}
		return r
	}
	toEuro := &wire.CurrencyConversion{Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}, Rate: amt("0.9")}
	factored := func(r *wire.SaleRequest) *wire.SaleRequest {
		r.CurrencyConversionFactors = []wire.CurrencyConversionFactor{{ConversionFactor: amt("0.9"),
			SourceCurrency: &wire.Currency{ISOCurrencyCodeAlpha: "USD"}, TargetCurrency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"}}}
		return r
	}
	for _, c := range []struct {
		name string
		req  *wire.SaleRequest
		want []string // the jurisdiction of each line's first tax
		says string   // in the response, when not ""
	}{
		{"a sale that ends exactly on the threshold", req("EUR", nil, "500.00"), []string{"AT"}, "EUR 500.00 in it"},
		{"a sale that takes the year over it", req("EUR", nil, "500.01"), []string{"DE"}, "EUR 500.01 in it"},
		{"two lines that take it over together", req("EUR", nil, "300.00", "300.00"), []string{"DE", "DE"}, "EUR 600.00 in it"},
		{"a credit line beside a sale", req("EUR", nil, "800.00", "-400.00"), []string{"AT", "AT"}, "EUR 400.00 in it"},
		{"dollars converted within it", req("USD", toEuro, "555.00"), []string{"AT"}, "EUR 499.50 in it"},
		{"dollars converted over it", req("USD", toEuro, "556.00"), []string{"DE"}, "EUR 500.40 in it"},
		{"dollars that can not be converted", req("USD", nil, "5000.00"), []string{"AT"}, "1 line(s) in USD not counted for want of a conversion to euros"},
		// The document's factor into euros counts as the journal's
		// figures count it (Line.Factors); before, the line was not
		// counted and the sale stayed in Austria.
		{"dollars over it at the document's factor", factored(req("USD", nil, "556.00")), []string{"DE"}, "EUR 500.40 in it"},
	} {
		r, err := e.Sale(context.Background(), c.req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for i, w := range c.want {
			if got := r.LineItems[i].Taxes[0].Jurisdiction.JurisdictionID; got != w {
				t.Errorf("%s: line %d taxed in %s, want %s", c.name, i+1, got, w)
			}
		}
		if b, _ := json.Marshal(r); !strings.Contains(string(b), c.says) {
			t.Errorf("%s: the response does not say %q: %s", c.name, c.says, b)
		}
	}
}

// TestEmptyToleranceRefused: a server's Tolerance that sets neither
// Amount nor Percent would hold every variance within tolerance; New
// refuses it, naming the setting. A tenant's policy stored with one
// before the profile refused it keeps acting as it did: its variances
// are within tolerance, and its calculations do not fail.
func TestEmptyToleranceRefused(t *testing.T) {
	_, err := New(context.Background(), WithSettings(Settings{Tolerance: &Tolerance{}}))
	if err == nil || !strings.Contains(err.Error(), "Settings.Tolerance") || !strings.Contains(err.Error(), "neither Amount nor Percent") {
		t.Errorf("an empty tolerance of the server's settings: %v", err)
	}
	if _, err := New(context.Background(), WithSettings(Settings{Tolerance: &Tolerance{Percent: dp("0")}})); err != nil {
		t.Errorf("a tolerance of 0%%: %v", err)
	}

	store := profile.NewMemory()
	cs := profile.ChangeSet{Policy: &profile.Policy{Tolerance: &profile.Tolerance{}}}
	entries, err := cs.Entries()
	if err != nil {
		t.Fatal(err)
	}
	// Written to the store directly, as the profile service of before
	// would have: it now refuses the policy.
	if _, err := store.Apply(context.Background(), "old", profile.Commit{At: time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC), By: "test", Entries: entries}); err != nil {
		t.Fatal(err)
	}
	e, _ := profileEngine(t, store)
	verify := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseInvoiceVerification, TransactionType: wire.TransactionTypePurchase,
		DocumentDate: civil.MustParse("2026-06-01"),
		Vendor:       &wire.Vendor{PhysicalOrigin: &wire.Location{City: "Albany", MainDivision: "NY", PostalCode: "12207", Country: "US"}},
		Buyer:        &wire.Buyer{Destination: &wire.Location{City: "Albany", MainDivision: "NY", PostalCode: "12207", Country: "US"}},
		LineItems: []wire.PurchaseLineItem{
			{LineItemID: "far", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00"), ChargedTax: amt("1.00")},
		}}
	pr, err := e.Purchase(levy.WithTenant(context.Background(), "old"), verify)
	if err != nil {
		t.Fatalf("a tenant whose stored policy has an empty tolerance: %v", err)
	}
	if l := pr.LineItems[0]; l.OutsideThreshold == nil || *l.OutsideThreshold {
		t.Errorf("the stored empty tolerance no longer holds the variance %v within: outside %v", l.Variance, l.OutsideThreshold)
	}
}
