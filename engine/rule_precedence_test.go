package engine

import (
	"context"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
)

// The places of the rule precedence walk that the domestic reverse charge
// tests lack: a German exporter and its buyer in the United States.
var (
	precLeipzig = drcPlace{`{"city":"Leipzig","postalCode":"04109","country":"DE"}`, "DE", "DE813495721"}
	precNewYork = drcPlace{`{"city":"New York","postalCode":"10001","mainDivision":"NY","country":"US"}`, "US", ""}
)

// precCase is one line of the rule precedence walk: the sale, what the
// request adds to its line, and the VAT of country it must bear.
type precCase struct {
	name             string
	seller, customer drcPlace
	customerRegs     bool // the customer is registered for the VAT of its country
	line             drcLine
	hostExempt       bool // the engine with a host rule that exempts the class in the seller's state
	rateOverride     string
	exemptOverride   bool
	country          string // the jurisdiction whose tax is read
	rule, rate, tax  string
	result           wire.TaxResult
	reverse          bool
}

// TestRulePrecedence walks the order that decidesOverRate documents: which
// rule a tax names when the request, the product's rule and the place of
// supply each have a say, and at which nominal rate. A reverse charged
// line bears 0.00 from the seller at the rate the buyer accounts for; an
// exempt line reports the state's standard rate (Ireland 23%), an exempt
// zero-rated export none. The consumer's line is worked by hand: 13.5% of
// 1,000.00 is 135.00.
func TestRulePrecedence(t *testing.T) {
	e := testEngine(t)
	host, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
		WithRules([]rules.Rule{{ID: "host-ie-construction-exempt", Jurisdiction: "IE", ProductClass: "CONSTRUCTION_SERVICES",
			Outcome: rules.Exempt, Reason: "a host's exemption of construction work in Ireland"}}, nil))
	if err != nil {
		t.Fatal(err)
	}
	cases := []precCase{
		{name: "zero-rated export of books from Germany names the export", seller: precLeipzig, customer: precNewYork,
			line: drcLine{"BOOKS", "100.00"}, country: "DE", rule: "export-zero-rated", rate: "0", tax: "0.00", result: wire.TaxResultTaxable},
		{name: "zero-rated export with a rate override names the export", seller: precLeipzig, customer: precNewYork,
			line: drcLine{"BOOKS", "100.00"}, rateOverride: "0.1", country: "DE", rule: "export-zero-rated", rate: "0", tax: "0.00", result: wire.TaxResultTaxable},
		{name: "zero-rated export with an exempt override names the override", seller: precLeipzig, customer: precNewYork,
			line: drcLine{"BOOKS", "100.00"}, exemptOverride: true, country: "DE", rule: "override", rate: "", tax: "0.00", result: wire.TaxResultExempt},
		{name: "zero-rated export with exempt and rate overrides names the rate override", seller: precLeipzig, customer: precNewYork,
			line: drcLine{"BOOKS", "100.00"}, exemptOverride: true, rateOverride: "0.1", country: "DE", rule: "rate-override", rate: "", tax: "0.00", result: wire.TaxResultExempt},
		{name: "domestic reverse charge with exempt and rate overrides names the rate override", seller: drcDublin, customer: drcCork, customerRegs: true, exemptOverride: true,
			line: drcLine{"CONSTRUCTION_SERVICES", "1000.00"}, rateOverride: "0.1", country: "IE", rule: "rate-override", rate: "0.1", tax: "0.00", result: wire.TaxResultExempt, reverse: true},
		{name: "domestic reverse charge of Irish construction names the reverse charge at 13.5%", seller: drcDublin, customer: drcCork, customerRegs: true,
			line: drcLine{"CONSTRUCTION_SERVICES", "1000.00"}, country: "IE", rule: DomesticReverseChargeRule, rate: "0.135", tax: "0.00", result: wire.TaxResultTaxable, reverse: true},
		{name: "domestic reverse charge of German phones above EUR 5,000 names the reverse charge at 19%", seller: drcMunich, customer: drcBerlin, customerRegs: true,
			line: drcLine{"MOBILE_PHONES", "6000.00"}, country: "DE", rule: DomesticReverseChargeRule, rate: "0.19", tax: "0.00", result: wire.TaxResultTaxable, reverse: true},
		{name: "intra-EU acquisition of books keeps France's books rule", seller: drcMunich, customer: drcParis, customerRegs: true,
			line: drcLine{"BOOKS", "100.00"}, country: "FR", rule: "fr-books", rate: "0.055", tax: "0.00", result: wire.TaxResultTaxable, reverse: true},
		{name: "intra-EU acquisition of general goods names the reverse charge", seller: drcMunich, customer: drcParis, customerRegs: true,
			line: drcLine{"GENERAL", "100.00"}, country: "FR", rule: "eu-reverse-charge", rate: "0.2", tax: "0.00", result: wire.TaxResultTaxable, reverse: true},
		{name: "exempt product in a domestic reverse charge class keeps its rule", seller: drcDublin, customer: drcCork, customerRegs: true, hostExempt: true,
			line: drcLine{"CONSTRUCTION_SERVICES", "1000.00"}, country: "IE", rule: "host-ie-construction-exempt", rate: "0.23", tax: "0.00", result: wire.TaxResultExempt, reverse: true},
		{name: "exempt override on a domestic reverse charge line names the override", seller: drcDublin, customer: drcCork, customerRegs: true, exemptOverride: true,
			line: drcLine{"CONSTRUCTION_SERVICES", "1000.00"}, country: "IE", rule: "override", rate: "0.23", tax: "0.00", result: wire.TaxResultExempt, reverse: true},
		{name: "rate override on a domestic reverse charge line names the override at its rate", seller: drcDublin, customer: drcCork, customerRegs: true,
			line: drcLine{"CONSTRUCTION_SERVICES", "1000.00"}, rateOverride: "0.1", country: "IE", rule: "rate-override", rate: "0.1", tax: "0.00", result: wire.TaxResultTaxable, reverse: true},
		{name: "Irish construction for a consumer keeps the product's rule at 13.5%", seller: drcDublin, customer: drcCork,
			line: drcLine{"CONSTRUCTION_SERVICES", "1000.00"}, country: "IE", rule: "ie-construction_services", rate: "0.135", tax: "135.00", result: wire.TaxResultTaxable},
	}
	for _, c := range cases {
		eng := e
		if c.hostExempt {
			eng = host
		}
		customerRegs := ""
		if c.customerRegs {
			customerRegs = c.customer.registered(nil)
		}
		req := drcSale(t, "2026-06-01", "EUR", c.seller, c.seller.registered(nil), c.customer, customerRegs, c.line)
		if c.rateOverride != "" {
			req.LineItems[0].RateOverrides = []wire.RateOverride{{Rate: amt(c.rateOverride)}}
		}
		if c.exemptOverride {
			req.LineItems[0].ExemptOverrides = []wire.Override{{}}
		}
		r, err := eng.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		x := taxOf(t, r.LineItems[0].Taxes, c.country)
		rule, rate := "", ""
		if x.CalculationRuleID != nil {
			rule = x.CalculationRuleID.Value
		}
		if x.NominalRate != nil {
			rate = x.NominalRate.Decimal().String()
		}
		if rule != c.rule || rate != c.rate {
			t.Errorf("%s: rule %q at %q, want %q at %q", c.name, rule, rate, c.rule, c.rate)
		}
		if got := x.CalculatedTax.String(); got != c.tax || x.TaxResult != c.result {
			t.Errorf("%s: tax %s %s, want %s %s", c.name, got, x.TaxResult, c.tax, c.result)
		}
		if got := x.ReasonCode == "REVERSE_CHARGE"; got != c.reverse {
			t.Errorf("%s: reverse charged %v, want %v", c.name, got, c.reverse)
		}
	}
}
