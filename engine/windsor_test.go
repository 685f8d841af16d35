package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// Places and registrations of the Windsor Framework tests. Belfast's
// postcode is of the BT area; the same tax area as London's (GB).
var (
	wfBelfast  = &wire.Location{City: "Belfast", PostalCode: "BT1 5GS", Country: "GB"}
	wfNewry    = &wire.Location{City: "Newry", MainDivision: "County Down", Country: "GB"}
	wfPoint    = &wire.Location{Latitude: "54.5973", Longitude: "-5.9301", Country: "GB"}
	wfNewYork  = &wire.Location{StreetAddress1: "350 5th Ave", City: "New York", MainDivision: "NY", PostalCode: "10118", Country: "US"}
	wfZurich   = &wire.Location{City: "Zürich", PostalCode: "8001", Country: "CH"}
	wfGBUnder  = wire.TaxRegistration{ISOCountryCode: "GB", TaxRegistrationNumber: "XI 000 4726 31"} // an XI number under GB
	xiUnion    = wire.TaxRegistration{ISOCountryCode: "XI", TaxRegistrationNumber: "XI000472631", TaxRegistrationType: "Union Scheme"}
	wfDESeller = []wire.TaxRegistration{deNumber}
	wfDEOSS    = []wire.TaxRegistration{deNumber, deUnion}
	wfXISeller = []wire.TaxRegistration{xiNumber}
	wfXIOSS    = []wire.TaxRegistration{xiNumber, xiUnion}
	wfGBSeller = []wire.TaxRegistration{gbNumber}
)

// windsorEngine is an engine whose seller companies have fixed EU
// distance sales: SMALL EUR 2,000 this year (within the threshold of EUR
// 10,000), BIG EUR 50,000 (above it).
func windsorEngine(t *testing.T, opts ...Option) *Engine {
	t.Helper()
	opts = append([]Option{WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
		WithDistanceSales(fixedDistance{
			"SMALL": {Current: decimal.NewFromInt(2000), Source: "test"},
			"BIG":   {Current: decimal.NewFromInt(50000), Source: "test"},
		})}, opts...)
	e, err := New(context.Background(), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestWindsorFrameworkGoods: from 2021-01-01 goods moved between Northern
// Ireland and a member state follow the EU's intra-community rules
// (Protocol on Ireland/Northern Ireland, Article 8 and Annex 3; VAT Act
// 1994, Schedules 9ZA and 9ZB), Northern Ireland standing as the member
// state XI, at the United Kingdom's rates; goods between Great Britain and
// Northern Ireland stay domestic, goods between Northern Ireland and a
// country outside the EU are exported, and services follow the United
// Kingdom's rules. Every line is 100.00 EUR: Germany's 19% is 19.00,
// France's and the United Kingdom's 20% 20.00.
//
// Before, Levy took Belfast for any place of the United Kingdom: each
// case marked "changed" was an export zero-rated by the seller (0.00,
// export-zero-rated, Germany's or the United Kingdom's); the others are
// as they were.
func TestWindsorFrameworkGoods(t *testing.T) {
	e := windsorEngine(t)
	const today = "2026-06-01"
	none := []wire.TaxRegistration(nil)
	xi := []wire.TaxRegistration{xiNumber}
	cases := []struct {
		name string
		req  *wire.SaleRequest
		want euOutcome
	}{
		// changed: distance sales from Germany to consumers in Northern
		// Ireland (Schedule 9ZB, paragraph 29; VATNIEU3720).
		{"DE to a consumer in Belfast, within the threshold: Germany's VAT",
			vaSale(today, "SMALL", "GENERAL", vaMunich, wfBelfast, false, wfDESeller, none),
			euOutcome{"eu-distance-threshold", "DE", "19.00", "SELLER", false}},
		{"DE to a consumer in Belfast, above the threshold, under the OSS: the United Kingdom's VAT",
			vaSale(today, "BIG", "GENERAL", vaMunich, wfBelfast, false, wfDEOSS, none),
			euOutcome{"eu-b2c-destination", "GB", "20.00", "SELLER", false}},
		{"DE to a consumer in Belfast, within the threshold but under the OSS: the United Kingdom's VAT",
			vaSale(today, "SMALL", "GENERAL", vaMunich, wfBelfast, false, wfDEOSS, none),
			euOutcome{"eu-b2c-destination", "GB", "20.00", "SELLER", false}},
		// changed: an intra-community supply to a business with an XI
		// number, NI acquisition VAT at arrival (Schedule 9ZA).
		{"DE to a business in Belfast with an XI number: reverse charge",
			vaSale(today, "SMALL", "GENERAL", vaMunich, wfBelfast, false, wfDESeller, xi),
			euOutcome{"eu-reverse-charge", "GB", "0.00", "BUYER", true}},
		{"DE to a business in Belfast with an XI number written under GB",
			vaSale(today, "SMALL", "GENERAL", vaMunich, wfBelfast, false, wfDESeller, []wire.TaxRegistration{wfGBUnder}),
			euOutcome{"eu-reverse-charge", "GB", "0.00", "BUYER", true}},
		{"DE to a business in Newry (County Down, no postcode) with an XI number",
			vaSale(today, "SMALL", "GENERAL", vaMunich, wfNewry, false, wfDESeller, xi),
			euOutcome{"eu-reverse-charge", "GB", "0.00", "BUYER", true}},
		{"DE to a business at a point in Belfast with an XI number",
			vaSale(today, "SMALL", "GENERAL", vaMunich, wfPoint, false, wfDESeller, xi),
			euOutcome{"eu-reverse-charge", "GB", "0.00", "BUYER", true}},
		{"DE to a business in Belfast with a GB number only: not exempt, Germany's VAT",
			vaSale(today, "SMALL", "GENERAL", vaMunich, wfBelfast, false, wfDESeller, []wire.TaxRegistration{gbNumber}),
			euOutcome{EUBusinessNoNumberRule, "DE", "19.00", "SELLER", false}},
		// changed: goods from Northern Ireland to France.
		{"Belfast to a business in France with a French number: reverse charge",
			vaSale(today, "SMALL", "GENERAL", wfBelfast, euParis, false, wfXISeller, []wire.TaxRegistration{frNumber}),
			euOutcome{"eu-reverse-charge", "FR", "0.00", "BUYER", true}},
		{"Belfast to a business in France whose only number is XI: the United Kingdom's VAT",
			vaSale(today, "SMALL", "GENERAL", wfBelfast, euParis, false, wfXISeller, xi),
			euOutcome{EUDepartureNumberRule, "GB", "20.00", "SELLER", false}},
		{"Belfast to a consumer in France, within the threshold: the United Kingdom's VAT",
			vaSale(today, "SMALL", "GENERAL", wfBelfast, euParis, false, wfXISeller, none),
			euOutcome{"eu-distance-threshold", "GB", "20.00", "SELLER", false}},
		{"Belfast to a consumer in France, above the threshold, under the OSS: France's VAT",
			vaSale(today, "BIG", "GENERAL", wfBelfast, euParis, false, wfXIOSS, none),
			euOutcome{"eu-b2c-destination", "FR", "20.00", "SELLER", false}},
		// unchanged: Great Britain and Northern Ireland are one VAT area.
		{"London to a consumer in Belfast: domestic",
			vaSale(today, "SMALL", "GENERAL", vaLondon, wfBelfast, false, wfGBSeller, none),
			euOutcome{"domestic-supply", "GB", "20.00", "SELLER", false}},
		{"London to a business in Belfast with an XI number: domestic",
			vaSale(today, "SMALL", "GENERAL", vaLondon, wfBelfast, false, wfGBSeller, xi),
			euOutcome{"domestic-supply", "GB", "20.00", "SELLER", false}},
		{"Belfast to a consumer in London: domestic",
			vaSale(today, "SMALL", "GENERAL", wfBelfast, vaLondon, false, wfXISeller, none),
			euOutcome{"domestic-supply", "GB", "20.00", "SELLER", false}},
		// unchanged: exports from Northern Ireland outside the EU, and
		// from Great Britain to the EU.
		{"Belfast to New York: export",
			vaSale(today, "SMALL", "GENERAL", wfBelfast, wfNewYork, false, wfXISeller, none),
			euOutcome{"export-zero-rated", "GB", "0.00", "SELLER", false}},
		{"Belfast to Zurich: export",
			vaSale(today, "SMALL", "GENERAL", wfBelfast, wfZurich, false, wfXISeller, none),
			euOutcome{"export-zero-rated", "GB", "0.00", "SELLER", false}},
		{"London to a consumer in France: export",
			vaSale(today, "SMALL", "GENERAL", vaLondon, euParis, false, wfGBSeller, none),
			euOutcome{"export-zero-rated", "GB", "0.00", "SELLER", false}},
		// unchanged: services to Northern Ireland follow the United
		// Kingdom's rules.
		{"services from DE to a business in Belfast: the customer accounts for any tax",
			vaSale(today, "SMALL", "PROFESSIONAL_SERVICES", vaMunich, wfBelfast, false, wfDESeller, xi),
			euOutcome{"b2b-services-abroad", "GB", "0.00", "BUYER", true}},
		{"services from DE to a consumer in Belfast: where the supplier is",
			vaSale(today, "SMALL", "SERVICES", vaMunich, wfBelfast, false, wfDESeller, none),
			euOutcome{"services-origin", "DE", "19.00", "SELLER", false}},
		// unchanged: in 2020 the United Kingdom was a member state.
		{"2020: DE to a consumer in Belfast, within the threshold",
			vaSale("2020-06-01", "SMALL", "GENERAL", vaMunich, wfBelfast, false, wfDESeller, none),
			euOutcome{"eu-distance-threshold", "DE", "19.00", "SELLER", false}},
		{"2020: DE to a business in Belfast with a GB number: reverse charge",
			vaSale("2020-06-01", "SMALL", "GENERAL", vaMunich, wfBelfast, false, wfDESeller, []wire.TaxRegistration{gbNumber}),
			euOutcome{"eu-reverse-charge", "GB", "0.00", "BUYER", true}},
		{"2020: Belfast to a consumer in France, within the threshold",
			vaSale("2020-06-01", "SMALL", "GENERAL", wfBelfast, euParis, false, wfGBSeller, none),
			euOutcome{"eu-distance-threshold", "GB", "20.00", "SELLER", false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := e.Sale(context.Background(), c.req)
			if err != nil {
				t.Fatal(err)
			}
			l := r.LineItems[0]
			if got := euLineOutcome(t, c.name, l.Taxes, l.TotalTax.String()); got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

// TestWindsorFrameworkReasons: the reason of a supply of goods into or
// out of Northern Ireland names it as the member state XI, and its VAT as
// the United Kingdom's.
func TestWindsorFrameworkReasons(t *testing.T) {
	de, ni := &place{country: "DE", role: wire.PhysicalOrigin}, &place{country: "GB", northernIreland: true, role: wire.Destination}
	fr := &place{country: "FR", role: wire.Destination}
	c := &calc{d: &doc{date: civil.MustParse("2026-06-01")}}
	xi := registration{country: "GB", northernIreland: true, number: "XI000472631", syntaxValid: true}
	for _, tc := range []struct {
		name       string
		orig, dest *place
		from, to   string
		rule, word string
	}{
		{"DE to Belfast, an XI number", de, ni, "DE", "XI", "eu-reverse-charge", "registered for VAT in Northern Ireland (XI)"},
		{"Belfast to France, an XI number", ni, fr, "XI", "FR", EUDepartureNumberRule, "the United Kingdom's VAT of Northern Ireland (XI) applies"},
	} {
		l := &line{customer: party{regs: []registration{xi}, business: true}}
		st := c.euGoodsToBusiness(l, tc.orig, tc.dest, tc.from, tc.to)
		if st.ruleID != tc.rule || !strings.Contains(st.reason, tc.word) {
			t.Errorf("%s: %s %q, want %s saying %q", tc.name, st.ruleID, st.reason, tc.rule, tc.word)
		}
	}
}

// TestWindsorFrameworkAcquisition: a business in Belfast registered for
// the United Kingdom's VAT accrues goods bought from Germany as an
// acquisition from 2021: NI acquisition VAT at the United Kingdom's 20%,
// input and output (VAT Act 1994, Schedule 9ZA, paragraphs 2 and 14), a
// reverse charge. Before, the purchase was an import, its tax a use tax
// of the United Kingdom with nothing to deduct.
func TestWindsorFrameworkAcquisition(t *testing.T) {
	e := windsorEngine(t)
	r, err := e.Purchase(context.Background(), &wire.PurchaseRequest{PurchaseMessageType: wire.PurchaseAccrual,
		TransactionType: wire.TransactionTypePurchase, DocumentDate: civil.MustParse("2026-06-01"),
		Currency:  &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
		Vendor:    &wire.Vendor{PhysicalOrigin: vaMunich, TaxRegistrations: []wire.TaxRegistration{deNumber}},
		Buyer:     &wire.Buyer{Destination: wfBelfast, TaxRegistrations: []wire.TaxRegistration{xiNumber}},
		LineItems: []wire.PurchaseLineItem{{Purchase: &wire.Purchase{PurchaseClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}})
	if err != nil {
		t.Fatal(err)
	}
	l := r.LineItems[0]
	want := euOutcome{"eu-reverse-charge", "GB", "20.00", "BUYER", true}
	if got := euLineOutcome(t, "accrual", l.Taxes, l.TotalTax.String()); got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if io := l.Taxes[0].InputOutputType; io != wire.InputOutputTypeInputOutput {
		t.Errorf("input/output %s, want %s: the acquisition VAT is deducted", io, wire.InputOutputTypeInputOutput)
	}
}

// TestWindsorFrameworkDistanceSales: the journal counts goods sold from
// Germany to a consumer in Belfast as an EU distance sale from 2021
// (VATNIEU3720: the EUR 10,000 threshold counts sales into Northern
// Ireland with those between member states), but not electronic
// services sold there, which follow the United Kingdom's rules, nor goods
// from London to Belfast. Before, none was counted.
func TestWindsorFrameworkDistanceSales(t *testing.T) {
	store := journal.NewMemory()
	e := windsorEngine(t, WithJournal(store))
	ctx := levy.WithTenant(context.Background(), "acme-de")
	for _, c := range []struct {
		id, class string
		from      *wire.Location
		want      bool
	}{
		{"GOODS", "GENERAL", vaMunich, true},
		{"SAAS", "SAAS", vaMunich, false},
		{"LONDON", "GENERAL", vaLondon, false},
	} {
		regs := wfDESeller
		if c.from == vaLondon {
			regs = wfGBSeller
		}
		req := vaSale("2026-06-01", "SMALL", c.class, c.from, wfBelfast, false, regs, nil)
		req.SaleMessageType, req.TransactionID = wire.SaleInvoice, c.id
		if _, err := e.Sale(ctx, req); err != nil {
			t.Fatal(err)
		}
		tx, err := store.Get(ctx, "acme-de", c.id)
		if err != nil {
			t.Fatal(err)
		}
		if got := tx.Lines[0].EUDistanceSale; got != c.want {
			t.Errorf("%s: EU distance sale %v, want %v", c.id, got, c.want)
		}
	}
}

// TestNorthernIrelandLocation: the engine reads Northern Ireland from a
// location's BT postcode, else its mainDivision, else its coordinates.
func TestNorthernIrelandLocation(t *testing.T) {
	for _, c := range []struct {
		loc  wire.Location
		want bool
	}{
		{wire.Location{PostalCode: "BT1 5GS"}, true},
		{wire.Location{PostalCode: "bt48 6hq"}, true},
		{wire.Location{PostalCode: "SW1A 1AA"}, false},
		{wire.Location{PostalCode: "BTX"}, false},
		{wire.Location{PostalCode: "SW1A 1AA", MainDivision: "Northern Ireland"}, false}, // the postcode decides
		{wire.Location{MainDivision: "Northern Ireland"}, true},
		{wire.Location{MainDivision: "GB-NIR"}, true},
		{wire.Location{MainDivision: "Co. Antrim"}, true},
		{wire.Location{MainDivision: "county  Londonderry"}, true},
		{wire.Location{MainDivision: "Scotland"}, false},
		{wire.Location{Latitude: "54.5973", Longitude: "-5.9301"}, true},  // Belfast
		{wire.Location{Latitude: "54.9966", Longitude: "-7.3086"}, true},  // Derry
		{wire.Location{Latitude: "55.2900", Longitude: "-6.2000"}, true},  // Rathlin Island
		{wire.Location{Latitude: "55.2900", Longitude: "-5.8000"}, false}, // the Mull of Kintyre
		{wire.Location{Latitude: "54.9030", Longitude: "-5.0240"}, false}, // Stranraer
		{wire.Location{Latitude: "51.5007", Longitude: "-0.1246"}, false}, // London
		{wire.Location{City: "Belfast"}, false},                           // nothing that places it
	} {
		if got := northernIrelandLocation(&c.loc); got != c.want {
			t.Errorf("%+v: %v, want %v", c.loc, got, c.want)
		}
	}
}
