package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestLowValueImports: goods sold from abroad to a country with a
// low-value import limit. Within the limit a seller registered for the
// scheme charges the tax at sale (the United Kingdom's £135, the EU's
// €150 through the Import One Stop Shop, Australia's A$1,000, Norway's
// NOK 3,000 an item); above it the goods meet the tax at the border, and
// the reason names the limit. A UK business that gives its UK VAT number
// accounts for the VAT of a consignment of £135 or less by reverse
// charge. Before, a seller registered in the country of import charged
// its tax on goods of any value, and a seller registered in France
// without IOSS charged French VAT on goods imported from Shanghai.
func TestLowValueImports(t *testing.T) {
	e := testEngine(t)
	newYork := &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"}
	shanghai := &wire.Location{City: "Shanghai", PostalCode: "200000", Country: "CN"}
	london := &wire.Location{City: "London", PostalCode: "SW1A 1AA", Country: "GB"}
	paris := &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}
	sydney := &wire.Location{City: "Sydney", MainDivision: "NSW", PostalCode: "2000", Country: "AU"}
	oslo := &wire.Location{City: "Oslo", PostalCode: "0150", Country: "NO"}
	gbReg := wire.TaxRegistration{ISOCountryCode: "GB", TaxRegistrationNumber: "GB000472631"}
	frReg := wire.TaxRegistration{ISOCountryCode: "FR", TaxRegistrationNumber: "FR40303265045"}
	ioss := wire.TaxRegistration{ISOCountryCode: "FR", TaxRegistrationType: "Import One Stop Shop"}
	auReg := wire.TaxRegistration{ISOCountryCode: "AU"}
	noReg := wire.TaxRegistration{ISOCountryCode: "NO"}
	type sale struct {
		date, currency, price, qty string
		from, to                   *wire.Location
		customer                   []wire.TaxRegistration
		conversion                 *wire.CurrencyConversion
		seller                     []wire.TaxRegistration
		factor                     string // a USD to GBP currencyConversionFactors entry, if any
		lines                      int    // lines of price, 1 when 0
		ddp                        bool   // the document's deliveryTerm is DDP
	}
	build := func(s sale) *wire.SaleRequest {
		date := s.date
		if date == "" {
			date = "2026-06-01"
		}
		to := *s.to
		to.CurrencyConversion = s.conversion
		li := wire.SaleLineItem{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt(s.price)}
		if s.qty != "" {
			li.Quantity = &wire.Measure{Value: amt(s.qty)}
		}
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse(date), Currency: &wire.Currency{ISOCurrencyCodeAlpha: s.currency},
			Seller:    &wire.Seller{PhysicalOrigin: s.from, TaxRegistrations: s.seller},
			Customer:  &wire.Customer{Destination: &to, TaxRegistrations: s.customer},
			LineItems: []wire.SaleLineItem{li}}
		if s.ddp {
			req.DeliveryTerm = wire.DeliveryTermDDP
		}
		for i := 1; i < s.lines; i++ {
			req.LineItems = append(req.LineItems, li)
		}
		if s.factor != "" {
			req.CurrencyConversionFactors = []wire.CurrencyConversionFactor{{ConversionFactor: amt(s.factor),
				SourceCurrency: &wire.Currency{ISOCurrencyCodeAlpha: "USD"}, TargetCurrency: &wire.Currency{ISOCurrencyCodeAlpha: "GBP"}}}
		}
		return req
	}
	toGBP := &wire.CurrencyConversion{Currency: &wire.Currency{ISOCurrencyCodeAlpha: "GBP"}, Rate: amt("0.80")}
	for _, c := range []struct {
		name  string
		sale  sale
		total string
		taxes string // jurisdiction:result:tax:rule, one per tax
		param string // ruleName of the low-value assisted parameter, "" for none
		says  string // what the parameter must say
	}{
		{"£100 from New York to London, seller registered in GB",
			sale{currency: "GBP", price: "100.00", from: newYork, to: london, seller: []wire.TaxRegistration{gbReg}},
			"20.00", "GB:TAXABLE:20.00:import-registered-seller", LowValueWithinRule, "within GBP 135"},
		{"£200 from New York to London, seller registered in GB",
			sale{currency: "GBP", price: "200.00", from: newYork, to: london, seller: []wire.TaxRegistration{gbReg}},
			"0.00", "GB:NONTAXABLE:0.00:import-at-border", LowValueAboveRule, "above GBP 135"},
		{"£135 exactly is within the limit",
			sale{currency: "GBP", price: "135.00", from: newYork, to: london, seller: []wire.TaxRegistration{gbReg}},
			"27.00", "GB:TAXABLE:27.00:import-registered-seller", LowValueWithinRule, "within GBP 135"},
		{"£100 to a UK business with its UK VAT number: reverse charge",
			sale{currency: "GBP", price: "100.00", from: newYork, to: london, customer: []wire.TaxRegistration{gbReg}, seller: []wire.TaxRegistration{gbReg}},
			"0.00", "GB:TAXABLE:0.00:import-reverse-charge", LowValueWithinRule, "reverse charge"},
		{"£200 before 2021, delivered duty paid: a registered seller charged UK VAT whatever the value",
			sale{date: "2020-06-01", currency: "GBP", price: "200.00", from: newYork, to: london, seller: []wire.TaxRegistration{gbReg}, ddp: true},
			"40.00", "GB:TAXABLE:40.00:import-registered-seller", "", ""},
		{"£200 before 2021, the customer importing: the United Kingdom was a member state, the supply outside it",
			sale{date: "2020-06-01", currency: "GBP", price: "200.00", from: newYork, to: london, seller: []wire.TaxRegistration{gbReg}},
			"0.00", "US:NONTAXABLE:0.00:us-export", "", ""},
		{"USD 150 at the destination's rate 0.80 to GBP is £120, within",
			sale{currency: "USD", price: "150.00", from: newYork, to: london, conversion: toGBP, seller: []wire.TaxRegistration{gbReg}},
			"30.00", "GB:TAXABLE:30.00:import-registered-seller", LowValueWithinRule, "USD 150.00 at the destination's conversion rate 0.8"},
		{"USD 200 at the destination's rate 0.80 to GBP is £160, above",
			sale{currency: "USD", price: "200.00", from: newYork, to: london, conversion: toGBP, seller: []wire.TaxRegistration{gbReg}},
			"0.00", "GB:NONTAXABLE:0.00:import-at-border", LowValueAboveRule, "GBP 160.00"},
		{"USD 200 at a conversion factor of 0.60 to GBP is £120, within",
			sale{currency: "USD", price: "200.00", from: newYork, to: london, factor: "0.60", seller: []wire.TaxRegistration{gbReg}},
			"40.00", "GB:TAXABLE:40.00:import-registered-seller", LowValueWithinRule, "USD 200.00 at the conversion factor 0.6"},
		{"two lines of £80 are one consignment of £160, above",
			sale{currency: "GBP", price: "80.00", lines: 2, from: newYork, to: london, seller: []wire.TaxRegistration{gbReg}},
			"0.00", "GB:NONTAXABLE:0.00:import-at-border", LowValueAboveRule, "GBP 160.00"},
		{"USD 200 with nothing to convert it: decided as before, and said so",
			sale{currency: "USD", price: "200.00", from: newYork, to: london, seller: []wire.TaxRegistration{gbReg}},
			"40.00", "GB:TAXABLE:40.00:import-registered-seller", LowValueUnconvertedRule, "nothing in the request converts them to GBP"},
		{"€120 from Shanghai to Paris, seller registered for IOSS",
			sale{currency: "EUR", price: "120.00", from: shanghai, to: paris, seller: []wire.TaxRegistration{ioss}},
			"24.00", "FR:TAXABLE:24.00:import-registered-seller", LowValueWithinRule, "Import One Stop Shop"},
		{"€120 from Shanghai to Paris, seller registered for IOSS in the Netherlands",
			sale{currency: "EUR", price: "120.00", from: shanghai, to: paris, seller: []wire.TaxRegistration{{ISOCountryCode: "NL", TaxRegistrationType: "Import One Stop Shop"}}},
			"24.00", "FR:TAXABLE:24.00:import-registered-seller", LowValueWithinRule, "Import One Stop Shop"},
		{"€200 from Shanghai to Paris, seller registered for IOSS",
			sale{currency: "EUR", price: "200.00", from: shanghai, to: paris, seller: []wire.TaxRegistration{ioss}},
			"0.00", "FR:NONTAXABLE:0.00:import-at-border", LowValueAboveRule, "above EUR 150"},
		{"€120 from Shanghai to Paris, seller registered in France without IOSS",
			sale{currency: "EUR", price: "120.00", from: shanghai, to: paris, seller: []wire.TaxRegistration{frReg}},
			"0.00", "FR:NONTAXABLE:0.00:import-at-border", LowValueAboveRule, "not registered for the Import One Stop Shop"},
		{"€200 from Shanghai to Paris, seller registered in France without IOSS",
			sale{currency: "EUR", price: "200.00", from: shanghai, to: paris, seller: []wire.TaxRegistration{frReg}},
			"0.00", "FR:NONTAXABLE:0.00:import-at-border", LowValueAboveRule, "not registered for the Import One Stop Shop"},
		{"€120 from Shanghai to Paris, seller with no registration",
			sale{currency: "EUR", price: "120.00", from: shanghai, to: paris, seller: []wire.TaxRegistration{{ISOCountryCode: "CN"}}},
			"0.00", "CN:TAXABLE:0.00:export-zero-rated", "", ""},
		{"A$800 from New York to Sydney, seller registered in Australia",
			sale{currency: "AUD", price: "800.00", from: newYork, to: sydney, seller: []wire.TaxRegistration{auReg}},
			"80.00", "AU:TAXABLE:80.00:import-registered-seller", LowValueWithinRule, "within AUD 1000"},
		{"A$1,200 from New York to Sydney, seller registered in Australia",
			sale{currency: "AUD", price: "1200.00", from: newYork, to: sydney, seller: []wire.TaxRegistration{auReg}},
			"0.00", "AU:NONTAXABLE:0.00:import-at-border", LowValueAboveRule, "above AUD 1000"},
		{"NOK 4,000 of two items of NOK 2,000 to Oslo: VOEC's limit is per item",
			sale{currency: "NOK", price: "4000.00", qty: "2", from: newYork, to: oslo, seller: []wire.TaxRegistration{noReg}},
			"1000.00", "NO:TAXABLE:1000.00:import-registered-seller", LowValueWithinRule, "within NOK 3000"},
		{"NOK 2,000 for half a unit to Oslo: one item of NOK 2,000, not half an item of NOK 4,000",
			sale{currency: "NOK", price: "2000.00", qty: "0.5", from: newYork, to: oslo, seller: []wire.TaxRegistration{noReg}},
			"500.00", "NO:TAXABLE:500.00:import-registered-seller", LowValueWithinRule, "within NOK 3000"},
		{"NOK 3,000 for one item to Oslo: VOEC's limit is under NOK 3,000",
			sale{currency: "NOK", price: "3000.00", from: newYork, to: oslo, seller: []wire.TaxRegistration{noReg}},
			"0.00", "NO:NONTAXABLE:0.00:import-at-border", LowValueAboveRule, "above NOK 3000"},
	} {
		r, err := e.Sale(context.Background(), build(c.sale))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		l := r.LineItems[0]
		var got []string
		reasons := ""
		for _, x := range l.Taxes {
			rule := ""
			if x.CalculationRuleID != nil {
				rule = x.CalculationRuleID.Value
			}
			got = append(got, x.Jurisdiction.JurisdictionID+":"+string(x.TaxResult)+":"+x.CalculatedTax.String()+":"+rule)
		}
		param := ""
		for _, p := range l.AssistedParameters {
			if strings.HasPrefix(p.RuleName, "low-value-import") {
				param = p.RuleName
				reasons += p.Value
			}
		}
		if l.TotalTax.String() != c.total || strings.Join(got, " ") != c.taxes || param != c.param || !strings.Contains(reasons, c.says) {
			t.Errorf("%s: total %s, taxes %s, parameter %q (%s); want %s, %s, %q, saying %q", c.name, l.TotalTax, strings.Join(got, " "), param, reasons, c.total, c.taxes, c.param, c.says)
		}
	}
}

// TestImportSchemeIsNotTheUnionScheme: a registration of type "Import One
// Stop Shop" covers goods imported in consignments of EUR 150 or less
// (TestLowValueImports), not the distance sales within the EU that the
// Union scheme covers. Before, Levy read it as the Union scheme: a Dutch
// seller registered for IOSS alone charged French VAT on goods sent from
// Amsterdam to a consumer in Paris as though it declared them through
// the OSS. Now the seller, not registered in France nor for the Union
// scheme, is flagged not registered there, as any seller without the
// Union scheme whose distance sales are above the threshold.
func TestImportSchemeIsNotTheUnionScheme(t *testing.T) {
	e := testEngine(t)
	req := euSale("2026-06-01", "GENERAL", euParis, false)
	req.Seller.TaxRegistrations = []wire.TaxRegistration{nlNumber, {ISOCountryCode: "NL", TaxRegistrationType: "Import One Stop Shop"}}
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	l := r.LineItems[0]
	if len(l.Taxes) != 1 || l.Taxes[0].Jurisdiction.JurisdictionID != "FR" || l.Taxes[0].TaxResult != wire.TaxResultNoTax || l.TotalTax.String() != "0.00" {
		t.Errorf("IOSS alone, Amsterdam to a consumer in Paris: total %s, taxes %+v; want FR NO_TAX, the seller not registered in France nor for the Union scheme", l.TotalTax, l.Taxes)
	}
	req.Seller.TaxRegistrations = []wire.TaxRegistration{nlNumber, nlUnion}
	if r, err = e.Sale(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	if l := r.LineItems[0]; l.TotalTax.String() != "200.00" {
		t.Errorf("Union scheme, Amsterdam to a consumer in Paris: total %s; want 200.00 of French VAT", l.TotalTax)
	}
}

// TestLowValueLimitDates: the limits start on their days, and a member
// state of the EU has the Union's; Switzerland has none.
func TestLowValueLimitDates(t *testing.T) {
	for _, c := range []struct {
		country, date, want string
	}{
		{"GB", "2020-12-31", ""}, {"GB", "2021-01-01", "GBP 135"},
		{"FR", "2021-06-30", ""}, {"FR", "2021-07-01", "EUR 150"}, {"DE", "2026-01-01", "EUR 150"},
		{"AU", "2018-06-30", ""}, {"AU", "2018-07-01", "AUD 1000"},
		{"NZ", "2019-11-30", ""}, {"NZ", "2019-12-01", "NZD 1000"},
		{"NO", "2020-03-31", ""}, {"NO", "2020-04-01", "NOK 3000"},
		{"CH", "2026-01-01", ""},
	} {
		got := ""
		if v, ok := testEngine(t).snap.Load().jur.LowValueLimit(c.country, civil.MustParse(c.date)); ok {
			got = v.Currency + " " + v.Amount.String()
		}
		if got != c.want {
			t.Errorf("%s on %s: %q, want %q", c.country, c.date, got, c.want)
		}
	}
}

// TestLowValueReturns: a return (a negative amount) credits the
// consignment it returns, so it is weighed by its own size, not as a
// negative value that is always within the limit. Before, a credit of
// £200 for goods that met the VAT at the border was "within £135" and
// the seller credited £40 of UK VAT it never charged, and a document
// with a sale of £200 and a return of £100 made one consignment of £100:
// the £200 of goods shipped was charged UK VAT at sale. Norway's limit
// per item is weighed on the item's price whatever its sign.
func TestLowValueReturns(t *testing.T) {
	e := testEngine(t)
	newYork := &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"}
	london := &wire.Location{City: "London", PostalCode: "SW1A 1AA", Country: "GB"}
	oslo := &wire.Location{City: "Oslo", PostalCode: "0150", Country: "NO"}
	sale := func(currency string, to *wire.Location, reg string, prices ...string) *wire.SaleRequest {
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: currency},
			Seller:   &wire.Seller{PhysicalOrigin: newYork, TaxRegistrations: []wire.TaxRegistration{{ISOCountryCode: reg}}},
			Customer: &wire.Customer{Destination: to}}
		for _, p := range prices {
			req.LineItems = append(req.LineItems, wire.SaleLineItem{Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt(p)})
		}
		return req
	}
	for _, c := range []struct {
		name string
		req  *wire.SaleRequest
		want []string // each line's total tax
	}{
		{"a return of £200 of goods that met the VAT at the border", sale("GBP", london, "GB", "-200.00"), []string{"0.00"}},
		{"a return of £100 of goods charged UK VAT at sale", sale("GBP", london, "GB", "-100.00"), []string{"-20.00"}},
		{"a sale of £200 and a return of £100 in one document", sale("GBP", london, "GB", "200.00", "-100.00"), []string{"0.00", "-20.00"}},
		{"a return of one item of NOK 4,000 to Oslo", sale("NOK", oslo, "NO", "-4000.00"), []string{"0.00"}},
	} {
		r, err := e.Sale(context.Background(), c.req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got []string
		for _, l := range r.LineItems {
			got = append(got, l.TotalTax.String())
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s: line taxes %v, want %v", c.name, got, c.want)
		}
	}
}

// TestLowValueConsignmentIsOneOrigin: a document's goods sent from
// different countries are not one consignment. A line of £100 sent from
// New York to London and one of £100 from the seller's stock in London
// are a consignment of £100 from abroad, within £135, and a domestic
// sale: both bear UK VAT of 20.00. Before, the London line was added to
// the import and the New York line was "GBP 200.00, above £135": no VAT.
func TestLowValueConsignmentIsOneOrigin(t *testing.T) {
	e := testEngine(t)
	newYork := &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"}
	london := &wire.Location{City: "London", PostalCode: "SW1A 1AA", Country: "GB"}
	gb := []wire.TaxRegistration{{ISOCountryCode: "GB", TaxRegistrationNumber: "GB000472631"}}
	line := func(from *wire.Location) wire.SaleLineItem {
		return wire.SaleLineItem{Seller: &wire.Seller{PhysicalOrigin: from, TaxRegistrations: gb},
			Product: &wire.Product{ProductClass: "GENERAL"}, ExtendedPrice: amt("100.00")}
	}
	req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
		DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "GBP"},
		Seller:    &wire.Seller{TaxRegistrations: gb},
		Customer:  &wire.Customer{Destination: london},
		LineItems: []wire.SaleLineItem{line(newYork), line(london)}}
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range r.LineItems {
		if l.TotalTax.String() != "20.00" {
			var rules []string
			for _, x := range l.Taxes {
				if x.CalculationRuleID != nil {
					rules = append(rules, x.CalculationRuleID.Value)
				}
			}
			t.Errorf("line %d: tax %s (%v), want 20.00 of UK VAT", i+1, l.TotalTax, rules)
		}
	}
}

// TestNonUnionScheme: a seller established outside the EU that
// registered for the non-Union scheme (taxRegistrationType "Non-Union
// Scheme", in any member state) charges the VAT of the consumer's member
// state on electronic services, as the Union scheme's seller does on its
// sales (VAT Directive, articles 358 to 369). A subscription of 100.00
// sold from New York and from Shanghai to a consumer in Paris bears
// French VAT of 20.00. Before, Levy knew no such registration: the seller
// was not registered in France and the line was NO_TAX. Goods are not
// the scheme's: a €120 parcel from Shanghai to Paris still meets the VAT
// at the border.
func TestNonUnionScheme(t *testing.T) {
	e := testEngine(t)
	newYork := &wire.Location{City: "New York", MainDivision: "NY", PostalCode: "10001", Country: "US"}
	shanghai := &wire.Location{City: "Shanghai", PostalCode: "200000", Country: "CN"}
	paris := &wire.Location{City: "Paris", PostalCode: "75001", Country: "FR"}
	regs := []wire.TaxRegistration{{ISOCountryCode: "NL", TaxRegistrationType: "Non-Union Scheme"}}
	for _, c := range []struct {
		from         *wire.Location
		class, price string
		want         string
	}{
		{newYork, "SAAS", "100.00", "20.00"},
		{shanghai, "SAAS", "100.00", "20.00"},
		{shanghai, "GENERAL", "120.00", "0.00"},
	} {
		req := &wire.SaleRequest{SaleMessageType: wire.SaleQuotation, TransactionType: wire.TransactionTypeSale,
			DocumentDate: civil.MustParse("2026-06-01"), Currency: &wire.Currency{ISOCurrencyCodeAlpha: "EUR"},
			Seller:    &wire.Seller{PhysicalOrigin: c.from, TaxRegistrations: regs},
			Customer:  &wire.Customer{Destination: paris},
			LineItems: []wire.SaleLineItem{{Product: &wire.Product{ProductClass: c.class}, ExtendedPrice: amt(c.price)}}}
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if l := r.LineItems[0]; l.TotalTax.String() != c.want {
			t.Errorf("%s of %s from %s to Paris by a non-Union scheme seller: tax %s, want %s", c.class, c.price, c.from.City, l.TotalTax, c.want)
		}
	}
}
