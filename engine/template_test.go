package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

var (
	templOnce            sync.Once
	templWith, templFull *Engine
	templErr             error
)

// templateRules are host rules that give the documents of the template
// tests every outcome a plain line can have, and a structure that keeps
// Texas's lines out of the templates.
var templateRules = []rules.Rule{
	{ID: "t-resale", CustomerClass: "RESELLER", Outcome: rules.Exempt},
	{ID: "t-books", Jurisdiction: "US-OR*", ProductClass: "BOOKS", Outcome: rules.NonTaxable},
	{ID: "t-services", Jurisdiction: "DE*", ProductClass: "SERVICES", Outcome: rules.Exempt},
	{ID: "t-lease", Jurisdiction: "US-CA*", TransactionType: "LEASE", Outcome: rules.NonTaxable},
}

// templateEngines returns two engines alike but for templates: one takes
// them, the other computes every line in full.
func templateEngines(t testing.TB) (with, full *Engine) {
	t.Helper()
	templOnce.Do(func() {
		ds := testEngine(t).snap.Load().ds
		cap25 := decimal.NewFromInt(25)
		ss := []rules.Structure{{ID: "t-cap", Jurisdiction: "US-TX", Kind: rules.SingleRate, MaxTaxPerItem: &cap25}}
		opts := []Option{WithDataset(ds), WithRules(templateRules, ss), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") })}
		if templWith, templErr = New(context.Background(), opts...); templErr != nil {
			return
		}
		templFull, templErr = New(context.Background(), append(opts, func(c *config) { c.noTemplates = true })...)
	})
	if templErr != nil {
		t.Fatal(templErr)
	}
	return templWith, templFull
}

// templatePlaces are the places of the documents templateSale makes: US
// places with a local cap (Texas), a clothing threshold (New York),
// local taxes outside the sales tax (Chicago), origin sourcing (Texas
// within the state), home-rule cities, and VAT and GST countries.
var templatePlaces = []wire.Location{
	{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"},
	{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"},
	{City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"},
	{City: "Dallas", MainDivision: "TX", PostalCode: "75201", Country: "US"},
	{City: "New York", MainDivision: "NY", PostalCode: "10118", Country: "US"},
	{City: "Chicago", MainDivision: "IL", PostalCode: "60601", Country: "US"},
	{City: "Denver", MainDivision: "CO", PostalCode: "80202", Country: "US"},
	{City: "Portland", MainDivision: "OR", PostalCode: "97201", Country: "US"},
	{City: "Berlin", PostalCode: "10115", Country: "DE"},
	{City: "Paris", PostalCode: "75001", Country: "FR"},
	{City: "Toronto", MainDivision: "ON", PostalCode: "M5V 3L9", Country: "CA"},
}

var templateClasses = []string{"GENERAL", "CLOTHING", "FOOD", "PREPARED_FOOD", "DIGITAL_GOODS", "SOFTWARE_SAAS", "BOOKS",
	"SERVICES", "MEDICAL_PRESCRIPTION", "NO_SUCH_CLASS"}

// templateSale makes a sale of 2 to 12 lines from a few kinds, so that
// kinds repeat, with what keeps a line out of the templates now and
// then: overrides, freight, an exempt customer, another destination,
// quantities that meet a threshold, tax-included prices, negative and
// zero amounts, and dates around the content's changes.
func templateSale(r *rand.Rand) *wire.SaleRequest {
	pick := func(n int) int { return r.IntN(n) }
	dates := []string{"2024-03-01", "2025-09-05", "2026-01-01", "2026-06-01", "2026-08-07"}
	req := &wire.SaleRequest{SaleMessageType: []wire.SaleMessageType{wire.SaleQuotation, wire.SaleInvoice}[pick(2)],
		TransactionType: wire.TransactionTypeSale, DocumentDate: civil.MustParse(dates[pick(len(dates))]),
		Seller:   &wire.Seller{Company: "ACME", PhysicalOrigin: &templatePlaces[pick(len(templatePlaces))]},
		Customer: &wire.Customer{Destination: &templatePlaces[pick(len(templatePlaces))], CustomerCode: &wire.CustomerCode{Value: "C-1"}},
	}
	if pick(3) == 0 {
		b := pick(2) == 0
		req.RoundAtLineLevel = &b
	}
	if pick(6) == 0 {
		req.Customer.IsTaxExempt = true
	}
	if pick(4) == 0 {
		// Registered in Washington and Germany only: elsewhere its taxes
		// are not charged.
		req.Seller.TaxRegistrations = []wire.TaxRegistration{{ISOCountryCode: "US", MainDivision: "WA"}, {ISOCountryCode: "DE"}}
	}
	if pick(4) == 0 {
		req.Customer.CustomerCode.ClassCode = []string{"RESELLER", "GOVERNMENT", "NONPROFIT"}[pick(3)]
	}
	if req.Customer.Destination.Country != "US" && pick(2) == 0 {
		req.Customer.TaxRegistrations = []wire.TaxRegistration{{ISOCountryCode: req.Customer.Destination.Country,
			TaxRegistrationNumber: map[string]string{"DE": "DE811907980", "FR": "FR40303265045", "CA": "123456789RT0001"}[req.Customer.Destination.Country]}}
	}
	type kind struct {
		class string
		qty   string
	}
	kinds := make([]kind, 1+pick(3))
	for i := range kinds {
		kinds[i] = kind{templateClasses[pick(len(templateClasses))], []string{"1", "2", "3", "0.5"}[pick(4)]}
	}
	prices := []string{"19.99", "0", "-12.50", "109.99", "110.00", "1000000.01", "0.01", "250", "3.333"}
	n := 2 + pick(11)
	for i := range n {
		k := kinds[pick(len(kinds))]
		l := wire.SaleLineItem{LineItemID: fmt.Sprint("L", i), Product: &wire.Product{ProductClass: k.class},
			Quantity: &wire.Measure{Value: amt(k.qty)}, ExtendedPrice: amt(prices[pick(len(prices))])}
		switch pick(16) {
		case 0:
			l.TaxIncludedIndicator = true
		case 1:
			l.Freight = amt("7.50")
		case 2:
			l.ExemptOverrides = []wire.Override{{JurisdictionType: jurisdiction.County, Amount: amt("5")}}
		case 3:
			l.Customer = &wire.Customer{Destination: &templatePlaces[pick(len(templatePlaces))]}
		case 4:
			l.RateOverrides = []wire.RateOverride{{JurisdictionType: jurisdiction.State, Rate: amt("0.05")}}
		case 10:
			l.TransactionType = wire.TransactionTypeLease
		case 5, 8, 9:
			l.TaxDate = civil.MustParse(dates[pick(len(dates))])
		case 6:
			// A line's own seller, registered in California only.
			l.Seller = &wire.Seller{Company: "ACME", PhysicalOrigin: req.Seller.PhysicalOrigin,
				TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: "US", MainDivision: "CA"}}}
		case 7:
			l.Customer = &wire.Customer{Destination: req.Customer.Destination, CustomerCode: &wire.CustomerCode{Value: "C-2", ClassCode: "RESELLER"}}
		}
		req.LineItems = append(req.LineItems, l)
	}
	return req
}

// sameSale calculates req with templates and in full and fails when the
// two answers differ in a byte, or one fails where the other does not.
// It reports whether the two calculated the document.
func sameSale(t *testing.T, name string, req *wire.SaleRequest) bool {
	t.Helper()
	ctx := context.Background()
	we, fe := templateEngines(t)
	with, errWith := we.Sale(ctx, req)
	full, errFull := fe.Sale(ctx, req)
	if (errWith == nil) != (errFull == nil) || errWith != nil && errWith.Error() != errFull.Error() {
		t.Fatalf("%s: with templates %v, in full %v", name, errWith, errFull)
	}
	if errWith != nil {
		return false
	}
	a, _ := json.Marshal(with)
	b, _ := json.Marshal(full)
	if string(a) != string(b) {
		body, _ := json.Marshal(req)
		t.Fatalf("%s: the answers differ\nrequest %s\nwith templates %s\nin full        %s", name, body, a, b)
	}
	return true
}

// TestTemplatesChangeNothing calculates random documents whose lines
// repeat a few kinds with templates and in full, and compares the
// answers byte for byte.
func TestTemplatesChangeNothing(t *testing.T) {
	r := rand.New(rand.NewPCG(2026, 11))
	n := 400
	if testing.Short() {
		n = 100
	}
	ok := 0
	for i := range n {
		if sameSale(t, fmt.Sprint("document ", i), templateSale(r)) {
			ok++
		}
	}
	// Most documents are calculated: a generator whose documents all
	// fail would compare nothing.
	if ok < n*3/4 {
		t.Fatalf("only %d of %d documents were calculated", ok, n)
	}
	t.Logf("%d of %d documents calculated alike", ok, n)
	// The benchmark's documents.
	for _, k := range []int{2, 100} {
		sameSale(t, fmt.Sprint("benchQuotation ", k), benchQuotation(k))
	}
}

// templatePurchase is templateSale's document as a purchase: the seller
// is the vendor, the customer the buyer, and the message a purchase
// order or an accrual (the buyer's use tax).
func templatePurchase(r *rand.Rand) *wire.PurchaseRequest {
	s := templateSale(r)
	req := &wire.PurchaseRequest{PurchaseMessageType: []wire.PurchaseMessageType{wire.PurchaseOrder, wire.PurchaseAccrual}[r.IntN(2)],
		TransactionType: wire.TransactionTypePurchase, DocumentDate: s.DocumentDate, RoundAtLineLevel: s.RoundAtLineLevel,
		Vendor: &wire.Vendor{PhysicalOrigin: s.Seller.PhysicalOrigin, TaxRegistrations: s.Seller.TaxRegistrations},
		Buyer:  &wire.Buyer{Destination: s.Customer.Destination, IsTaxExempt: s.Customer.IsTaxExempt, TaxRegistrations: s.Customer.TaxRegistrations}}
	for _, l := range s.LineItems {
		p := wire.PurchaseLineItem{LineItemID: l.LineItemID, Purchase: &wire.Purchase{PurchaseClass: l.Product.ProductClass},
			Quantity: l.Quantity, ExtendedPrice: l.ExtendedPrice, Freight: l.Freight, TaxIncludedIndicator: l.TaxIncludedIndicator,
			TaxDate: l.TaxDate, LineDetails: l.LineDetails}
		if l.Customer != nil {
			p.Buyer = &wire.Buyer{Destination: l.Customer.Destination}
		}
		req.LineItems = append(req.LineItems, p)
	}
	return req
}

// TestTemplatesChangeNothingInPurchases does for purchases, orders and
// accruals, what TestTemplatesChangeNothing does for sales.
func TestTemplatesChangeNothingInPurchases(t *testing.T) {
	r := rand.New(rand.NewPCG(2026, 12))
	we, fe := templateEngines(t)
	ctx := context.Background()
	n, ok := 300, 0
	for i := range n {
		req := templatePurchase(r)
		with, errWith := we.Purchase(ctx, req)
		full, errFull := fe.Purchase(ctx, req)
		if (errWith == nil) != (errFull == nil) || errWith != nil && errWith.Error() != errFull.Error() {
			t.Fatalf("document %d: with templates %v, in full %v", i, errWith, errFull)
		}
		if errWith != nil {
			continue
		}
		ok++
		a, _ := json.Marshal(with)
		b, _ := json.Marshal(full)
		if string(a) != string(b) {
			body, _ := json.Marshal(req)
			t.Fatalf("document %d: the answers differ\nrequest %s\nwith templates %s\nin full        %s", i, body, a, b)
		}
	}
	if ok < n*3/4 {
		t.Fatalf("only %d of %d purchases were calculated", ok, n)
	}
	t.Logf("%d of %d purchases calculated alike", ok, n)
}

// TestTemplatesAreTaken checks that the lines of a document of
// repeated kinds take templates: the benchmark's 100 lines of five
// classes take 95, and a document whose every line is of its own kind,
// or has an override, takes none.
func TestTemplatesAreTaken(t *testing.T) {
	e, err := New(context.Background(), WithDataset(testEngine(t).snap.Load().ds))
	if err != nil {
		t.Fatal(err)
	}
	// Only this test calculates with e.
	var mu sync.Mutex
	taken := 0
	e.snap.Load().onTemplate = func() { mu.Lock(); taken++; mu.Unlock() }
	ctx := context.Background()
	count := func(req *wire.SaleRequest) int {
		taken = 0
		if _, err := e.Sale(ctx, req); err != nil {
			t.Fatal(err)
		}
		return taken
	}
	if n := count(benchQuotation(100)); n != 95 {
		t.Errorf("100 lines of five classes took %d templates, want 95", n)
	}
	if n := count(benchQuotation(5)); n != 0 {
		t.Errorf("five lines of five classes took %d templates, want none", n)
	}
	req := benchQuotation(10)
	for i := range req.LineItems {
		req.LineItems[i].ExemptOverrides = []wire.Override{{JurisdictionType: jurisdiction.County}}
	}
	if n := count(req); n != 0 {
		t.Errorf("lines with overrides took %d templates, want none", n)
	}
}

// FuzzTemplates calculates the documents templateSale makes from the
// fuzzer's seeds with templates and in full.
func FuzzTemplates(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Fuzz(func(t *testing.T, a, b uint64) {
		sameSale(t, "document", templateSale(rand.New(rand.NewPCG(a, b))))
	})
}
