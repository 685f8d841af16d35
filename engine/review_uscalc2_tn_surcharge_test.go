package engine

import (
	"context"
	"testing"
)

// TestTennesseeTransitSurchargeExemptions sells in Nashville, where
// Davidson County's local option transit surcharge (0.5% from
// 2025-02-01, Tennessee Department of Revenue Important Notice 24-11)
// is added to the local option sales tax. The surcharge follows that
// tax, but video programming services and specified digital products
// (digital audio-visual works, digital audio works and digital books,
// Tenn. Code Ann. 67-6-102) are exempt from it (Tenn. Code Ann.
// 67-4-3204(a)(3) and (a)(5)); Levy charged it on them.
//
// By hand, 100.00 to 1 Public Sq, Nashville on 2026-06-01: an e-book,
// a downloaded song, a downloaded film or a streaming subscription bears
// the state's 7% (7.00) and Davidson County's 2.25% (2.25), 9.25, no
// surcharge (Levy gave 9.75). Goods, groceries and a downloaded game
// (DIGITAL_GOODS, software rather than a specified digital product) keep
// it: 9.75; groceries 4% + 2.25% + 0.5% = 6.75 (section 67-4-3204(d):
// the surcharge has the exemptions of the tax it is levied on, and food
// is not exempt from it).
func TestTennesseeTransitSurchargeExemptions(t *testing.T) {
	e := testEngine(t)
	for _, c := range []struct {
		class, total, surcharge string
	}{
		{"EBOOKS", "9.25", "0.00"},
		{"DIGITAL_MUSIC", "9.25", "0.00"},
		{"DIGITAL_VIDEO", "9.25", "0.00"},
		{"DIGITAL_STREAMING", "9.25", "0.00"},
		{"DIGITAL_GOODS", "9.75", "0.50"},
		{"GENERAL", "9.75", "0.50"},
		{"FOOD", "6.75", "0.50"},
	} {
		req := usSale("1 Public Sq", "Nashville", "TN", "37201", c.class, "100.00")
		resp, err := e.Sale(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.class, err)
		}
		if got := resp.TotalTax.String(); got != c.total {
			t.Errorf("%s of 100.00 in Nashville: tax %s, want %s", c.class, got, c.total)
		}
		seen := false
		for _, x := range resp.LineItems[0].Taxes {
			if x.Jurisdiction.JurisdictionID != "US-TN-D-DAVIDSON_TRANSIT" {
				continue
			}
			seen = true
			if got := x.CalculatedTax.String(); got != c.surcharge {
				t.Errorf("%s of 100.00 in Nashville: the transit surcharge %s, want %s", c.class, got, c.surcharge)
			}
		}
		if !seen {
			t.Errorf("%s of 100.00 in Nashville: no record of the transit surcharge", c.class)
		}
	}
}
