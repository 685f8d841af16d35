package engine

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// The tests of this file check the VAT rates of the classes that came with
// the domestic reverse charge (CONSTRUCTION_SERVICES, BUILDING_CLEANING,
// WHOLESALE_GAS_ELECTRICITY and the goods classes) where no reverse charge
// applies (a sale to a consumer, whom the seller charges VAT), and that
// where it applies it still comes first. Ireland
// taxes construction work and the cleaning of buildings at its 13.5%
// reduced rate, and electricity and gas at 13.5% until April 30, 2022 and
// at 9% from May 1, 2022 to December 31, 2030; the rows of
// internal/datagen/curated/vat-product-classes.csv hold these. The reduced
// rates other states give to work on private dwellings only (Belgium,
// France, Italy, the Netherlands, Portugal, the United Kingdom's energy
// saving materials) depend on the building, which a line does not carry,
// so those states charge the standard rate on these classes.

// newClassCase is one consumer sale of a single line in one state.
type newClassCase struct {
	name      string
	date      string
	cur       string
	seller    drcPlace
	customer  drcPlace
	class     string
	price     string
	tax, rate string
	rule      string // the rule of the state's class row; "" for none (domestic-supply)
}

// TestVATNewClassRatesConsumer sends each case as a QUOTATION and reads the
// seller's VAT of the line to the cent: the extended price times the rate
// of the day, rounded half up. Amounts worked by hand: 13.5% of 1,000.00 is
// 135.00, of 333.33 is 44.99955, so 45.00, of 250.00 is 33.75 and of 99.99
// is 13.49865, so 13.50; 9% of 1,000.00 is 90.00 and of 55.55 is 4.9995,
// so 5.00; 23% of 1,000.00 is 230.00.
func TestVATNewClassRatesConsumer(t *testing.T) {
	e := testEngine(t)
	cases := []newClassCase{
		// Ireland: construction services at 13.5%, in 2008 and today.
		{name: "IE construction 1,000.00", date: "2026-06-01", cur: "EUR", seller: drcDublin, customer: drcCork,
			class: "CONSTRUCTION_SERVICES", price: "1000.00", tax: "135.00", rate: "0.135", rule: "ie-construction_services"},
		{name: "IE construction 333.33 rounds up", date: "2026-06-01", cur: "EUR", seller: drcDublin, customer: drcCork,
			class: "CONSTRUCTION_SERVICES", price: "333.33", tax: "45.00", rate: "0.135", rule: "ie-construction_services"},
		{name: "IE construction on 2008-09-01", date: "2008-09-01", cur: "EUR", seller: drcDublin, customer: drcCork,
			class: "CONSTRUCTION_SERVICES", price: "1000.00", tax: "135.00", rate: "0.135", rule: "ie-construction_services"},
		// Ireland: cleaning of buildings at 13.5%.
		{name: "IE cleaning 250.00", date: "2026-06-01", cur: "EUR", seller: drcDublin, customer: drcCork,
			class: "BUILDING_CLEANING", price: "250.00", tax: "33.75", rate: "0.135", rule: "ie-building_cleaning"},
		{name: "IE cleaning 99.99 rounds up", date: "2019-03-01", cur: "EUR", seller: drcDublin, customer: drcCork,
			class: "BUILDING_CLEANING", price: "99.99", tax: "13.50", rate: "0.135", rule: "ie-building_cleaning"},
		// Ireland: gas and electricity, 13.5% before May 2022, 9% to the
		// end of 2030, 13.5% again from 2031.
		{name: "IE energy on 2010-06-01", date: "2010-06-01", cur: "EUR", seller: drcDublin, customer: drcCork,
			class: "WHOLESALE_GAS_ELECTRICITY", price: "1000.00", tax: "135.00", rate: "0.135", rule: "ie-wholesale_gas_electricity"},
		{name: "IE energy on 2022-04-30", date: "2022-04-30", cur: "EUR", seller: drcDublin, customer: drcCork,
			class: "WHOLESALE_GAS_ELECTRICITY", price: "1000.00", tax: "135.00", rate: "0.135", rule: "ie-wholesale_gas_electricity"},
		{name: "IE energy on 2022-05-01", date: "2022-05-01", cur: "EUR", seller: drcDublin, customer: drcCork,
			class: "WHOLESALE_GAS_ELECTRICITY", price: "1000.00", tax: "90.00", rate: "0.09", rule: "ie-wholesale_gas_electricity-2022-05-01"},
		{name: "IE energy on 2025-10-31", date: "2025-10-31", cur: "EUR", seller: drcDublin, customer: drcCork,
			class: "WHOLESALE_GAS_ELECTRICITY", price: "1000.00", tax: "90.00", rate: "0.09", rule: "ie-wholesale_gas_electricity-2022-05-01"},
		{name: "IE energy on 2025-11-01, after the extension to 2030", date: "2025-11-01", cur: "EUR", seller: drcDublin, customer: drcCork,
			class: "WHOLESALE_GAS_ELECTRICITY", price: "55.55", tax: "5.00", rate: "0.09", rule: "ie-wholesale_gas_electricity-2022-05-01"},
		{name: "IE energy on 2030-12-31", date: "2030-12-31", cur: "EUR", seller: drcDublin, customer: drcCork,
			class: "WHOLESALE_GAS_ELECTRICITY", price: "1000.00", tax: "90.00", rate: "0.09", rule: "ie-wholesale_gas_electricity-2022-05-01"},
		{name: "IE energy on 2031-01-01", date: "2031-01-01", cur: "EUR", seller: drcDublin, customer: drcCork,
			class: "WHOLESALE_GAS_ELECTRICITY", price: "1000.00", tax: "135.00", rate: "0.135", rule: "ie-wholesale_gas_electricity-2031-01-01"},
		// Ireland: the classes without a reduced rate stay at 23%.
		{name: "IE phones 23%", date: "2026-06-01", cur: "EUR", seller: drcDublin, customer: drcCork,
			class: "MOBILE_PHONES", price: "1000.00", tax: "230.00", rate: "0.23"},
		{name: "IE emission allowances 23%", date: "2026-06-01", cur: "EUR", seller: drcDublin, customer: drcCork,
			class: "EMISSION_ALLOWANCES", price: "1000.00", tax: "230.00", rate: "0.23"},
		// The states whose reduced rates on building work depend on the
		// dwelling charge their standard rate: Belgium 21%, France 20%,
		// Italy 22%, the Netherlands 21%, Portugal 23%, the United Kingdom
		// 20%.
		{name: "BE construction 21%", date: "2026-06-01", cur: "EUR", seller: drcBrussels, customer: drcAntwerp,
			class: "CONSTRUCTION_SERVICES", price: "1000.00", tax: "210.00", rate: "0.21"},
		{name: "FR construction 20%", date: "2026-06-01", cur: "EUR", seller: drcParis, customer: drcLyon,
			class: "CONSTRUCTION_SERVICES", price: "1000.00", tax: "200.00", rate: "0.2"},
		{name: "IT construction 22%", date: "2026-06-01", cur: "EUR", seller: drcMilan, customer: drcRome,
			class: "CONSTRUCTION_SERVICES", price: "1000.00", tax: "220.00", rate: "0.22"},
		{name: "NL construction 21%", date: "2026-06-01", cur: "EUR", seller: drcAmsterdam, customer: drcUtrecht,
			class: "CONSTRUCTION_SERVICES", price: "1000.00", tax: "210.00", rate: "0.21"},
		{name: "PT construction 23%", date: "2026-06-01", cur: "EUR", seller: drcLisbon, customer: drcPorto,
			class: "CONSTRUCTION_SERVICES", price: "1000.00", tax: "230.00", rate: "0.23"},
		{name: "GB construction 20%", date: "2026-06-01", cur: "GBP", seller: drcLondon, customer: drcLeeds,
			class: "CONSTRUCTION_SERVICES", price: "1000.00", tax: "200.00", rate: "0.2"},
		{name: "GB wholesale energy 20%", date: "2026-06-01", cur: "GBP", seller: drcLondon, customer: drcLeeds,
			class: "WHOLESALE_GAS_ELECTRICITY", price: "1000.00", tax: "200.00", rate: "0.2"},
	}
	for _, c := range cases {
		req := drcSale(t, c.date, c.cur, c.seller, c.seller.registered(nil), c.customer, "", drcLine{c.class, c.price})
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		x := taxOf(t, r.LineItems[0].Taxes, c.seller.country)
		rule := c.rule
		if rule == "" {
			rule = "domestic-supply"
		}
		want := drcGot{tax: c.tax, rule: rule, from: wire.TaxCollectedFromSeller, io: wire.InputOutputTypeOutput}
		if got := drcOf(t, r.LineItems[0].Taxes, c.seller.country); got != want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, want)
		}
		if got := x.EffectiveRate.Decimal().String(); got != c.rate {
			t.Errorf("%s: effective rate %s, want %s", c.name, got, c.rate)
		}
	}
}

// TestVATNewClassRatesReverseChargeFirst: the reduced rate of a class does
// not displace the domestic reverse charge. Construction for a buyer
// registered in Ireland (read as a principal contractor) and electricity
// for one read as a dealer are still reverse charged, with no VAT from the
// seller and the reverse charge's rule; TestVATNewClassRatesConsumer sends
// the same lines to a consumer.
func TestVATNewClassRatesReverseChargeFirst(t *testing.T) {
	e := testEngine(t)
	rc := drcGot{tax: "0.00", rule: DomesticReverseChargeRule, from: wire.TaxCollectedFromBuyer, io: wire.InputOutputTypeOutput, reverse: true}
	for _, c := range []struct {
		class, price string
		want         drcGot
	}{
		{"CONSTRUCTION_SERVICES", "1000.00", rc},
		{"WHOLESALE_GAS_ELECTRICITY", "5000.00", rc},
	} {
		req := drcSale(t, "2026-06-01", "EUR", drcDublin, drcDublin.registered(nil), drcCork, drcCork.registered(nil), drcLine{c.class, c.price})
		r, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.class, err)
		}
		if got := drcOf(t, r.LineItems[0].Taxes, "IE"); got != c.want {
			t.Errorf("%s to a registered buyer: got %+v, want %+v", c.class, got, c.want)
		}
	}
	// The explanation of the construction line names Ireland's provision.
	req := drcSale(t, "2026-06-01", "EUR", drcDublin, drcDublin.registered(nil), drcCork, drcCork.registered(nil), drcLine{"CONSTRUCTION_SERVICES", "1000.00"})
	_, ex, err := e.ExplainSale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(ex)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "section 16(3)") {
		t.Errorf("the explanation does not name section 16(3):\n%s", b)
	}
}

// TestVATNewClassRatesSelfAssessed: an ACCRUAL by a buyer registered in
// Ireland of work or energy bought from an Irish vendor self-assesses the
// reverse charge at the class's own rate, under the reverse charge's rule:
// 13.5% of 1,000.00 of construction work is 135.00, 9% of 5,000.00 of
// electricity and gas is 450.00.
func TestVATNewClassRatesSelfAssessed(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		class, price, tax string
	}{
		{"CONSTRUCTION_SERVICES", "1000.00", "135.00"},
		{"WHOLESALE_GAS_ELECTRICITY", "5000.00", "450.00"},
	} {
		body := `{"purchaseMessageType":"ACCRUAL","transactionType":"PURCHASE","documentDate":"2026-06-01","currency":{"isoCurrencyCodeAlpha":"EUR"},
 "vendor":{"physicalOrigin":` + drcDublin.loc + drcDublin.registered(nil) + `},"buyer":{"destination":` + drcCork.loc + drcCork.registered(nil) + `},
 "lineItems":[{"lineItemId":"1","purchase":{"purchaseClass":"` + c.class + `"},"extendedPrice":` + c.price + `}]}`
		var req wire.PurchaseRequest
		if err := json.Unmarshal([]byte(body), &req); err != nil {
			t.Fatal(err)
		}
		r, err := e.Purchase(context.Background(), &req)
		if err != nil {
			t.Fatalf("%s: %v", c.class, err)
		}
		want := drcGot{tax: c.tax, rule: DomesticReverseChargeRule, from: wire.TaxCollectedFromBuyer, io: wire.InputOutputTypeInputOutput, reverse: true}
		if got := drcOf(t, r.LineItems[0].Taxes, "IE"); got != want {
			t.Errorf("%s accrued: got %+v, want %+v", c.class, got, want)
		}
	}
}
