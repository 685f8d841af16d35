package engine

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// drcPlace is a seller's or buyer's address and VAT registration in one
// country, for the domestic reverse charge tests.
type drcPlace struct{ loc, country, number string }

var (
	drcMunich    = drcPlace{`{"city":"München","postalCode":"80331","country":"DE"}`, "DE", "DE136695976"}
	drcBerlin    = drcPlace{`{"city":"Berlin","postalCode":"10115","country":"DE"}`, "DE", "DE129273398"}
	drcVienna    = drcPlace{`{"city":"Wien","postalCode":"1010","country":"AT"}`, "AT", "ATU10223006"}
	drcGraz      = drcPlace{`{"city":"Graz","postalCode":"8010","country":"AT"}`, "AT", "ATU10223006"}
	drcParis     = drcPlace{`{"city":"Paris","postalCode":"75001","country":"FR"}`, "FR", "FR40303265045"}
	drcLyon      = drcPlace{`{"city":"Lyon","postalCode":"69001","country":"FR"}`, "FR", "FR61552081317"}
	drcMilan     = drcPlace{`{"city":"Milano","postalCode":"20121","country":"IT"}`, "IT", "IT00743110157"}
	drcRome      = drcPlace{`{"city":"Roma","postalCode":"00184","country":"IT"}`, "IT", "IT00743110157"}
	drcMadrid    = drcPlace{`{"city":"Madrid","postalCode":"28013","country":"ES"}`, "ES", "ESA28015865"}
	drcSeville   = drcPlace{`{"city":"Sevilla","postalCode":"41001","country":"ES"}`, "ES", "ESA28015865"}
	drcAmsterdam = drcPlace{`{"city":"Amsterdam","postalCode":"1012 JS","country":"NL"}`, "NL", "NL004909665B07"}
	drcUtrecht   = drcPlace{`{"city":"Utrecht","postalCode":"3511 AA","country":"NL"}`, "NL", "NL000099998B57"}
	drcBrussels  = drcPlace{`{"city":"Bruxelles","postalCode":"1000","country":"BE"}`, "BE", "BE0403019261"}
	drcAntwerp   = drcPlace{`{"city":"Antwerpen","postalCode":"2000","country":"BE"}`, "BE", "BE0403019261"}
	drcPrague    = drcPlace{`{"city":"Praha","postalCode":"110 00","country":"CZ"}`, "CZ", "CZ7103192745"}
	drcBrno      = drcPlace{`{"city":"Brno","postalCode":"602 00","country":"CZ"}`, "CZ", "CZ7103192745"}
	drcLondon    = drcPlace{`{"city":"London","postalCode":"SW1A 2AA","country":"GB"}`, "GB", "GB000472631"}
	drcLeeds     = drcPlace{`{"city":"Leeds","postalCode":"LS1 4AP","country":"GB"}`, "GB", "GB000472631"}
)

// registered is the party's registrations member: its own VAT number, or
// none for a consumer; other names another country's registration instead.
func (p drcPlace) registered(other *drcPlace) string {
	q := p
	if other != nil {
		q = *other
	}
	return `,"taxRegistrations":[{"isoCountryCode":"` + q.country + `","taxRegistrationNumber":"` + q.number + `","taxRegistrationType":"VAT Registration"}]`
}

// drcLine is one line of a domestic reverse charge test: its class and
// extended price.
type drcLine struct{ class, price string }

// drcSale builds a QUOTATION dated date in currency cur from seller to
// customer, whose registrations the members sellerRegs and customerRegs
// give ("" for none).
func drcSale(t *testing.T, date, cur string, seller drcPlace, sellerRegs string, customer drcPlace, customerRegs string, lines ...drcLine) *wire.SaleRequest {
	t.Helper()
	var ls []string
	for i, l := range lines {
		ls = append(ls, `{"lineItemId":"`+string(rune('1'+i))+`","product":{"productClass":"`+l.class+`"},"extendedPrice":`+l.price+`}`)
	}
	body := `{"saleMessageType":"QUOTATION","transactionType":"SALE","documentDate":"` + date + `","currency":{"isoCurrencyCodeAlpha":"` + cur + `"},
 "returnAssistedParametersIndicator":true,
 "seller":{"company":"S","physicalOrigin":` + seller.loc + sellerRegs + `},
 "customer":{"destination":` + customer.loc + customerRegs + `},"lineItems":[` + strings.Join(ls, ",") + `]}`
	var req wire.SaleRequest
	if err := json.Unmarshal([]byte(body), &req); err != nil {
		t.Fatal(err)
	}
	return &req
}

// drcGot is what a test reads of a line's VAT.
type drcGot struct {
	tax, rule string
	from      wire.TaxCollectedFromParty
	io        wire.InputOutputType
	reverse   bool
}

func drcOf(t *testing.T, taxes []wire.Tax, country string) drcGot {
	t.Helper()
	x := taxOf(t, taxes, country)
	g := drcGot{tax: x.CalculatedTax.String(), from: x.TaxCollectedFromParty, io: x.InputOutputType, reverse: x.ReasonCode == "REVERSE_CHARGE"}
	if x.CalculationRuleID != nil {
		g.rule = x.CalculationRuleID.Value
	}
	return g
}

// hasParam reports whether a line carries an assisted parameter of rule.
func hasParam(ps []wire.AssistedParameter, rule string) bool {
	for _, p := range ps {
		if p.RuleName == rule {
			return true
		}
	}
	return false
}

// drcCase is one sale of a domestic reverse charge walk: a seller and a
// customer (registered in the seller's state, in elsewhere when it is
// set, or nowhere when consumer), the lines, what each line's tax of
// the seller's country must be, and whether each line says that a
// condition was assumed or a threshold could not be weighed.
type drcCase struct {
	name               string
	date, cur          string
	seller, customer   drcPlace
	consumer           bool
	elsewhere          *drcPlace
	lines              []drcLine
	want               []drcGot // per line
	assumed, unweighed bool
}

// check calculates c's sale with e and reports every difference.
func (c drcCase) check(t *testing.T, e *Engine) {
	t.Helper()
	customerRegs := c.customer.registered(c.elsewhere)
	if c.consumer {
		customerRegs = ""
	}
	req := drcSale(t, c.date, c.cur, c.seller, c.seller.registered(nil), c.customer, customerRegs, c.lines...)
	r, err := e.Sale(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	for i, w := range c.want {
		l := r.LineItems[i]
		if got := drcOf(t, l.Taxes, c.seller.country); got != w {
			t.Errorf("%s: line %d: got %+v, want %+v", c.name, i+1, got, w)
		}
		if got := hasParam(l.AssistedParameters, DomesticReverseChargeAssumedRule); got != c.assumed {
			t.Errorf("%s: line %d: %s parameter %v, want %v", c.name, i+1, DomesticReverseChargeAssumedRule, got, c.assumed)
		}
		if got := hasParam(l.AssistedParameters, DomesticReverseChargeUnweighedRule); got != c.unweighed {
			t.Errorf("%s: line %d: %s parameter %v, want %v", c.name, i+1, DomesticReverseChargeUnweighedRule, got, c.unweighed)
		}
	}
}

// TestDomesticReverseChargeSales: sales of listed classes within one
// state between a seller and a buyer both registered for its VAT bear no
// VAT the seller charges: 0.00, collected from the buyer, REVERSE_CHARGE,
// rule domestic-reverse-charge. Below a threshold, before a start date,
// to a consumer or to a buyer registered only in another state, the
// seller charges the VAT as before, by hand: DE 19%, AT 20%, IT 22%, ES,
// NL and CZ 21%, GB 20% of the price, rounded half up to the cent.
func TestDomesticReverseChargeSales(t *testing.T) {
	e := testEngine(t)
	rc := drcGot{tax: "0.00", rule: DomesticReverseChargeRule, from: wire.TaxCollectedFromBuyer, io: wire.InputOutputTypeOutput, reverse: true}
	vat := func(tax string) drcGot {
		return drcGot{tax: tax, rule: "domestic-supply", from: wire.TaxCollectedFromSeller, io: wire.InputOutputTypeOutput}
	}
	fr := drcParis
	for _, c := range []drcCase{
		{name: "DE mobile phones of 6,000.00", date: "2026-06-01", cur: "EUR", seller: drcMunich, customer: drcBerlin,
			lines: []drcLine{{"MOBILE_PHONES", "6000.00"}}, want: []drcGot{rc}},
		{name: "DE mobile phones of 5,000.00, the threshold itself", date: "2026-06-01", cur: "EUR", seller: drcMunich, customer: drcBerlin,
			lines: []drcLine{{"MOBILE_PHONES", "5000.00"}}, want: []drcGot{rc}},
		{name: "DE mobile phones of 4,999.99, below it: 19% is 950.00", date: "2026-06-01", cur: "EUR", seller: drcMunich, customer: drcBerlin,
			lines: []drcLine{{"MOBILE_PHONES", "4999.99"}}, want: []drcGot{vat("950.00")}},
		{name: "DE phones of 3,000.00 and tablets of 2,000.00: one supply of 5,000.00", date: "2026-06-01", cur: "EUR", seller: drcMunich, customer: drcBerlin,
			lines: []drcLine{{"MOBILE_PHONES", "3000.00"}, {"TABLET_COMPUTERS", "2000.00"}}, want: []drcGot{rc, rc}},
		{name: "DE phones of 3,000.00 and a GENERAL line of 2,000.00: 570.00 and 380.00", date: "2026-06-01", cur: "EUR", seller: drcMunich, customer: drcBerlin,
			lines: []drcLine{{"MOBILE_PHONES", "3000.00"}, {"GENERAL", "2000.00"}}, want: []drcGot{vat("570.00"), vat("380.00")}},
		{name: "DE tablets on 2014-09-30, before their start: 1,140.00", date: "2014-09-30", cur: "EUR", seller: drcMunich, customer: drcBerlin,
			lines: []drcLine{{"TABLET_COMPUTERS", "6000.00"}}, want: []drcGot{vat("1140.00")}},
		{name: "DE tablets on 2014-10-01", date: "2014-10-01", cur: "EUR", seller: drcMunich, customer: drcBerlin,
			lines: []drcLine{{"TABLET_COMPUTERS", "6000.00"}}, want: []drcGot{rc}},
		{name: "DE laptops, which Germany does not list: 1,140.00", date: "2026-06-01", cur: "EUR", seller: drcMunich, customer: drcBerlin,
			lines: []drcLine{{"LAPTOPS", "6000.00"}}, want: []drcGot{vat("1140.00")}},
		{name: "DE phones to a consumer: 1,140.00", date: "2026-06-01", cur: "EUR", seller: drcMunich, customer: drcBerlin, consumer: true,
			lines: []drcLine{{"MOBILE_PHONES", "6000.00"}}, want: []drcGot{vat("1140.00")}},
		{name: "DE phones to a buyer registered only in France: 1,140.00", date: "2026-06-01", cur: "EUR", seller: drcMunich, customer: drcBerlin, elsewhere: &fr,
			lines: []drcLine{{"MOBILE_PHONES", "6000.00"}}, want: []drcGot{vat("1140.00")}},
		{name: "DE phones in USD with nothing that converts them: 1,140.00, flagged", date: "2026-06-01", cur: "USD", seller: drcMunich, customer: drcBerlin,
			lines: []drcLine{{"MOBILE_PHONES", "6000.00"}}, want: []drcGot{vat("1140.00")}, unweighed: true},
		{name: "DE construction, the builder buyer assumed", date: "2026-06-01", cur: "EUR", seller: drcMunich, customer: drcBerlin,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "DE scrap, no threshold nor condition", date: "2026-06-01", cur: "EUR", seller: drcMunich, customer: drcBerlin,
			lines: []drcLine{{"SCRAP_METAL", "100.00"}}, want: []drcGot{rc}},
		{name: "DE scrap on 2010-12-31, before its start: 19.00", date: "2010-12-31", cur: "EUR", seller: drcMunich, customer: drcBerlin,
			lines: []drcLine{{"SCRAP_METAL", "100.00"}}, want: []drcGot{vat("19.00")}},
		{name: "DE emission allowances on 2010-07-01", date: "2010-07-01", cur: "EUR", seller: drcMunich, customer: drcBerlin,
			lines: []drcLine{{"EMISSION_ALLOWANCES", "1000.00"}}, want: []drcGot{rc}},
		{name: "DE emission allowances on 2010-06-30: 190.00", date: "2010-06-30", cur: "EUR", seller: drcMunich, customer: drcBerlin,
			lines: []drcLine{{"EMISSION_ALLOWANCES", "1000.00"}}, want: []drcGot{vat("190.00")}},
		{name: "AT laptops of 5,000.00", date: "2026-06-01", cur: "EUR", seller: drcVienna, customer: drcGraz,
			lines: []drcLine{{"LAPTOPS", "5000.00"}}, want: []drcGot{rc}},
		{name: "AT laptops of 4,999.99: 20% is 1,000.00", date: "2026-06-01", cur: "EUR", seller: drcVienna, customer: drcGraz,
			lines: []drcLine{{"LAPTOPS", "4999.99"}}, want: []drcGot{vat("1000.00")}},
		{name: "FR construction by a subcontractor, assumed", date: "2026-06-01", cur: "EUR", seller: drcParis, customer: drcLyon,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "FR construction on 2013-12-31: 19.6% is 196.00", date: "2013-12-31", cur: "EUR", seller: drcParis, customer: drcLyon,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{vat("196.00")}},
		{name: "IT building cleaning on 2015-01-01", date: "2015-01-01", cur: "EUR", seller: drcMilan, customer: drcRome,
			lines: []drcLine{{"BUILDING_CLEANING", "1000.00"}}, want: []drcGot{rc}},
		{name: "IT building cleaning on 2014-12-31: 22% is 220.00", date: "2014-12-31", cur: "EUR", seller: drcMilan, customer: drcRome,
			lines: []drcLine{{"BUILDING_CLEANING", "1000.00"}}, want: []drcGot{vat("220.00")}},
		{name: "ES phones of 10,000.00, not above EUR 10,000: 2,100.00", date: "2026-06-01", cur: "EUR", seller: drcMadrid, customer: drcSeville,
			lines: []drcLine{{"MOBILE_PHONES", "10000.00"}}, want: []drcGot{vat("2100.00")}},
		{name: "ES phones of 10,000.01", date: "2026-06-01", cur: "EUR", seller: drcMadrid, customer: drcSeville,
			lines: []drcLine{{"MOBILE_PHONES", "10000.01"}}, want: []drcGot{rc}},
		{name: "NL phones of 10,000.00", date: "2026-06-01", cur: "EUR", seller: drcAmsterdam, customer: drcUtrecht,
			lines: []drcLine{{"MOBILE_PHONES", "10000.00"}}, want: []drcGot{rc}},
		{name: "NL phones of 6,000.00 and laptops of 6,000.00, each kind apart: 1,260.00 each", date: "2026-06-01", cur: "EUR", seller: drcAmsterdam, customer: drcUtrecht,
			lines: []drcLine{{"MOBILE_PHONES", "6000.00"}, {"LAPTOPS", "6000.00"}}, want: []drcGot{vat("1260.00"), vat("1260.00")}},
		{name: "BE construction to a periodic filer, assumed", date: "2026-06-01", cur: "EUR", seller: drcBrussels, customer: drcAntwerp,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "CZ phones of CZK 100,000.00, not above it: 21,000.00", date: "2026-06-01", cur: "CZK", seller: drcPrague, customer: drcBrno,
			lines: []drcLine{{"MOBILE_PHONES", "100000.00"}}, want: []drcGot{vat("21000.00")}},
		{name: "CZ phones of CZK 60,000.00 and consoles of CZK 40,000.01", date: "2026-06-01", cur: "CZK", seller: drcPrague, customer: drcBrno,
			lines: []drcLine{{"MOBILE_PHONES", "60000.00"}, {"GAME_CONSOLES", "40000.01"}}, want: []drcGot{rc, rc}},
		{name: "GB phones of 5,000.00", date: "2026-06-01", cur: "GBP", seller: drcLondon, customer: drcLeeds,
			lines: []drcLine{{"MOBILE_PHONES", "5000.00"}}, want: []drcGot{rc}},
		{name: "GB chips of 4,999.99: 20% is 1,000.00", date: "2026-06-01", cur: "GBP", seller: drcLondon, customer: drcLeeds,
			lines: []drcLine{{"INTEGRATED_CIRCUITS", "4999.99"}}, want: []drcGot{vat("1000.00")}},
		{name: "GB construction on 2021-03-01, assumed", date: "2021-03-01", cur: "GBP", seller: drcLondon, customer: drcLeeds,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{rc}, assumed: true},
		{name: "GB construction on 2021-02-28: 200.00", date: "2021-02-28", cur: "GBP", seller: drcLondon, customer: drcLeeds,
			lines: []drcLine{{"CONSTRUCTION_SERVICES", "1000.00"}}, want: []drcGot{vat("200.00")}},
	} {
		c.check(t, e)
	}
}

// TestDomesticReverseChargeReasonNamesTheProvision: the tax's reason
// names the state's provision and the amount weighed.
func TestDomesticReverseChargeReasonNamesTheProvision(t *testing.T) {
	e := testEngine(t)
	req := drcSale(t, "2026-06-01", "EUR", drcMunich, drcMunich.registered(nil), drcBerlin, drcBerlin.registered(nil),
		drcLine{"MOBILE_PHONES", "3000.00"}, drcLine{"GAME_CONSOLES", "2500.00"})
	_, ex, err := e.ExplainSale(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(ex)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"UStG § 13b Abs. 2 Nr. 10", "EUR 5500.00", "at least EUR 5000"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the explanation does not say %q:\n%s", want, b)
		}
	}
}

// TestDomesticReverseChargeProcurement: the buyer's side. An ACCRUAL of
// mobile phones of 6,000.00 bought in Germany from a German vendor by a
// buyer registered there accrues the reverse charge itself: 19%,
// 1,140.00, INPUT_OUTPUT, REVERSE_CHARGE, no credit for the vendor's
// charge (it charged none). An APINVOICE_SYNC self-assesses it the same
// way, and so does a PURCHASE_ORDER, which estimates it. Below the threshold the
// ACCRUAL is the plain use tax of before (INPUT, use-at-destination), and
// a buyer registered nowhere accrues that too.
func TestDomesticReverseChargeProcurement(t *testing.T) {
	e := testEngine(t)
	purchase := func(kind, price, buyerRegs string) *wire.PurchaseRequest {
		body := `{"purchaseMessageType":"` + kind + `","transactionType":"PURCHASE","documentDate":"2026-06-01","currency":{"isoCurrencyCodeAlpha":"EUR"},
 "vendor":{"physicalOrigin":` + drcMunich.loc + drcMunich.registered(nil) + `},"buyer":{"destination":` + drcBerlin.loc + buyerRegs + `},
 "lineItems":[{"lineItemId":"1","purchase":{"purchaseClass":"MOBILE_PHONES"},"extendedPrice":` + price + `}]}`
		var req wire.PurchaseRequest
		if err := json.Unmarshal([]byte(body), &req); err != nil {
			t.Fatal(err)
		}
		return &req
	}
	self := drcGot{tax: "1140.00", rule: DomesticReverseChargeRule, from: wire.TaxCollectedFromBuyer, io: wire.InputOutputTypeInputOutput, reverse: true}
	regs := drcBerlin.registered(nil)
	for _, c := range []struct {
		name, kind, price, regs string
		want                    drcGot
	}{
		{"ACCRUAL of 6,000.00", "ACCRUAL", "6000.00", regs, self},
		{"APINVOICE_SYNC of 6,000.00", "APINVOICE_SYNC", "6000.00", regs, self},
		{"PURCHASE_ORDER of 6,000.00", "PURCHASE_ORDER", "6000.00", regs, self},
		{"ACCRUAL of 4,999.99, below the threshold", "ACCRUAL", "4999.99", regs,
			drcGot{tax: "950.00", rule: "use-at-destination", from: wire.TaxCollectedFromBuyer, io: wire.InputOutputTypeInput}},
		{"ACCRUAL by a buyer registered nowhere", "ACCRUAL", "6000.00", "",
			drcGot{tax: "1140.00", rule: "use-at-destination", from: wire.TaxCollectedFromBuyer, io: wire.InputOutputTypeInput}},
	} {
		r, err := e.Purchase(context.Background(), purchase(c.kind, c.price, c.regs))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := drcOf(t, r.LineItems[0].Taxes, "DE"); got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}
