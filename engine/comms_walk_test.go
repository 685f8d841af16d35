package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// walkCase is a telecom line as a carrier's billing system sends it, in
// one place on one date, with the communications taxes the state's or
// the FCC's publications give for it (each cited in
// data/COMMUNICATIONS.md).
type walkCase struct {
	name, date, city, state, zip, price, qty string
	lineType                                 string
	lineTypes                                []wire.LineTypeSet
	// want maps an imposition type to the amounts of its taxes, in
	// order; an imposition not named must not be charged.
	want map[string][]string
	// taxable maps an imposition type to the taxable amounts of its
	// taxes, where the case checks them.
	taxable map[string][]string
	// rule maps an imposition type to the rule of its first tax.
	rule map[string]string
	// note is a rule name and a text an assisted parameter on the
	// line's lineType must carry; empty when the line says nothing.
	noteRule, noteText string
}

func (c walkCase) request() *wire.SaleRequest {
	req := telecomSaleIn(c.date, c.city, c.state, c.zip)
	req.Seller.PhysicalOrigin = req.Customer.Destination
	l := &req.LineItems[0]
	l.LineTypes, l.LineType = c.lineTypes, nil
	if c.lineType != "" {
		l.LineType = &wire.LineType{Value: c.lineType}
	}
	l.ExtendedPrice = amt(c.price)
	if c.qty != "" {
		l.Quantity = &wire.Measure{Value: amt(c.qty)}
	}
	return req
}

var commsImpositions = []string{usfImposition, fetImposition, e911Imposition, prepaidImposition}

// walkCases are the scenarios of the walk (notes: commswalk-notes.md).
var walkCases = []walkCase{
	{name: "postpaid wireless in Minneapolis, Minnesota's 95-cent fee", date: "2026-02-15",
		city: "Minneapolis", state: "MN", zip: "55401", price: "50.00", lineType: "WIRELESS",
		// 50.00 x 37.1% = 18.55 at 37.6% (DA 25-1026) = 6.9748.
		want:    map[string][]string{usfImposition: {"6.97"}, e911Imposition: {"0.95"}},
		taxable: map[string][]string{usfImposition: {"18.55"}},
		rule:    map[string]string{usfImposition: "us-usf-2026-q1", e911Imposition: "us-mn-911-fee-2016-01-01"}},
	{name: "prepaid wireless sale in Salt Lake City, Utah's 3.13% charge", date: "2026-03-01",
		city: "Salt Lake City", state: "UT", zip: "84101", price: "40.00", lineType: "PREPAID_WIRELESS",
		// 40.00 x 3.13% = 1.252; no postpaid fee, no USF at the retail sale.
		want: map[string][]string{prepaidImposition: {"1.25"}},
		rule: map[string]string{prepaidImposition: "us-ut-prepaid-911-charge-2025-01-01"}},
	{name: "prepaid wireless sale in Sioux Falls, South Dakota's 2% charge", date: "2026-03-01",
		city: "Sioux Falls", state: "SD", zip: "57104", price: "25.00", lineType: "PREPAID_WIRELESS",
		want:    map[string][]string{prepaidImposition: {"0.50"}},
		taxable: map[string][]string{prepaidImposition: {"25.00"}},
		rule:    map[string]string{prepaidImposition: "us-sd-prepaid-911-charge-2012-07-01"}},
	{name: "interconnected VoIP line in Portland, Oregon's $1.25 tax", date: "2026-02-15",
		city: "Portland", state: "OR", zip: "97201", price: "30.00", lineType: "VOIP",
		// 30.00 x 64.9% = 19.47 at 37.6% = 7.32072; no excise tax on VoIP.
		want:    map[string][]string{usfImposition: {"7.32"}, e911Imposition: {"1.25"}},
		taxable: map[string][]string{usfImposition: {"19.47"}},
		rule:    map[string]string{e911Imposition: "us-or-911-fee-2021-01-01"}},
	{name: "VoIP line in Portland in 2020, Oregon's $1.00 tax of HB 2449's first year", date: "2020-06-15",
		city: "Portland", state: "OR", zip: "97201", price: "30.00", lineType: "VOIP",
		want:     map[string][]string{e911Imposition: {"1.00"}},
		rule:     map[string]string{e911Imposition: "us-or-911-fee-2020-01-01"},
		noteRule: TaxNotComputedRule, noteText: "no contribution factor of the FCC is known for 2020-q2"},
	{name: "three prepaid cards in Portland, Oregon's $1.25 a retail transaction", date: "2026-02-15",
		city: "Portland", state: "OR", zip: "97201", price: "45.00", qty: "3", lineType: "PREPAID_WIRELESS",
		want: map[string][]string{prepaidImposition: {"3.75"}},
		rule: map[string]string{prepaidImposition: "us-or-prepaid-911-charge-2021-01-01"}},
	{name: "landline in Raleigh, North Carolina's 55-cent charge and the 3% excise tax", date: "2026-02-15",
		city: "Raleigh", state: "NC", zip: "27601", price: "40.00", lineType: "LOCAL",
		// Local-only service: no interstate share, 3% of 40.00 federal excise tax.
		want: map[string][]string{fetImposition: {"1.20"}, e911Imposition: {"0.55"}},
		rule: map[string]string{fetImposition: "us-fet-local-service", e911Imposition: "us-nc-911-fee-2023-07-01"}},
	{name: "landline in Nashville, Tennessee's $1.50 surcharge", date: "2026-02-15",
		city: "Nashville", state: "TN", zip: "37203", price: "50.00", lineType: "LOCAL",
		want: map[string][]string{fetImposition: {"1.50"}, e911Imposition: {"1.50"}},
		rule: map[string]string{e911Imposition: "us-tn-911-fee-2021-01-01"}},
	{name: "wireless line in the fourth quarter of 2025, 38.1% on the safe harbor", date: "2025-11-15",
		city: "Birmingham", state: "AL", zip: "35203", price: "100.00", lineType: "WIRELESS",
		// 100.00 x 37.1% = 37.10 at 38.1% = 14.1351.
		want:    map[string][]string{usfImposition: {"14.14"}, e911Imposition: {"2.23"}},
		taxable: map[string][]string{usfImposition: {"37.10"}},
		rule:    map[string]string{usfImposition: "us-usf-2025-q4"}},
	{name: "three wireless lines and a VoIP line on one bill in Harrisburg, Pennsylvania", date: "2025-06-15",
		city: "Harrisburg", state: "PA", zip: "17101", price: "120.00",
		lineTypes: []wire.LineTypeSet{{Value: "WIRELESS", Count: amt("3")}, {Value: "VOIP", Count: amt("1")}},
		// 120.00 spread by count: 90.00 wireless (33.39 interstate), 30.00
		// VoIP (19.47), at 36.6% (Q2 2025): 12.22074 and 7.12602; $1.95 a line.
		want:    map[string][]string{usfImposition: {"12.22", "7.13"}, e911Imposition: {"5.85", "1.95"}},
		taxable: map[string][]string{usfImposition: {"33.39", "19.47"}},
		rule:    map[string]string{usfImposition: "us-usf-2025-q2", e911Imposition: "us-pa-911-fee-2024-03-01"}},
	{name: "wireless line in a quarter past the USF table (2026-q3)", date: "2026-09-01",
		city: "Birmingham", state: "AL", zip: "35203", price: "100.00", lineType: "WIRELESS",
		want:     map[string][]string{e911Imposition: {"2.23"}},
		noteRule: TaxNotComputedRule, noteText: "no contribution factor of the FCC is known for 2026-q3, the quarter of 2026-09-01: the dataset's factors end with 2026-q2"},
	{name: "postpaid wireless in Sacramento, California's 41-cent surcharge of 2025", date: "2025-05-01",
		city: "Sacramento", state: "CA", zip: "95814", price: "50.00", lineType: "WIRELESS",
		want: map[string][]string{usfImposition: {"6.79"}, e911Imposition: {"0.41"}},
		rule: map[string]string{e911Imposition: "us-ca-911-fee-2025-01-01"}},
	{name: "VoIP line in Salt Lake City, Utah's two charges per access line", date: "2026-02-15",
		city: "Salt Lake City", state: "UT", zip: "84101", price: "50.00", lineType: "VOIP",
		// 73 + 25 cents; 50.00 x 64.9% = 32.45 at 37.6% = 12.2012.
		want:    map[string][]string{usfImposition: {"12.20"}, e911Imposition: {"0.98"}},
		taxable: map[string][]string{usfImposition: {"32.45"}}},
	{name: "two prepaid cards in Baltimore, Maryland's 60 cents a transaction", date: "2026-02-15",
		city: "Baltimore", state: "MD", zip: "21201", price: "30.00", qty: "2", lineType: "PREPAID_WIRELESS",
		want: map[string][]string{prepaidImposition: {"1.20"}},
		rule: map[string]string{prepaidImposition: "us-md-prepaid-911-charge-2013-07-01"}},
	{name: "prepaid sale in Kansas City, Missouri, whose charge varies by place", date: "2026-02-15",
		city: "Kansas City", state: "MO", zip: "64106", price: "20.00", lineType: "PREPAID_WIRELESS",
		want:     map[string][]string{},
		noteRule: TaxNotComputedRule, noteText: "statewide prepaid wireless 911 charge of US-MO"},
	{name: "VoIP line in Newark, New Jersey, whose fee names mobile and exchange lines only", date: "2026-02-15",
		city: "Newark", state: "NJ", zip: "07102", price: "30.00", lineType: "VOIP",
		want:     map[string][]string{usfImposition: {"7.32"}},
		noteRule: TaxNotComputedRule, noteText: "911 fees of US-NJ"},
	{name: "a service line with no lineType is not a telecom line", date: "2026-02-15",
		city: "Birmingham", state: "AL", zip: "35203", price: "50.00",
		want: map[string][]string{}},
	{name: "an unknown lineType is flagged, not charged", date: "2026-02-15",
		city: "Birmingham", state: "AL", zip: "35203", price: "50.00", lineType: "SATELLITE",
		want:     map[string][]string{},
		noteRule: NotActedOnRule, noteText: "SATELLITE"},
}

// TestCommsWalk runs the walk's scenarios through the engine over the
// real dataset and checks each communications tax's amount, taxable
// base and rule, and what the line says where Levy charges nothing.
func TestCommsWalk(t *testing.T) {
	e := testEngine(t)
	for _, c := range walkCases {
		t.Run(c.name, func(t *testing.T) {
			resp, err := e.Sale(context.Background(), c.request())
			if err != nil {
				t.Fatal(err)
			}
			l := resp.LineItems[0]
			got := byImposition(l.Taxes)
			for _, imp := range commsImpositions {
				var amounts, bases []string
				for _, x := range got[imp] {
					amounts = append(amounts, x.CalculatedTax.String())
					bases = append(bases, x.Taxable.String())
				}
				if strings.Join(amounts, " ") != strings.Join(c.want[imp], " ") {
					t.Errorf("%s: %v, want %v", imp, amounts, c.want[imp])
				}
				if want, ok := c.taxable[imp]; ok && strings.Join(bases, " ") != strings.Join(want, " ") {
					t.Errorf("%s taxable: %v, want %v", imp, bases, want)
				}
				if want, ok := c.rule[imp]; ok && (len(got[imp]) == 0 || got[imp][0].CalculationRuleID == nil || got[imp][0].CalculationRuleID.Value != want) {
					t.Errorf("%s rule: %+v, want %s", imp, got[imp], want)
				}
			}
			var notes []wire.AssistedParameter
			for _, p := range l.AssistedParameters {
				if p.RuleName == TaxNotComputedRule || p.RuleName == NotActedOnRule {
					notes = append(notes, p)
				}
			}
			if c.noteRule == "" {
				if len(notes) != 0 {
					t.Errorf("the line says %+v, want nothing", notes)
				}
				return
			}
			if len(notes) != 1 || notes[0].RuleName != c.noteRule || notes[0].ParamName != "lineItems[0].lineType.value" ||
				notes[0].OriginalValue != c.lineType || !strings.Contains(notes[0].Value, c.noteText) {
				t.Errorf("notes %+v, want one %s on lineItems[0].lineType.value saying %q", notes, c.noteRule, c.noteText)
			}
		})
	}
}

// TestCommsWalkSalesTaxBase checks that a prepaid charge stays out of
// the sales-tax base where the service is taxed: South Dakota taxes
// services at 4.2% and charges its 2% prepaid 911 surcharge beside it,
// so a 25.00 card bears 1.05 of state sales tax on 25.00, not on 25.50.
func TestCommsWalkSalesTaxBase(t *testing.T) {
	e := testEngine(t)
	c := walkCases[2]
	resp, err := e.Sale(context.Background(), c.request())
	if err != nil {
		t.Fatal(err)
	}
	var state []wire.Tax
	for _, x := range resp.LineItems[0].Taxes {
		if x.ImpositionType != nil && x.ImpositionType.Value == "General Sales and Use Tax" && x.Jurisdiction.JurisdictionID == "US-SD" {
			state = append(state, x)
		}
	}
	if len(state) != 1 || state[0].Taxable.String() != "25.00" || state[0].CalculatedTax.String() != "1.05" {
		t.Errorf("South Dakota sales tax %+v, want 1.05 on 25.00", state)
	}
}
