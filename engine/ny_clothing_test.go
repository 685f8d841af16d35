package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
)

// TestNYClothingLocalElections sells a shirt in New York places whose
// local taxes do and do not elect the state's exemption of clothing
// under $110 (Tax Law 1115(a)(30) and 1210(a); Publication 718-C). By
// hand: a 50.00 shirt bears no state tax anywhere; in Albany County
// (4%, no election) 2.00 of county tax; in New York City, Columbia
// County and Putnam County (2024-03-01 to 2026-02-28, renewed to
// 2027-02-28 by its 2026 budget), which elected, nothing, the MCTD's
// 0.375% included; in Westchester's White Plains (4% and the MCTD's
// 0.375%, no election) 2.00 + 0.19 = 2.19; in Putnam after its renewal
// 4% + 0.375% again. A 150.00 shirt is taxed in
// full everywhere: 8% in Albany (12.00), 8.875% in New York City
// (13.31).
func TestNYClothingLocalElections(t *testing.T) {
	e := testEngine(t)
	cases := []struct {
		name, city, zip, day, price string
		tax                         string   // the line's total tax
		taxedBy                     []string // the jurisdictions with tax, sorted
	}{
		{"Albany 50", "Albany", "12207", "2026-06-01", "50.00", "2.00", []string{"US-36001"}},
		{"Manhattan 50", "New York", "10001", "2026-06-01", "50.00", "0.00", nil},
		{"Hudson, Columbia County 50", "Hudson", "12534", "2026-06-01", "50.00", "0.00", nil},
		{"Carmel, Putnam County 50 in 2025", "Carmel", "10512", "2025-06-01", "50.00", "0.00", nil},
		{"Carmel, Putnam County 50 in its renewal", "Carmel", "10512", "2026-06-01", "50.00", "0.00", nil},
		{"Carmel, Putnam County 50 after its renewal", "Carmel", "10512", "2027-06-01", "50.00", "2.19", []string{"US-36079", "US-NY-D-MCTD"}},
		{"White Plains 50", "White Plains", "10601", "2026-06-01", "50.00", "2.19", []string{"US-36119", "US-NY-D-MCTD"}},
		{"Albany 150", "Albany", "12207", "2026-06-01", "150.00", "12.00", []string{"US-36001", "US-NY"}},
		{"Manhattan 150", "New York", "10001", "2026-06-01", "150.00", "13.31", []string{"US-3651000", "US-NY", "US-NY-D-MCTD"}},
	}
	for _, c := range cases {
		for _, class := range []string{"CLOTHING", "ATHLETIC_CLOTHING", "FORMAL_CLOTHING", "CHILDRENS_CLOTHING"} {
			req := usSale("1 Main St", c.city, "NY", c.zip, class, c.price)
			req.DocumentDate = civil.MustParse(c.day)
			resp, err := e.Sale(context.Background(), req)
			if err != nil {
				t.Fatalf("%s %s: %v", c.name, class, err)
			}
			line := resp.LineItems[0]
			var by []string
			for _, x := range line.Taxes {
				if x.CalculatedTax.Decimal().IsPositive() {
					by = append(by, x.Jurisdiction.JurisdictionID)
				}
				if x.CalculationRuleID == nil || x.CalculationRuleID.Value == "" {
					t.Errorf("%s %s: the tax of %s has no rule id", c.name, class, x.Jurisdiction.JurisdictionID)
					continue
				}
				// The state's tax follows the state's rule, an elected
				// local tax the election's.
				// CHILDRENS_CLOTHING follows CLOTHING's rules, whose
				// copies end in the class's name.
				id := strings.TrimSuffix(x.CalculationRuleID.Value, "-childrens_clothing")
				switch {
				case x.Jurisdiction.JurisdictionID == "US-NY" && !strings.HasSuffix(id, "-state"):
					t.Errorf("%s %s: the state's tax follows rule %s, want the state's", c.name, class, id)
				case x.Jurisdiction.JurisdictionID != "US-NY" && c.taxedBy == nil && !strings.Contains(id, "-elected-"):
					t.Errorf("%s %s: the tax of %s follows rule %s, want an election's", c.name, class, x.Jurisdiction.JurisdictionID, id)
				}
			}
			slices.Sort(by)
			if resp.TotalTax.String() != c.tax || !slices.Equal(by, c.taxedBy) {
				for _, x := range line.Taxes {
					t.Logf("%s %s: %s %s tax %s rule %v", c.name, class, x.Jurisdiction.JurisdictionID, x.TaxResult, x.CalculatedTax, x.CalculationRuleID)
				}
				t.Errorf("%s %s: tax %s by %v, want %s by %v", c.name, class, resp.TotalTax, by, c.tax, c.taxedBy)
			}
		}
	}
}
