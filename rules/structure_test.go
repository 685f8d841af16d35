package rules

import (
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/shopspring/decimal"
)

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }
func decp(s string) *decimal.Decimal {
	d := dec(s)
	return &d
}

func TestThresholds(t *testing.T) {
	cases := []struct {
		kind       ThresholdKind
		amount     string
		unit, qty  string
		wantExempt string
	}{
		{BelowExempt, "110", "109.99", "2", "219.98"}, // New York: under $110 exempt
		{BelowExempt, "110", "110", "1", "0"},         // at $110 fully taxable
		{AboveExcess, "175", "175", "1", "175"},       // Massachusetts: at $175 exempt
		{AboveExcess, "175", "200", "3", "525"},       // only $25 of each taxable
		{AboveExcess, "250", "100", "2", "200"},       // Rhode Island, cheap item
		{UpToExempt, "100", "100", "1", "100"},        // holiday: $100 or less
		{UpToExempt, "100", "100.01", "1", "0"},
	}
	for _, c := range cases {
		th := Threshold{Amount: dec(c.amount), Kind: c.kind}
		if got := th.Exempt(dec(c.unit), dec(c.qty)); !got.Equal(dec(c.wantExempt)) {
			t.Errorf("%s %s: %s x %s exempt %s, want %s", c.kind, c.amount, c.qty, c.unit, got, c.wantExempt)
		}
	}
}

func TestStructures(t *testing.T) {
	tn := Structure{ID: "tn-single-article", Jurisdiction: "US-TN", Kind: Tiered, Tiers: []Tier{
		{UpTo: decp("1600")}, {UpTo: decp("3200"), Add: decp("0.0275")}, {}}}
	fl := Structure{ID: "fl-surtax", Jurisdiction: "US-FL*", JurisdictionType: "COUNTY", Kind: SingleRate, MaxBasisPerItem: decp("5000")}
	bracket := Structure{ID: "bracket", Kind: Bracket, Tiers: []Tier{{UpTo: decp("10"), Rate: decp("0")}, {UpTo: decp("100"), Rate: decp("0.05")}, {}}}
	perUnit := Structure{ID: "per-unit", Kind: Quantity, PerUnit: decp("0.05")}
	capped := Structure{ID: "cap", Kind: SingleRate, MaxTaxPerItem: decp("25")}
	cases := []struct {
		s                    Structure
		unit, qty, rate      string
		wantTax, wantTaxable string
		capped               bool
	}{
		{tn, "2000", "1", "0.07", "151", "2000", false}, // 7% of 2000 + 2.75% of 400
		{tn, "1000", "2", "0.07", "140", "2000", false},
		{tn, "5000", "1", "0.07", "394", "5000", false}, // 350 + 2.75% of 1600
		{fl, "8000", "1", "0.01", "50", "5000", false},
		{fl, "300", "2", "0.01", "6", "600", false},
		{bracket, "9.99", "1", "0.1", "0", "9.99", false},
		{bracket, "50", "2", "0.1", "5", "100", false},
		{bracket, "500", "1", "0.1", "50", "500", false}, // last tier: the jurisdiction's rate
		{perUnit, "3", "10", "0", "0.5", "30", false},
		{capped, "1000", "2", "0.06", "50", "2000", true},
	}
	for _, c := range cases {
		if err := c.s.check(); err != nil {
			t.Fatalf("%s: %v", c.s.ID, err)
		}
		a := c.s.Apply(dec(c.unit), dec(c.qty), dec(c.rate))
		if !a.Tax.Equal(dec(c.wantTax)) || !a.Taxable.Equal(dec(c.wantTaxable)) || a.Capped != c.capped {
			t.Errorf("%s on %s x %s: %+v, want tax %s taxable %s capped %v", c.s.ID, c.qty, c.unit, a, c.wantTax, c.wantTaxable, c.capped)
		}
	}
	table, err := CompileStructures([]Structure{tn, fl, bracket})
	if err != nil {
		t.Fatal(err)
	}
	d := civil.MustParse("2026-06-01")
	for env, want := range map[Env]string{
		{JurisdictionID: "US-TN", Subdivision: "US-TN", JurisdictionType: "STATE"}:     "tn-single-article",
		{JurisdictionID: "US-12086", Subdivision: "US-FL", JurisdictionType: "COUNTY"}: "fl-surtax",
		{JurisdictionID: "US-FL", Subdivision: "US-FL", JurisdictionType: "STATE"}:     "bracket",
	} {
		s, ok := table.Find(&env, d)
		if !ok || s.ID != want {
			t.Errorf("%+v: found %v %v, want %s", env, s, ok, want)
		}
	}
	bad := []Structure{
		{ID: "x", Kind: "FLAT"},
		{ID: "x", Kind: Tiered},
		{ID: "x", Kind: Tiered, Tiers: []Tier{{UpTo: decp("5")}}},
		{ID: "x", Kind: Tiered, Tiers: []Tier{{UpTo: decp("5")}, {UpTo: decp("4")}, {}}},
		{ID: "x", Kind: Quantity},
		{ID: "x", Kind: SingleRate, MaxTaxPerItem: decp("-1")},
	}
	for _, b := range bad {
		if _, err := CompileStructures([]Structure{b}); err == nil {
			t.Errorf("%+v compiled", b)
		}
	}
}

func TestRegion(t *testing.T) {
	for sel, want := range map[string]string{
		"": "", "U*": "", "US": "US", "US*": "US", "US-*": "US", "US-47157": "US", "US-T*": "US",
		"US-TN": "US-TN", "US-TN*": "US-TN", "US-CA-CITY-LOS_ANGELES": "US-CA", "DE-X-HELIGOLAND": "DE", "usa": "",
	} {
		if got := region(sel); got != want {
			t.Errorf("region(%q) = %q, want %q", sel, got, want)
		}
	}
}

// TestTiersBelowZeroRefused checks that a tier whose upTo is negative is
// refused: the next tier would start below zero and tax more than the
// price (a tier up to -1000 at 0% and the rest at 10% charged 110 on a
// price of 100).
func TestTiersBelowZeroRefused(t *testing.T) {
	d := func(s string) *decimal.Decimal { v := decimal.RequireFromString(s); return &v }
	for _, kind := range []StructureKind{Tiered, Bracket} {
		s := Structure{ID: "below-zero", Kind: kind, Tiers: []Tier{{UpTo: d("-1000"), Rate: d("0")}, {Rate: d("0.1")}}}
		_, err := CompileStructures([]Structure{s})
		if err == nil || !strings.Contains(err.Error(), "below-zero") || !strings.Contains(err.Error(), "negative") {
			t.Errorf("%s: CompileStructures gave %v, want an error naming the structure and the negative upTo", kind, err)
		}
	}
	// A first tier up to 0 stays accepted and taxes nothing more than
	// the price.
	s := Structure{ID: "from-zero", Kind: Tiered, Tiers: []Tier{{UpTo: d("0"), Rate: d("0")}, {Rate: d("0.1")}}}
	if _, err := CompileStructures([]Structure{s}); err != nil {
		t.Fatal(err)
	}
	if a := s.Apply(*d("100"), *d("1"), *d("0.05")); !a.Tax.Equal(*d("10")) {
		t.Errorf("tier from 0: tax %s on 100, want 10", a.Tax)
	}
}

// TestStructureConverted applies structures in USD to amounts in JPY at
// 0.0067 (an amount of yen times 0.0067 is in dollars): each amount of
// the structure, times the items, is taken into yen before it is
// weighed, a bound to the yen half up (USD 1,600 is JPY 238,805.97,
// 238,806; two items' USD 3,200 is 477,612), a cap toward zero (USD 5
// is 746.27, 746), an amount per unit unrounded.
func TestStructureConverted(t *testing.T) {
	jpy := Conversion{Rate: dec("0.0067"), Places: 0}
	cases := []struct {
		name             string
		s                Structure
		total, qty, rate string
		tax, taxable     string
		capped           bool
	}{
		{"the first USD 1,600 of an item", Structure{Kind: SingleRate, MaxBasisPerItem: decp("1600")}, "300000", "1", "0.0225", "5373.135", "238806", false},
		{"the first USD 1,600 of each of two items", Structure{Kind: SingleRate, MaxBasisPerItem: decp("1600")}, "600000", "2", "0.0225", "10746.27", "477612", false},
		{"within the bound", Structure{Kind: SingleRate, MaxBasisPerItem: decp("1600")}, "200000", "1", "0.0225", "4500", "200000", false},
		{"tiered: 2.75% more from USD 1,600 to 3,200", Structure{Kind: Tiered, Tiers: []Tier{{UpTo: decp("1600")}, {UpTo: decp("3200"), Add: decp("0.0275")}, {}}},
			"300000", "1", "0.07", "22682.835", "300000", false},
		{"bracket: over USD 1,600 at 10%", Structure{Kind: Bracket, Tiers: []Tier{{UpTo: decp("1600"), Rate: decp("0.05")}, {Rate: decp("0.1")}}},
			"238807", "1", "0", "23880.7", "238807", false},
		{"bracket: at USD 1,600 in yen at 5%", Structure{Kind: Bracket, Tiers: []Tier{{UpTo: decp("1600"), Rate: decp("0.05")}, {Rate: decp("0.1")}}},
			"238806", "1", "0", "11940.3", "238806", false},
		{"a cap of USD 5 an item", Structure{Kind: SingleRate, MaxTaxPerItem: decp("5")}, "30000", "1", "0.04", "746", "30000", true},
		{"USD 0.67 a unit", Structure{Kind: Quantity, PerUnit: decp("0.67")}, "1000", "3", "0", "300", "1000", false},
	}
	for _, c := range cases {
		a := c.s.ApplyConverted(dec(c.total), dec(c.qty), dec(c.rate), jpy)
		if !a.Tax.Equal(dec(c.tax)) || !a.Taxable.Equal(dec(c.taxable)) || a.Capped != c.capped {
			t.Errorf("%s: tax %s, taxable %s, capped %v; want %s, %s, %v", c.name, a.Tax, a.Taxable, a.Capped, c.tax, c.taxable, c.capped)
		}
		// No conversion: the amounts are the total's currency.
		if a, b := c.s.ApplyConverted(dec(c.total), dec(c.qty), dec(c.rate), Conversion{}), c.s.ApplyTotal(dec(c.total), dec(c.qty), dec(c.rate)); !a.Tax.Equal(b.Tax) ||
			!a.Taxable.Equal(b.Taxable) || a.Capped != b.Capped {
			t.Errorf("%s: without a conversion %+v, ApplyTotal %+v", c.name, a, b)
		}
	}
	bad := Structure{ID: "host-cap", Kind: SingleRate, MaxTaxPerItem: decp("5"), Currency: "usd", Reason: "a test"}
	if _, err := CompileStructures([]Structure{bad}); err == nil || !strings.Contains(err.Error(), `currency "usd"`) || !strings.Contains(err.Error(), "host-cap") {
		t.Errorf("a structure in currency usd: %v", err)
	}
}
