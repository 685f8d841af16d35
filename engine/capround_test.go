package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// TestDocumentCapBeforeRounding rounds a document's tax once per
// jurisdiction (roundAtLineLevel false) beside a host's cap of 5.00 on
// the Texas state tax of a document. The tax was rounded over all the
// document's lines before the cap replaced the capped sales' taxes, so a
// return beside them took a unit from a total that the cap then threw
// away: three sales of 100.00 and a return of 50.00 in Houston came to
// 18.75 - 3.125 = 15.625, 15.63 rounded, and the return bore -3.12
// where its own -3.125 rounds to -3.13, while the sales bore the cap's
// 5.00. The cap now shares out its limit first and the taxes it did not
// reach are rounded once among themselves; the explanation's figures
// for that rounding are theirs.
func TestDocumentCapBeforeRounding(t *testing.T) {
	houston := &wire.Location{StreetAddress1: "901 Bagby St", City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	cases := []struct {
		name    string
		amounts []string
		want    []string // the lines' Texas tax
	}{
		{"three sales and a return", []string{"100.00", "100.00", "100.00", "-50.00"}, []string{"1.67", "1.67", "1.66", "-3.13"}},
		{"a return and three sales", []string{"-50.00", "100.00", "100.00", "100.00"}, []string{"-3.13", "1.67", "1.67", "1.66"}},
		{"three sales and two returns", []string{"100.00", "100.00", "100.00", "-50.00", "-50.00"}, []string{"1.67", "1.67", "1.66", "-3.12", "-3.13"}},
		{"sales within the cap and a return", []string{"40.00", "-50.00"}, []string{"2.50", "-3.13"}},
	}
	e := capEngine(t, "5.00")
	limit := decimal.RequireFromString("5.00")
	for _, atLine := range []bool{true, false} {
		for _, tc := range cases {
			if atLine && tc.name == "three sales and two returns" {
				tc.want = []string{"1.67", "1.67", "1.66", "-3.13", "-3.13"}
			}
			r, ex, err := e.ExplainSale(context.Background(), roundingSale(houston, atLine, tc.amounts...))
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if !atLine {
				// The capped taxes are left out of the check, which the
				// others must pass: each within a unit of its exact
				// value, adding up to their exact sum rounded once.
				checkDocumentRounding(t, tc.name, r, 2)
			}
			capped, uncapped := decimal.Zero, decimal.Zero
			for i, l := range r.LineItems {
				for k, x := range l.Taxes {
					if x.Jurisdiction.Value != "Texas" {
						continue
					}
					if x.CalculatedTax.String() != tc.want[i] {
						t.Errorf("%s (roundAtLineLevel %v): line %d Texas tax %s, want %s", tc.name, atLine, i+1, x.CalculatedTax, tc.want[i])
					}
					if x.MaxTaxIndicator {
						capped = capped.Add(x.CalculatedTax.Decimal())
					} else {
						uncapped = uncapped.Add(x.CalculatedTax.Decimal())
					}
					reason := ex[i].Taxes[k].Reason
					if ex[i].Taxes[k].CalculatedTax.String() != x.CalculatedTax.String() {
						t.Errorf("%s: line %d: the explanation's Texas tax %s, the response's %s", tc.name, i+1, ex[i].Taxes[k].CalculatedTax, x.CalculatedTax)
					}
					if strings.Contains(reason, "rounded once") && !strings.Contains(reason, "bears "+x.CalculatedTax.String()) {
						t.Errorf("%s: line %d: the explanation %q does not say the line bears %s", tc.name, i+1, reason, x.CalculatedTax)
					}
					if strings.Contains(reason, "rounded once") && !strings.Contains(reason, "add up to "+uncappedTotal(r)) {
						t.Errorf("%s: line %d: the explanation %q does not give the uncapped lines' total %s", tc.name, i+1, reason, uncappedTotal(r))
					}
				}
			}
			if capped.GreaterThan(limit) {
				t.Errorf("%s (roundAtLineLevel %v): the capped taxes come to %s, above the cap of %s", tc.name, atLine, capped, limit)
			}
		}
	}
}

// uncappedTotal returns the sum of the Texas taxes of r that no cap
// reached, with two decimals.
func uncappedTotal(r *wire.SaleResponse) string {
	sum := decimal.Zero
	for _, l := range r.LineItems {
		for _, x := range l.Taxes {
			if x.Jurisdiction.Value == "Texas" && !x.MaxTaxIndicator {
				sum = sum.Add(x.CalculatedTax.Decimal())
			}
		}
	}
	return sum.StringFixed(2)
}

// TestDocumentCapExactShares: a document rounded once is capped before
// its rounding, so the explanation of a capped tax gives the exact tax
// it replaced, not that tax rounded: three sales of 98.00 in Houston
// bear 6.125 of Texas tax each, 18.38 in all once rounded, which the cap
// of 5.00 cuts to 1.67, 1.67 and 1.66.
func TestDocumentCapExactShares(t *testing.T) {
	houston := &wire.Location{StreetAddress1: "901 Bagby St", City: "Houston", MainDivision: "TX", PostalCode: "77002", Country: "US"}
	e := capEngine(t, "5.00")
	for _, atLine := range []bool{true, false} {
		r, ex, err := e.ExplainSale(context.Background(), roundingSale(houston, atLine, "98.00", "98.00", "98.00"))
		if err != nil {
			t.Fatal(err)
		}
		own, doc := "6.13", "18.39"
		if !atLine {
			own, doc = "6.125", "18.38"
		}
		for i, l := range r.LineItems {
			for k, x := range l.Taxes {
				if x.Jurisdiction.Value != "Texas" {
					continue
				}
				if want := []string{"1.67", "1.67", "1.66"}[i]; x.CalculatedTax.String() != want || !x.MaxTaxIndicator {
					t.Errorf("roundAtLineLevel %v: line %d Texas tax %s (capped %v), want %s capped", atLine, i+1, x.CalculatedTax, x.MaxTaxIndicator, want)
				}
				reason := ex[i].Taxes[k].Reason
				for _, s := range []string{"the document's " + doc + " is spread", "this line's " + own + " bears " + x.CalculatedTax.String()} {
					if !strings.Contains(reason, s) {
						t.Errorf("roundAtLineLevel %v: line %d: the explanation %q does not say %q", atLine, i+1, reason, s)
					}
				}
				if strings.Contains(reason, "rounded once") {
					t.Errorf("roundAtLineLevel %v: line %d: the explanation %q says a capped tax was rounded with the document", atLine, i+1, reason)
				}
			}
		}
	}
}
