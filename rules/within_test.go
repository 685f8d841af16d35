package rules

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
)

// TestWithinMatchesThePlace checks the selector within: a rule with
// within decides only the taxes of a place whose area holds that exact
// ID (not a longer ID that begins with it), it outranks a rule without
// it, and a within with a * or a space is refused.
func TestWithinMatchesThePlace(t *testing.T) {
	table, err := Compile([]Rule{
		{ID: "all", Jurisdiction: "US-NY*", ProductClass: Clothing, Outcome: Taxable},
		{ID: "putnam", Jurisdiction: "US-NY*", Within: "US-36079", ProductClass: Clothing, Outcome: Exempt},
	})
	if err != nil {
		t.Fatal(err)
	}
	d := civil.MustParse("2025-06-01")
	for _, c := range []struct{ id, area, want string }{
		{"US-36079", "US-NY US-36079 US-NY-D-MCTD", "putnam"},
		{"US-NY-D-MCTD", "US-NY US-36079 US-NY-D-MCTD", "putnam"},
		{"US-NY-D-MCTD", "US-NY US-36119 US-NY-D-MCTD", "all"},
		{"US-3607", "US-NY US-3607 US-360790", "all"},
		{"US-36001", "", "all"},
	} {
		env := Env{Country: "US", JurisdictionID: c.id, Subdivision: "US-NY", Area: c.area, ProductClass: Clothing}
		r, ok, err := table.Decide(context.Background(), &env, d)
		if err != nil || !ok || r.ID != c.want {
			t.Errorf("%s in %q: %v %v %v, want %s", c.id, c.area, r, ok, err, c.want)
		}
	}
	for _, w := range []string{"US-36*", "US-36079 US-36001"} {
		_, err := Compile([]Rule{{ID: "bad", Within: w, Outcome: Taxable}})
		if err == nil || !strings.Contains(err.Error(), "within") {
			t.Errorf("within %q: %v, want a refusal naming within", w, err)
		}
	}
}

// TestDefaultsNYClothingElections checks the default rules of New York's
// clothing under $110 (Publication 718-C): the state's rule decides the
// state's tax everywhere; the local taxes of a place within New York
// City or Putnam County (during its election and the year of its
// renewal, to 2027-02-28) follow it with the $110
// threshold, the MCTD's too; elsewhere (Albany County, Westchester and
// the MCTD there) they tax the whole price.
func TestDefaultsNYClothingElections(t *testing.T) {
	table := defaultTable(t)
	decide := func(id, typ, area, day string) *Rule {
		t.Helper()
		env := Env{Country: "US", JurisdictionID: id, JurisdictionType: typ, Subdivision: "US-NY", Area: area,
			Tax: "Sales and Use Tax", ProductClass: Clothing}
		r, ok, err := table.Decide(context.Background(), &env, civil.MustParse(day))
		if err != nil || !ok {
			t.Fatalf("%s in %q: %v %v", id, area, ok, err)
		}
		return r
	}
	const nyc, putnam, albany, westchester = "US-NY US-3651000 US-NY-D-MCTD", "US-NY US-36079 US-NY-D-MCTD", "US-NY US-36001", "US-NY US-36119 US-NY-D-MCTD"
	for _, c := range []struct {
		id, typ, area, day string
		threshold          bool   // follows the state's $110 threshold
		rule               string // a part of the rule's ID
	}{
		{"US-NY", "STATE", nyc, "2026-06-01", true, "-state"},
		{"US-NY", "STATE", albany, "2026-06-01", true, "-state"},
		{"US-3651000", "CITY", nyc, "2026-06-01", true, "-elected-us-3651000"},
		{"US-NY-D-MCTD", "TRANSIT_DISTRICT", nyc, "2026-06-01", true, "-elected-us-3651000"},
		{"US-36079", "COUNTY", putnam, "2025-06-01", true, "-elected-us-36079-2024-03-01"},
		{"US-NY-D-MCTD", "TRANSIT_DISTRICT", putnam, "2025-06-01", true, "-elected-us-36079-2024-03-01"},
		{"US-36079", "COUNTY", putnam, "2026-06-01", true, "-elected-us-36079-2026-03-01"},
		{"US-NY-D-MCTD", "TRANSIT_DISTRICT", putnam, "2026-06-01", true, "-elected-us-36079-2026-03-01"},
		{"US-36079", "COUNTY", putnam, "2027-06-01", false, "-local"},
		{"US-NY-D-MCTD", "TRANSIT_DISTRICT", putnam, "2027-06-01", false, "-local"},
		{"US-36001", "COUNTY", albany, "2026-06-01", false, "-local"},
		{"US-NY-D-MCTD", "TRANSIT_DISTRICT", westchester, "2026-06-01", false, "-local"},
	} {
		r := decide(c.id, c.typ, c.area, c.day)
		if r.Outcome != Taxable || (r.Threshold != nil) != c.threshold || !strings.Contains(r.ID, c.rule) {
			t.Errorf("%s in %q on %s: rule %s, %s, threshold %v; want %s, threshold %v", c.id, c.area, c.day, r.ID, r.Outcome, r.Threshold, c.rule, c.threshold)
		}
	}
}
