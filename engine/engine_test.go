package engine

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/money"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

var update = flag.Bool("update", false, "rewrite the golden responses")

var (
	sharedOnce sync.Once
	shared     *Engine
	sharedErr  error
)

// testEngine returns an engine on the embedded dataset, built once.
func testEngine(t testing.TB) *Engine {
	t.Helper()
	sharedOnce.Do(func() {
		shared, sharedErr = New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }))
	})
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return shared
}

func amt(s string) *money.Amount {
	a, err := money.Parse(s)
	if err != nil {
		panic(err)
	}
	return &a
}

// checkInvariants checks what every response must satisfy: the document's
// totalTax is the sum of the lines' and of their counted taxes, and total
// is subTotal plus totalTax.
func checkInvariants(t *testing.T, name string, subTotal, total, totalTax money.Amount, lines []lineTotals) {
	t.Helper()
	sum := money.Zero()
	for _, l := range lines {
		sum = sum.Add(l.total)
		if !l.taxSum.Equal(l.total) {
			t.Errorf("%s: line totalTax %s but its counted taxes sum to %s", name, l.total, l.taxSum)
		}
	}
	if !sum.Equal(totalTax) {
		t.Errorf("%s: totalTax %s but lines sum to %s", name, totalTax, sum)
	}
	if !subTotal.Add(totalTax).Equal(total) {
		t.Errorf("%s: total %s is not subTotal %s + totalTax %s", name, total, subTotal, totalTax)
	}
}

type lineTotals struct{ total, taxSum money.Amount }

func taxSum(taxes []wire.Tax) money.Amount {
	s := money.Zero()
	for _, t := range taxes {
		if t.ImpositionType == nil || !t.ImpositionType.InformationOnly && t.ImpositionType.WithholdingType == "" {
			s = s.Add(t.CalculatedTax)
		}
	}
	return s
}

// totalsOf collects the line totals of any perspective's response lines,
// a parent's taxes including its children's.
func totalsOf[R any](lines []R, taxes func(*R) []wire.Tax, kids func(*R) []R, total func(*R) money.Amount) []lineTotals {
	var out []lineTotals
	for i := range lines {
		l := &lines[i]
		s := taxSum(taxes(l))
		for _, ch := range totalsOf(kids(l), taxes, kids, total) {
			s = s.Add(ch.total)
		}
		out = append(out, lineTotals{total(l), s})
	}
	return out
}

func saleTotals(lines []wire.SaleResponseLineItem) []lineTotals {
	return totalsOf(lines, func(l *wire.SaleResponseLineItem) []wire.Tax { return l.Taxes },
		func(l *wire.SaleResponseLineItem) []wire.SaleResponseLineItem { return l.LineItems },
		func(l *wire.SaleResponseLineItem) money.Amount { return l.TotalTax })
}

func purchaseTotals(lines []wire.PurchaseResponseLineItem) []lineTotals {
	return totalsOf(lines, func(l *wire.PurchaseResponseLineItem) []wire.Tax { return l.Taxes },
		func(l *wire.PurchaseResponseLineItem) []wire.PurchaseResponseLineItem { return l.LineItems },
		func(l *wire.PurchaseResponseLineItem) money.Amount { return l.TotalTax })
}

func ownerTotals(lines []wire.OwnerResponseLineItem) []lineTotals {
	return totalsOf(lines, func(l *wire.OwnerResponseLineItem) []wire.Tax { return l.Taxes },
		func(l *wire.OwnerResponseLineItem) []wire.OwnerResponseLineItem { return l.LineItems },
		func(l *wire.OwnerResponseLineItem) money.Amount { return l.TotalTax })
}

// TestGolden runs every request under testdata/golden through the engine
// and compares the response with the file beside it (-update rewrites
// them). Each file name says the perspective: sale-*, purchase-*, owner-*.
func TestGolden(t *testing.T) {
	e := testEngine(t)
	files, err := filepath.Glob("testdata/golden/*.request.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden requests: %v", err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".request.json")
		t.Run(name, func(t *testing.T) {
			body, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var resp any
			switch {
			case strings.HasPrefix(name, "sale-"):
				var req wire.SaleRequest
				mustDecode(t, body, &req)
				r, err := e.Sale(context.Background(), &req)
				if err != nil {
					t.Fatal(err)
				}
				checkInvariants(t, name, r.SubTotal, r.Total, r.TotalTax, saleTotals(r.LineItems))
				resp = r
			case strings.HasPrefix(name, "purchase-"):
				var req wire.PurchaseRequest
				mustDecode(t, body, &req)
				r, err := e.Purchase(context.Background(), &req)
				if err != nil {
					t.Fatal(err)
				}
				checkInvariants(t, name, r.SubTotal, r.Total, r.TotalTax, purchaseTotals(r.LineItems))
				resp = r
			case strings.HasPrefix(name, "owner-"):
				var req wire.OwnerRequest
				mustDecode(t, body, &req)
				r, err := e.Owner(context.Background(), &req)
				if err != nil {
					t.Fatal(err)
				}
				checkInvariants(t, name, r.SubTotal, r.Total, r.TotalTax, ownerTotals(r.LineItems))
				resp = r
			default:
				t.Fatalf("golden file %s names no perspective", f)
			}
			checkGolden(t, f, resp, "TestGolden")
		})
	}
}

func mustDecode(t *testing.T, body []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(body, v); err != nil {
		t.Fatal(err)
	}
}

// taxOf finds the tax of a jurisdiction on a line.
func taxOf(t *testing.T, taxes []wire.Tax, id string) wire.Tax {
	t.Helper()
	for _, x := range taxes {
		if x.Jurisdiction != nil && x.Jurisdiction.JurisdictionID == id {
			return x
		}
	}
	t.Fatalf("no tax of %s in %d taxes", id, len(taxes))
	return wire.Tax{}
}

func usSale(street, city, state, zip, class, price string) *wire.SaleRequest {
	return &wire.SaleRequest{
		SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale, DocumentDate: civil.MustParse("2026-06-01"),
		Seller:   &wire.Seller{Company: "ACME", PhysicalOrigin: &wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"}},
		Customer: &wire.Customer{Destination: &wire.Location{StreetAddress1: street, City: city, MainDivision: state, PostalCode: zip, Country: "US"}},
		LineItems: []wire.SaleLineItem{{LineItemID: "1", Product: &wire.Product{ProductClass: class}, Quantity: &wire.Measure{Value: amt("1")},
			ExtendedPrice: amt(price)}},
	}
}

// TestClothingThresholds checks the three clothing thresholds of the
// dataset with worked examples.
func TestClothingThresholds(t *testing.T) {
	e := testEngine(t)
	cases := []struct {
		name, city, state, zip, price string
		stateID                       string
		taxable, exempt, tax          string
	}{
		// New York: clothing under $110 is exempt from the state's 4%.
		{"NY under 110", "Albany", "NY", "12207", "109.99", "US-NY", "0", "109.99", "0.00"},
		{"NY at 110", "Albany", "NY", "12207", "110.00", "US-NY", "110.00", "0", "4.40"},
		// Massachusetts: the first $175 of an item is exempt, the excess is
		// taxed at 6.25%: $200 -> $25 taxable -> $1.56.
		{"MA 200", "Boston", "MA", "02108", "200.00", "US-MA", "25.00", "175", "1.56"},
		{"MA 175", "Boston", "MA", "02108", "175.00", "US-MA", "0", "175.00", "0.00"},
		// Rhode Island: the first $250 is exempt, the excess taxed at 7%:
		// $300 -> $50 -> $3.50.
		{"RI 300", "Providence", "RI", "02903", "300.00", "US-RI", "50.00", "250", "3.50"},
	}
	for _, c := range cases {
		req := usSale("1 Main St", c.city, c.state, c.zip, "CLOTHING", c.price)
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		st := taxOf(t, r.LineItems[0].Taxes, c.stateID)
		if !st.Taxable.Equal(*amt(c.taxable)) || !st.Exempt.Equal(*amt(c.exempt)) || st.CalculatedTax.String() != c.tax {
			t.Errorf("%s: taxable %s exempt %s tax %s, want %s %s %s", c.name, st.Taxable, st.Exempt, st.CalculatedTax, c.taxable, c.exempt, c.tax)
		}
		if st.CalculationRuleID == nil || st.CalculationRuleID.Value == "" {
			t.Errorf("%s: no calculation rule", c.name)
		}
	}
}

func TestValidationErrorsHavePaths(t *testing.T) {
	e := testEngine(t)
	req := usSale("1 Main St", "Albany", "NY", "12207", "GENERAL", "10")
	req.SaleMessageType = "GUESS"
	req.LineItems[0].Quantity.Value = amt("-1")
	_, err := e.Sale(context.Background(), req)
	var list levy.Errors
	if !errors.As(err, &list) || len(list) < 2 {
		t.Fatalf("err = %v, want two violations", err)
	}
	fields := map[string]bool{}
	for _, x := range list {
		fields[x.Field] = true
	}
	if !fields["saleMessageType"] || !fields["lineItems[0].quantity.value"] {
		t.Errorf("fields %v", fields)
	}
	// A destination that matches nothing names the location.
	req = usSale("1 Main St", "Nowhere", "ZZ", "00000", "GENERAL", "10")
	_, err = e.Sale(context.Background(), req)
	if levy.ErrorCode(err) != levy.EInvalid || !strings.Contains(err.Error(), "customer.destination") {
		t.Errorf("unknown place: %v", err)
	}
}

func TestReloadSwapsSnapshot(t *testing.T) {
	e, err := New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	req := usSale("1 Main St", "Albany", "NY", "12207", "GADGET", "100.00")
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := e.Sale(context.Background(), req); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	half := decimal.RequireFromString("0.5")
	err = e.Reload(context.Background(), WithRules(nil, nil), WithRates(), func(c *config) {
		c.rules = append(c.rules, rulesHalfGadget(half)...)
	})
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	st := taxOf(t, r.LineItems[0].Taxes, "US-NY")
	if !st.Taxable.Equal(*amt("50")) {
		t.Errorf("after reload the gadget rule is not used: %+v", st)
	}
	// A bad rule fails the reload and keeps the old snapshot.
	if err := e.Reload(context.Background(), func(c *config) { c.rules = append(c.rules, rulesBad()...) }); err == nil {
		t.Error("a bad rule reloaded")
	}
	if _, err := e.Sale(context.Background(), req); err != nil {
		t.Error(err)
	}
}

func rulesHalfGadget(half decimal.Decimal) []rules.Rule {
	return []rules.Rule{{ID: "gadget-half", ProductClass: "GADGET", Outcome: rules.Taxable, BasisPercent: &half, Reason: "test"}}
}

func rulesBad() []rules.Rule { return []rules.Rule{{ID: "bad", Outcome: "MAYBE"}} }

// TestUSSourcing checks the sourcing of US sales: within an origin state
// at the seller, across a state line at the destination (where the
// seller's location is resolved only to its state), and a situs override
// that sends an interstate sale back to the seller.
func TestUSSourcing(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	jurs := func(l wire.SaleResponseLineItem) (ids []string, situs wire.LocationRole) {
		for _, tx := range l.Taxes {
			ids = append(ids, tx.Jurisdiction.JurisdictionID)
			situs = tx.Situs
		}
		return ids, situs
	}
	// Texas sources a sale within the state to the seller.
	req := usSale("", "Dallas", "TX", "75201", "GENERAL", "100.00")
	req.Seller.PhysicalOrigin = &wire.Location{City: "Houston", MainDivision: "TX", PostalCode: "77002"}
	resp, err := e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	ids, situs := jurs(resp.LineItems[0])
	if situs != wire.PhysicalOrigin || !slices.Contains(ids, "US-TX") {
		t.Errorf("intrastate TX: situs %s, jurisdictions %v; want the seller's location", situs, ids)
	}
	// Washington to California: the destination's taxes.
	resp, err = e.Sale(ctx, usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00"))
	if err != nil {
		t.Fatal(err)
	}
	ids, situs = jurs(resp.LineItems[0])
	if situs != wire.Destination || !slices.Contains(ids, "US-CA") || slices.Contains(ids, "US-WA") {
		t.Errorf("WA to CA: situs %s, jurisdictions %v", situs, ids)
	}
	// The same sale with the situs forced to the seller's location.
	req = usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.LineItems[0].SitusOverride = &wire.SitusOverride{TaxingLocation: wire.PhysicalOrigin}
	resp, err = e.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	ids, situs = jurs(resp.LineItems[0])
	if situs != wire.PhysicalOrigin || !slices.Contains(ids, "US-WA") || slices.Contains(ids, "US-CA") {
		t.Errorf("situs override: situs %s, jurisdictions %v; want Washington's", situs, ids)
	}
	// A malformed ZIP code of the seller is refused even when the sale is
	// sourced to the destination.
	req = usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	req.Seller.PhysicalOrigin = &wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "9810"}
	_, err = e.Sale(ctx, req)
	var errs levy.Errors
	if !errors.As(err, &errs) || len(errs) == 0 || !strings.HasPrefix(errs[0].Field, "seller.physicalOrigin") {
		t.Errorf("unknown seller ZIP: %v", err)
	}
}

// TestLinePartiesValidated checks that a party sent on a line, not only
// on the document, comes back with the validation of its registrations.
func TestLinePartiesValidated(t *testing.T) {
	e := testEngine(t)
	reg := []wire.TaxRegistration{{ISOCountryCode: "DE", TaxRegistrationNumber: "DE136695976"}}
	req := &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseOrder, TransactionType: wire.TransactionTypePurchase,
		DocumentDate: civil.MustParse("2026-06-01"),
		Buyer:        &wire.Buyer{Destination: &wire.Location{City: "Albany", MainDivision: "NY", PostalCode: "12207", Country: "US"}},
		LineItems: []wire.PurchaseLineItem{{LineItemID: "1", Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00"),
			Vendor: &wire.Vendor{PhysicalOrigin: &wire.Location{City: "Albany", MainDivision: "NY", PostalCode: "12207", Country: "US"}, TaxRegistrations: reg}}}}
	resp, err := e.Purchase(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	v := resp.LineItems[0].Vendor
	if v == nil || len(v.TaxRegistrations) != 1 || v.TaxRegistrations[0].ValidationResult == nil {
		t.Fatalf("line vendor %+v", v)
	}
	if reg[0].ValidationResult != nil {
		t.Error("the request's registration was modified")
	}
}

// checkGolden compares the indented JSON of resp, the answer to the
// request file f, with the answer file beside it (.response.json), or
// writes it there under -update; test names the test that -update
// rewrites, for the message of a missing file. An answer never holds
// null.
func checkGolden(t *testing.T, f string, resp any, test string) {
	t.Helper()
	got, err := json.MarshalIndent(resp, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if strings.Contains(string(got), "null") {
		t.Errorf("response holds a null:\n%s", got)
	}
	want := strings.TrimSuffix(f, ".request.json") + ".response.json"
	if *update {
		if err := os.WriteFile(want, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	exp, err := os.ReadFile(want)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update)", err, test)
	}
	if string(exp) != string(got) {
		t.Errorf("response differs from %s:\n%s", want, got)
	}
}
