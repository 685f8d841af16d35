package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/rules"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// capEngine returns an engine whose host caps the Texas state tax of a
// document at limit (a rate structure's maxTaxPerDocument).
func capEngine(t *testing.T, limit string) *Engine {
	t.Helper()
	l := decimal.RequireFromString(limit)
	e, err := New(context.Background(), WithToday(func() civil.Date { return civil.MustParse("2026-06-01") }),
		WithRules(nil, []rules.Structure{{ID: "host-tx-document-cap", Jurisdiction: "US-TX", Tax: "Sales and Use Tax", Kind: rules.SingleRate,
			MaxTaxPerDocument: &l, Reason: "a host's cap on the state tax of one document, for the test"}}))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestDocumentCapCreditsSaid caps a host's Texas state tax at 5.00 a
// document and checks what each document of sales or returns bears:
// sales over the cap share 5.00 to the cent, and returns, whose credits
// are no part of the cap, are credited in full. A return of 200.00,
// whose sale bore 5.00 under the cap, credited -12.50 without a word;
// each of its lines now says so (DocumentCapCreditRule), and a document
// whose credits stay within the cap says nothing.
func TestDocumentCapCreditsSaid(t *testing.T) {
	houston := &wire.Location{StreetAddress1: "901 Bagby St", City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	cases := []struct {
		name    string
		amounts []string
		want    []string // the lines' Texas tax
		said    []bool   // the lines that say their credits go beyond the cap
	}{
		{"a sale over the cap", []string{"200.00"}, []string{"5.00"}, []bool{false}},
		{"three sales over the cap", []string{"100.00", "100.00", "100.00"}, []string{"1.67", "1.67", "1.66"}, []bool{false, false, false}},
		{"its return", []string{"-200.00"}, []string{"-12.50"}, []bool{true}},
		{"two returns", []string{"-100.00", "-100.00"}, []string{"-6.25", "-6.25"}, []bool{true, true}},
		{"a return within the cap", []string{"-40.00"}, []string{"-2.50"}, []bool{false}},
		{"a sale and a return", []string{"200.00", "-100.00"}, []string{"5.00", "-6.25"}, []bool{false, true}},
	}
	e := capEngine(t, "5.00")
	for _, atLine := range []bool{true, false} {
		for _, tc := range cases {
			r, err := e.Sale(context.Background(), roundingSale(houston, atLine, tc.amounts...))
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			for i, l := range r.LineItems {
				for _, x := range l.Taxes {
					if x.Jurisdiction.Value == "Texas" && x.CalculatedTax.String() != tc.want[i] {
						t.Errorf("%s (roundAtLineLevel %v): line %d Texas tax %s, want %s", tc.name, atLine, i+1, x.CalculatedTax, tc.want[i])
					}
				}
				said := false
				for _, p := range l.AssistedParameters {
					if p.RuleName == DocumentCapCreditRule {
						said = true
						if p.ParamName != "extendedPrice" || p.OriginalValue != tc.amounts[i] || !strings.Contains(p.Value, "host-tx-document-cap") {
							t.Errorf("%s: line %d: assisted parameter %+v", tc.name, i+1, p)
						}
					}
				}
				if said != tc.said[i] {
					t.Errorf("%s (roundAtLineLevel %v): line %d says its credits go beyond the cap: %v, want %v", tc.name, atLine, i+1, said, tc.said[i])
				}
			}
		}
	}
}
