package engine

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// The two addresses of issue 18 that a calculation taxed without a word:
// a misspelt state with a Los Angeles ZIP code, and Los Angeles, CA with
// the ZIP code of the Empire State Building.
var (
	misspeltState = wire.Location{City: "Los Angeles", MainDivision: "Californa", PostalCode: "90012", Country: "US"}
	zipOfNewYork  = wire.Location{City: "Los Angeles", MainDivision: "CA", PostalCode: "10118", Country: "US"}
	cleanAddress  = wire.Location{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", PostalCode: "90012", Country: "US"}
)

// twoLineSale is a quotation from Seattle with two lines, both shipped
// to dest.
func twoLineSale(dest wire.Location) *wire.SaleRequest {
	req := usSale("", "", "", "", "GENERAL", "100.00")
	req.Customer.Destination = &dest
	req.LineItems = append(req.LineItems, wire.SaleLineItem{LineItemID: "2", Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("50.00")})
	return req
}

// lookupOf returns what the lookup routes answer for a location's
// address.
func lookupOf(t *testing.T, e *Engine, loc wire.Location) wire.LookupResult {
	t.Helper()
	res, err := e.Resolver().LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{
		StreetAddress1: loc.StreetAddress1, City: loc.City, MainDivision: loc.MainDivision, PostalCode: loc.PostalCode, Country: loc.Country}})
	if err != nil || len(res.LookupResults) == 0 {
		t.Fatalf("lookup of %+v: %v", loc, err)
	}
	return res.LookupResults[0]
}

// checkLookup checks that a response's location carries the tax area,
// the confidence and the statuses that the lookup routes report.
func checkLookup(t *testing.T, name string, got *wire.Location, want wire.LookupResult, statuses ...wire.TaxAreaLookupStatus) {
	t.Helper()
	if got == nil || got.TaxAreaLookup == nil {
		t.Fatalf("%s: the response's location says nothing of its lookup: %+v", name, got)
	}
	if got.TaxAreaID != want.TaxAreaID || got.TaxAreaLookup.ConfidenceIndicator != want.ConfidenceIndicator {
		t.Errorf("%s: tax area %s, confidence %s; the lookup gives %s, %s", name, got.TaxAreaID, got.TaxAreaLookup.ConfidenceIndicator,
			want.TaxAreaID, want.ConfidenceIndicator)
	}
	if len(got.TaxAreaLookup.Statuses) != len(statuses) {
		t.Fatalf("%s: statuses %+v, want %+v", name, got.TaxAreaLookup.Statuses, statuses)
	}
	for i, st := range statuses {
		if got.TaxAreaLookup.Statuses[i] != st {
			t.Errorf("%s: status %d is %+v, want %+v", name, i, got.TaxAreaLookup.Statuses[i], st)
		}
	}
}

// stateOf returns the state that a line's first tax belongs to.
func stateOf(r *wire.SaleResponse) string {
	if len(r.LineItems) == 0 || len(r.LineItems[0].Taxes) == 0 || r.LineItems[0].Taxes[0].Jurisdiction == nil {
		return ""
	}
	return r.LineItems[0].Taxes[0].Jurisdiction.JurisdictionID
}

// TestAddressLookupInResponse: under the lenient check (the default) the
// two faulty addresses are taxed as before, and the response's copy of
// the destination now says where and how sure: the tax area, the
// confidence and the statuses that the lookup routes give. A clean
// address carries its tax area and confidence 100 and no status.
func TestAddressLookupInResponse(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	cases := []struct {
		name   string
		dest   wire.Location
		state  string
		status wire.TaxAreaLookupStatus
	}{
		{"misspelt state", misspeltState, "US-CA", wire.TaxAreaLookupStatus{LookupResult: wire.IgnoredRegionFields, Value: "unknown state Californa"}},
		{"ZIP of New York", zipOfNewYork, "US-NY", wire.TaxAreaLookupStatus{LookupResult: wire.BadRegionFields, Value: "ZIP code 10118 is in NY, not CA"}},
	}
	for _, c := range cases {
		req := twoLineSale(c.dest)
		r, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := stateOf(r); got != c.state {
			t.Errorf("%s: taxed in %s, want %s as the lookup places it", c.name, got, c.state)
		}
		checkLookup(t, c.name, r.Customer.Destination, lookupOf(t, e, c.dest), c.status)
		if req.Customer.Destination.TaxAreaID != "" || req.Customer.Destination.TaxAreaLookup != nil {
			t.Errorf("%s: the request was changed: %+v", c.name, req.Customer.Destination)
		}
	}
	want := lookupOf(t, e, cleanAddress)
	if want.ConfidenceIndicator != "100" {
		t.Fatalf("the clean address has confidence %s", want.ConfidenceIndicator)
	}
	r, err := e.Sale(ctx, twoLineSale(cleanAddress))
	if err != nil {
		t.Fatal(err)
	}
	checkLookup(t, "clean address", r.Customer.Destination, want)
	// The seller ships from another state: its origin is resolved to the
	// state alone, has no tax area, and shows none.
	if o := r.Seller.PhysicalOrigin; o.TaxAreaID != "" || o.TaxAreaLookup != nil {
		t.Errorf("an origin resolved to its state shows %q %+v", o.TaxAreaID, o.TaxAreaLookup)
	}
}

// TestAddressLookupOfLines: a line that brings its own customer has its
// own destination's lookup in its response line; a taxAreaId the request
// sends is kept, and a taxAreaLookup that a request echoes back is
// replaced by the calculation's own, or dropped.
func TestAddressLookupOfLines(t *testing.T) {
	e := testEngine(t)
	req := twoLineSale(cleanAddress)
	own := zipOfNewYork
	req.LineItems[1].Customer = &wire.Customer{Destination: &own}
	byID := cleanAddress
	byID.TaxAreaID = lookupOf(t, e, cleanAddress).TaxAreaID
	byID.TaxAreaLookup = &wire.TaxAreaLookup{ConfidenceIndicator: "1", Statuses: []wire.TaxAreaLookupStatus{{LookupResult: wire.BadRegionFields}}}
	req.Customer.Destination = &byID
	echoed := *req.Seller.PhysicalOrigin
	echoed.TaxAreaLookup = &wire.TaxAreaLookup{ConfidenceIndicator: "1"}
	req.Seller.PhysicalOrigin = &echoed
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if r.LineItems[0].Customer != nil {
		t.Errorf("the inheriting line has a customer of its own: %+v", r.LineItems[0].Customer)
	}
	checkLookup(t, "line 2", r.LineItems[1].Customer.Destination, lookupOf(t, e, zipOfNewYork),
		wire.TaxAreaLookupStatus{LookupResult: wire.BadRegionFields, Value: "ZIP code 10118 is in NY, not CA"})
	d := r.Customer.Destination
	if d.TaxAreaID != byID.TaxAreaID || d.TaxAreaLookup == nil || d.TaxAreaLookup.ConfidenceIndicator != "100" || len(d.TaxAreaLookup.Statuses) != 0 {
		t.Errorf("a location by tax area ID: %q %+v", d.TaxAreaID, d.TaxAreaLookup)
	}
	if o := r.Seller.PhysicalOrigin; o.TaxAreaLookup != nil {
		t.Errorf("an echoed taxAreaLookup of an origin resolved to its state survived: %+v", o.TaxAreaLookup)
	}
}

// strictEngine checks addresses strictly, except for the tenant
// "relaxed".
func strictEngine(t *testing.T) *Engine {
	t.Helper()
	e, err := New(context.Background(), WithSettings(Settings{AddressCheck: AddressStrict,
		TenantAddressCheck: map[string]AddressCheck{"relaxed": AddressLenient}}))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// refusal returns the one error of a refused calculation.
func refusal(t *testing.T, name string, err error) *levy.Error {
	t.Helper()
	var es levy.Errors
	if !errors.As(err, &es) || len(es) != 1 {
		t.Fatalf("%s: want one error, got %v", name, err)
	}
	if es[0].Code != levy.EInvalid {
		t.Errorf("%s: code %s", name, es[0].Code)
	}
	return es[0]
}

// TestStrictAddressCheck: under the strict check the two faulty
// addresses are refused with one error naming the member at fault, once
// however many lines share the location; a clean address is calculated
// and, the origin being resolved whole, the seller's origin has its tax
// area too. A tenant's own lenient check still calculates.
func TestStrictAddressCheck(t *testing.T) {
	e := strictEngine(t)
	ctx := context.Background()
	cases := []struct {
		name, field, message string
		dest                 wire.Location
	}{
		{"misspelt state", "customer.destination.mainDivision", "unknown state Californa (IGNORED_REGION_FIELDS)", misspeltState},
		{"ZIP of New York", "customer.destination.postalCode", "ZIP code 10118 is in NY, not CA (BAD_REGION_FIELDS)", zipOfNewYork},
	}
	for _, c := range cases {
		_, err := e.Sale(ctx, twoLineSale(c.dest))
		got := refusal(t, c.name, err)
		if got.Field != c.field || !strings.HasPrefix(got.Message, c.message) || !strings.Contains(got.Message, "strict") {
			t.Errorf("%s: %s: %s", c.name, got.Field, got.Message)
		}
		r, err := e.Sale(levy.WithTenant(ctx, "relaxed"), twoLineSale(c.dest))
		if err != nil {
			t.Fatalf("%s, tenant with the lenient check: %v", c.name, err)
		}
		if r.Customer.Destination.TaxAreaLookup == nil || len(r.Customer.Destination.TaxAreaLookup.Statuses) != 1 {
			t.Errorf("%s, tenant with the lenient check: %+v", c.name, r.Customer.Destination)
		}
	}
	r, err := e.Sale(ctx, twoLineSale(cleanAddress))
	if err != nil {
		t.Fatal(err)
	}
	checkLookup(t, "clean address", r.Customer.Destination, lookupOf(t, e, cleanAddress))
	checkLookup(t, "origin", r.Seller.PhysicalOrigin, lookupOf(t, e, *r.Seller.PhysicalOrigin))

	// A line's own origin in another state than the destination, which
	// the lenient check resolves to its state alone.
	req := twoLineSale(cleanAddress)
	req.LineItems[1].Seller = &wire.Seller{Company: "ACME", PhysicalOrigin: &wire.Location{City: "Seattle", MainDivision: "Washingtn", PostalCode: "98101", Country: "US"}}
	got := refusal(t, "line origin", func() error { _, err := e.Sale(ctx, req); return err }())
	if got.Field != "lineItems[1].seller.physicalOrigin.mainDivision" {
		t.Errorf("line origin: %s: %s", got.Field, got.Message)
	}
	if _, err := e.Sale(levy.WithTenant(ctx, "relaxed"), req); err != nil {
		t.Errorf("line origin, lenient: %v", err)
	}
}

// TestAddressCheckSettings: only lenient and strict are address checks.
func TestAddressCheckSettings(t *testing.T) {
	for _, s := range []string{"lenient", "strict"} {
		if c, err := ParseAddressCheck(s); err != nil || string(c) != s {
			t.Errorf("%s: %q %v", s, c, err)
		}
	}
	for _, s := range []string{"", "Strict", "loose"} {
		if _, err := ParseAddressCheck(s); err == nil {
			t.Errorf("%q was read as an address check", s)
		}
	}
	for _, st := range []Settings{{AddressCheck: "loose"}, {TenantAddressCheck: map[string]AddressCheck{"acme": "STRICT"}}} {
		if err := st.check(); err == nil || !strings.Contains(err.Error(), "address check") {
			t.Errorf("%+v: %v", st, err)
		}
	}
	s := Settings{AddressCheck: AddressStrict, TenantAddressCheck: map[string]AddressCheck{"a": AddressLenient, "b": ""}}
	ctx := context.Background()
	for tenant, want := range map[string]bool{"a": false, "b": true, "c": true, "": true} {
		if got := s.strictAddresses(levy.WithTenant(ctx, tenant)); got != want {
			t.Errorf("tenant %q: strict %v", tenant, got)
		}
	}
}

// The three addresses whose city does not contain their ZIP code, which
// a calculation taxed in the city without a word: Evanston with a ZIP
// code of downtown Chicago, Pasadena with one of downtown Los Angeles,
// Seattle with Bellevue's. (Los Angeles has no tax of its own: Pasadena's
// district tax is the difference.)
var cityZIPConflicts = []struct {
	name      string
	dest      wire.Location
	place     string // a jurisdiction whose tax the calculation charges ("" for none to check)
	notPlace  string // one whose tax it does not
	member    string // the member the strict check names
	statusPre string // the start of the status's value
}{
	{"Evanston, IL 60606", wire.Location{City: "Evanston", MainDivision: "IL", PostalCode: "60606", Country: "US"},
		"US-1714000", "US-1724582", "city", "ZIP code 60606 (Chicago) lies 15.0 km outside Evanston, too far for any of it to lie there: the lookup used the ZIP code"},
	{"Pasadena, CA 90012", wire.Location{City: "Pasadena", MainDivision: "CA", PostalCode: "90012", Country: "US"},
		"", "US-CA-D-CITY_OF_PASADENA", "city", "ZIP code 90012 (Los Angeles) lies 8.9 km outside Pasadena, too far for any of it to lie there: the lookup used the ZIP code"},
	{"Seattle, WA 98004", wire.Location{City: "Seattle", MainDivision: "WA", PostalCode: "98004", Country: "US"},
		"US-5363000", "US-5305210", "postalCode", "ZIP code 98004 (Bellevue) lies 4.3 km outside Seattle, near enough that part of it may lie there: the lookup used the city"},
}

// taxedIn reports whether a line's taxes include one of jurisdiction id.
func taxedIn(r *wire.SaleResponse, id string) bool {
	for _, tx := range r.LineItems[0].Taxes {
		if tx.Jurisdiction != nil && tx.Jurisdiction.JurisdictionID == id {
			return true
		}
	}
	return false
}

// TestCityZIPConflictInCalculation: a calculation to an address whose
// city does not contain its ZIP code taxes it where the lookup places
// it, and its response's copy of the destination says so: the lookup's
// tax area, confidence 50 and the BAD_REGION_FIELDS status that says
// which of the two was used and why. Under the strict check the
// calculation is refused, naming the member the lookup set aside.
func TestCityZIPConflictInCalculation(t *testing.T) {
	e := strictEngine(t)
	ctx := context.Background()
	lenient := levy.WithTenant(ctx, "relaxed")
	for _, c := range cityZIPConflicts {
		want := lookupOf(t, e, c.dest)
		if want.ConfidenceIndicator != "50" {
			t.Errorf("%s: the lookup's confidence is %s", c.name, want.ConfidenceIndicator)
		}
		r, err := e.Sale(lenient, twoLineSale(c.dest))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		checkLookup(t, c.name, r.Customer.Destination, want, wire.TaxAreaLookupStatus{LookupResult: wire.BadRegionFields, Value: want.Statuses[0].Value})
		if v := want.Statuses[0].Value; !strings.HasPrefix(v, c.statusPre) {
			t.Errorf("%s: status %q, want it to start %q", c.name, v, c.statusPre)
		}
		if c.place != "" && !taxedIn(r, c.place) || taxedIn(r, c.notPlace) {
			t.Errorf("%s: taxed in %s; want %s, not %s", c.name, taxIDs(r), c.place, c.notPlace)
		}
		_, err = e.Sale(ctx, twoLineSale(c.dest))
		got := refusal(t, c.name, err)
		if got.Field != "customer.destination."+c.member || !strings.HasPrefix(got.Message, c.statusPre) ||
			!strings.Contains(got.Message, "(BAD_REGION_FIELDS): the strict address check refuses") {
			t.Errorf("%s, strict: %s: %s", c.name, got.Field, got.Message)
		}
	}
}

// taxIDs lists the jurisdictions of a line's taxes.
func taxIDs(r *wire.SaleResponse) []string {
	var out []string
	for _, tx := range r.LineItems[0].Taxes {
		if tx.Jurisdiction != nil {
			out = append(out, tx.Jurisdiction.JurisdictionID)
		}
	}
	return out
}
