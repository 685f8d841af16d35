package engine

import (
	"context"
	"strconv"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/rules"
	"testing"

	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// TestLineTypesEmptyValueRefused checks that a lineTypes entry naming
// no line type is refused, naming its value: before, "" (or blanks) was
// taken as a line type Levy does not know and flagged not-acted-on,
// while its count still took its share of the line's revenue from the
// line types that bear taxes.
func TestLineTypesEmptyValueRefused(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, v := range []string{"", "  "} {
		req := telecomSaleIn("2026-02-15", "Birmingham", "AL", "35203",
			wire.LineTypeSet{Value: "WIRELESS", Count: amt("2")}, wire.LineTypeSet{Value: v, Count: amt("1")})
		resp, err := e.Sale(ctx, req)
		answered := ""
		if err == nil {
			answered = "totalTax " + resp.TotalTax.String()
		}
		wantInvalidField(t, "lineTypes[1].value "+strconv.Quote(v), "lineItems[0].lineTypes[1].value", err, answered)
	}
	// A known value is still taken.
	if _, err := e.Sale(ctx, telecomSaleIn("2026-02-15", "Birmingham", "AL", "35203", wire.LineTypeSet{Value: "WIRELESS", Count: amt("2")})); err != nil {
		t.Fatal(err)
	}
}

// TestConversionIntoFormerEuroCurrency checks that a filing currency
// conversion into the former currency of a member state that has
// adopted the euro (Bulgaria's lev from 2026-01-01, Croatia's kuna from
// 2023-01-01) is refused from the day of adoption, naming the
// conversion's currency, and still taken the day before. Before, a
// Sofia sale of 2026-02-01 with a conversion into BGN at 1.95583 was
// answered with its VAT in lev, though Bulgaria files in euros. A
// location that the document resolved before at the same address, its
// conversion its own, is checked alike.
func TestConversionIntoFormerEuroCurrency(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	for _, c := range []struct {
		country, city, zip, currency, rate, before, from string
	}{
		{"BG", "Sofia", "1000", "BGN", "1.95583", "2025-12-31", "2026-01-01"},
		{"HR", "Zagreb", "10000", "HRK", "7.53450", "2022-12-31", "2023-01-01"},
	} {
		sale := func(date string, onSeller bool) (*wire.SaleResponse, error) {
			at := func() *wire.Location { return &wire.Location{City: c.city, PostalCode: c.zip, Country: c.country} }
			conv := &wire.CurrencyConversion{Currency: &wire.Currency{ISOCurrencyCodeAlpha: c.currency}, Rate: amt(c.rate)}
			req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
				DocumentDate: civil.MustParse(date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
				Seller:    &wire.Seller{PhysicalOrigin: at()},
				Customer:  &wire.Customer{Destination: at()},
				LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}}}
			if onSeller {
				req.Seller.PhysicalOrigin.CurrencyConversion = conv
			} else {
				req.Customer.Destination.CurrencyConversion = conv
			}
			return e.Sale(ctx, req)
		}
		resp, err := sale(c.before, false)
		if err != nil {
			t.Fatalf("%s on %s: %v", c.currency, c.before, err)
		}
		f := resp.LineItems[0].Taxes[0].FilingCurrencyAmounts
		if f == nil || f.CurrencyConversion == nil || f.CurrencyConversion.Currency.ISOCurrencyCodeAlpha != c.currency {
			t.Errorf("%s on %s: filing amounts %+v, want them in %s", c.currency, c.before, f, c.currency)
		}
		for _, onSeller := range []bool{false, true} {
			field := "customer.destination.currencyConversion.currency"
			if onSeller {
				field = "seller.physicalOrigin.currencyConversion.currency"
			}
			resp, err := sale(c.from, onSeller)
			answered := ""
			if err == nil {
				answered = "totalTax " + resp.TotalTax.String()
			} else if !strings.Contains(err.Error(), "euros since that date") || !strings.Contains(err.Error(), c.from) {
				t.Errorf("%s on %s: %v, want it to say %s files in euros since %s", c.currency, c.from, err, c.country, c.from)
			}
			wantInvalidField(t, c.currency+" on "+c.from, field, err, answered)
		}
	}
}

// TestConversionOfARepeatedLocationChecked checks that a location whose
// address the document resolved before has its own currencyConversion
// checked: before, a seller at the customer's address with a conversion
// into a currency that does not exist (XYZ) was answered, the place
// taken from the customer's.
func TestConversionOfARepeatedLocationChecked(t *testing.T) {
	e := testEngine(t)
	req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
	at := *req.Customer.Destination
	at.CurrencyConversion = &wire.CurrencyConversion{Currency: &wire.Currency{ISOCurrencyCodeAlpha: "XYZ"}, Rate: amt("0.9")}
	req.Seller = &wire.Seller{PhysicalOrigin: &at}
	resp, err := e.Sale(context.Background(), req)
	answered := ""
	if err == nil {
		answered = "totalTax " + resp.TotalTax.String()
	}
	wantInvalidField(t, "XYZ on the seller", "seller.physicalOrigin.currencyConversion.currency.isoCurrencyCodeAlpha", err, answered)
}

// notActedAt returns the not-acted-on parameter of l named path, nil
// when it has none.
func notActedAt(l wire.SaleResponseLineItem, path string) *wire.AssistedParameter {
	for i, p := range l.AssistedParameters {
		if p.RuleName == NotActedOnRule && p.ParamName == path {
			return &l.AssistedParameters[i]
		}
	}
	return nil
}

// TestOverrideOfAChargePerUnitSaysSo checks that a rate override, or an
// exempt or non-taxable override's partial amount, that reaches a charge
// per unit (a 911 fee per line, a franchise fee per line, a
// jurisdiction's quantity structure) leaves the charge as it was, and
// that the line now says so: the override's rate or amount carries
// not-acted-on, with its value, once, under the line's path or the
// document's. Before, the fee was charged in full and nothing said the
// override was left out. An override that changes the tax it reaches (a
// rate override of the USF, an exempt override without an amount) says
// nothing.
func TestOverrideOfAChargePerUnitSaysSo(t *testing.T) {
	e := testEngine(t)
	ctx := context.Background()
	fee911 := &wire.ImpositionType{Value: e911Imposition}
	sale := func(edit func(*wire.SaleRequest)) wire.SaleResponseLineItem {
		t.Helper()
		req := telecomSaleIn("2026-02-15", "Birmingham", "AL", "35203",
			wire.LineTypeSet{Value: "WIRELESS", Count: amt("2")}, wire.LineTypeSet{Value: "VOIP", Count: amt("1")})
		req.LineItems[0].ExtendedPrice = amt("90.00")
		if edit != nil {
			edit(req)
		}
		resp, err := e.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		return resp.LineItems[0]
	}
	fees := func(l wire.SaleResponseLineItem) string {
		s := ""
		for _, x := range byImposition(l.Taxes)[e911Imposition] {
			s += x.CalculatedTax.String() + " "
		}
		return s
	}
	plain := sale(nil)
	if fees(plain) == "" {
		t.Fatalf("no 911 fee on the plain line: %+v", plain.Taxes)
	}

	// Rate overrides of the USF (acts) and of the 911 fee (does not).
	l := sale(func(r *wire.SaleRequest) {
		r.LineItems[0].RateOverrides = []wire.RateOverride{
			{ImpositionType: &wire.ImpositionType{Value: usfImposition}, Rate: amt("0.5")},
			{ImpositionType: fee911, Rate: amt("0.01")}}
	})
	if fees(l) != fees(plain) {
		t.Errorf("911 fees with a rate override %s, want them as without, %s", fees(l), fees(plain))
	}
	if p := notActedAt(l, "lineItems[0].rateOverrides[1].rate"); p == nil || p.OriginalValue != "0.01" {
		t.Errorf("rate override of the 911 fee: parameters %+v, want not-acted-on lineItems[0].rateOverrides[1].rate 0.01", l.AssistedParameters)
	}
	if p := notActedAt(l, "lineItems[0].rateOverrides[0].rate"); p != nil {
		t.Errorf("rate override of the USF, which it changes, flagged: %+v", p)
	}
	n := 0
	for _, p := range l.AssistedParameters {
		if p.ParamName == "lineItems[0].rateOverrides[1].rate" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the rate override of the 911 fees of two line types is flagged %d times, want once", n)
	}

	// The document's rate override, inherited.
	l = sale(func(r *wire.SaleRequest) {
		r.RateOverrides = []wire.RateOverride{{ImpositionType: fee911, Rate: amt("0.01")}}
	})
	if p := notActedAt(l, "rateOverrides[0].rate"); p == nil || p.OriginalValue != "0.01" || fees(l) != fees(plain) {
		t.Errorf("the document's rate override of the 911 fee: fees %s, parameters %+v, want %s and not-acted-on rateOverrides[0].rate",
			fees(l), l.AssistedParameters, fees(plain))
	}

	// A partial exempt amount leaves the fee charged; no amount exempts it.
	l = sale(func(r *wire.SaleRequest) {
		r.LineItems[0].ExemptOverrides = []wire.Override{{ImpositionType: fee911, Amount: amt("5.00")}}
	})
	if p := notActedAt(l, "lineItems[0].exemptOverrides[0].amount"); p == nil || p.OriginalValue != "5.00" || fees(l) != fees(plain) {
		t.Errorf("5.00 of the 911 fee exempt: fees %s, parameters %+v, want %s and not-acted-on lineItems[0].exemptOverrides[0].amount",
			fees(l), l.AssistedParameters, fees(plain))
	}
	l = sale(func(r *wire.SaleRequest) {
		r.LineItems[0].NonTaxableOverrides = []wire.Override{{ImpositionType: fee911, Amount: amt("5.00")}}
	})
	if p := notActedAt(l, "lineItems[0].nonTaxableOverrides[0].amount"); p == nil || fees(l) != fees(plain) {
		t.Errorf("5.00 of the 911 fee non-taxable: fees %s, parameters %+v", fees(l), l.AssistedParameters)
	}
	l = sale(func(r *wire.SaleRequest) { r.LineItems[0].ExemptOverrides = []wire.Override{{ImpositionType: fee911}} })
	for _, x := range byImposition(l.Taxes)[e911Imposition] {
		if x.CalculatedTax.Sign() != 0 {
			t.Errorf("the 911 fee exempt whole: %+v", x)
		}
	}
	if p := notActedAt(l, "lineItems[0].exemptOverrides[0].amount"); p != nil {
		t.Errorf("an exempt override without an amount flagged: %+v", p)
	}

	// A franchise fee per line (SEA-VIDEO-2's, on 3 lines).
	fe := franchiseExampleEngine(t)
	req := cableAndVideoSale("80.00", "85.00")
	req.LineItems[1].RateOverrides = []wire.RateOverride{{ImpositionType: &wire.ImpositionType{Value: franchiseImpositionType}, Rate: amt("0.02")}}
	resp, err := fe.Sale(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	video := resp.LineItems[1]
	if p := notActedAt(video, "lineItems[1].rateOverrides[0].rate"); p == nil || p.OriginalValue != "0.02" {
		t.Errorf("rate override of a franchise fee per line: parameters %+v", video.AssistedParameters)
	}

	// A jurisdiction's quantity structure: 0.50 a unit of California's
	// tax, 4 units.
	per := decimal.RequireFromString("0.50")
	qe, err := New(ctx, WithRules(nil, []rules.Structure{{ID: "ca-per-unit", Jurisdiction: "US-CA", Kind: rules.Quantity, PerUnit: &per, Currency: "USD"}}))
	if err != nil {
		t.Fatal(err)
	}
	ca := func(edit func(*wire.SaleRequest)) (wire.SaleResponseLineItem, string) {
		t.Helper()
		req := usSale("200 N Spring St", "Los Angeles", "CA", "90012", "GENERAL", "100.00")
		req.LineItems[0].Quantity = &wire.Measure{Value: amt("4")}
		edit(req)
		resp, err := qe.Sale(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		l := resp.LineItems[0]
		for _, x := range l.Taxes {
			if x.Jurisdiction.JurisdictionID == "US-CA" {
				return l, x.CalculatedTax.String()
			}
		}
		t.Fatalf("no California tax: %+v", l.Taxes)
		return l, ""
	}
	l, tax := ca(func(r *wire.SaleRequest) {
		r.LineItems[0].RateOverrides = []wire.RateOverride{{JurisdictionType: jurisdiction.State, Rate: amt("0.01")}}
	})
	if p := notActedAt(l, "lineItems[0].rateOverrides[0].rate"); tax != "2.00" || p == nil || p.OriginalValue != "0.01" {
		t.Errorf("rate override of a quantity structure: California %s, parameters %+v; want 2.00 and not-acted-on", tax, l.AssistedParameters)
	}
	l, tax = ca(func(r *wire.SaleRequest) {
		r.LineItems[0].ExemptOverrides = []wire.Override{{JurisdictionType: jurisdiction.State, Amount: amt("30.00")}}
	})
	if p := notActedAt(l, "lineItems[0].exemptOverrides[0].amount"); tax != "2.00" || p == nil || p.OriginalValue != "30.00" {
		t.Errorf("30.00 exempt of a quantity structure: California %s, parameters %+v; want 2.00 and not-acted-on", tax, l.AssistedParameters)
	}
}
