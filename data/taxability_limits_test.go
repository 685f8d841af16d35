package data

import (
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/binfmt"
	"github.com/shopspring/decimal"
)

// classRuleFile returns a taxability file that holds one product class
// rule and nothing else, with the threshold and its kind as given (a nil
// threshold is written absent).
func classRuleFile(t *testing.T, country, tax, treatment string, rate, threshold *decimal.Decimal, kind string) []byte {
	t.Helper()
	w := binfmt.NewWriter(taxKind, taxVersion)
	w.Uvarint(0) // state rows
	w.Uvarint(0) // holidays
	w.Uvarint(0) // shipping
	w.Uvarint(1)
	w.String(country)
	w.String("CHILDRENS_CLOTHING")
	w.String(tax)
	w.String(treatment)
	w.String("")
	for _, d := range []*decimal.Decimal{rate, threshold} {
		if d == nil {
			w.Uvarint(0)
			continue
		}
		w.Uvarint(1)
		w.Varint(d.Coefficient().Int64())
		w.Int(int(d.Exponent()))
	}
	w.String(kind)
	w.Uvarint(0) // effective
	w.Uvarint(0) // expiration
	w.String("c")
	w.Uvarint(0) // local taxes
	w.Uvarint(0) // lacking taxes
	f, err := w.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestTaxabilityProvinceLimits reads the default file's province rules
// with a price limit and a rate of their own: Manitoba's children's
// clothing, exempt from the RST up to 150 per item, and British
// Columbia's PST of 8% on accommodation. Changing what ProductClasses
// returns leaves the table alone. A file whose limit has no kind, an
// unknown kind, a limit on a country's rule or on a rule that is not an
// exemption is refused as corrupt.
func TestTaxabilityProvinceLimits(t *testing.T) {
	tx, err := Default().Taxability()
	if err != nil {
		t.Fatal(err)
	}
	var mb, bc *ProductClassRule
	rules := tx.ProductClasses()
	for i := range rules {
		r := &rules[i]
		switch {
		case r.Country == "CA-MB" && r.ProductClass == "CHILDRENS_CLOTHING":
			mb = r
		case r.Country == "CA-BC" && r.ProductClass == "ACCOMMODATION":
			bc = r
		}
	}
	if mb == nil || mb.Tax != "PST" || mb.Treatment != "exempt" || mb.Threshold == nil || mb.Threshold.String() != "150" || mb.ThresholdKind != "up_to_exempt" {
		t.Errorf("Manitoba's children's clothing: %+v, want PST exempt up to 150 (up_to_exempt)", mb)
	}
	if bc == nil || bc.Tax != "PST" || bc.Treatment != "rate" || bc.Rate == nil || bc.Rate.String() != "0.08" || bc.Threshold != nil ||
		bc.Effective.String() != "2013-04-01" {
		t.Errorf("British Columbia's accommodation: %+v, want PST at 0.08 from 2013-04-01", bc)
	}
	if mb != nil && bc != nil {
		*mb.Threshold = decimal.NewFromInt(1)
		*bc.Rate = decimal.NewFromInt(1)
		for _, r := range tx.ProductClasses() {
			if r.Country == "CA-MB" && r.ProductClass == "CHILDRENS_CLOTHING" && r.Threshold.String() != "150" ||
				r.Country == "CA-BC" && r.ProductClass == "ACCOMMODATION" && r.Rate.String() != "0.08" {
				t.Errorf("a changed copy reached the table: %+v", r)
			}
		}
	}

	d150 := decimal.NewFromInt(150)
	d0 := decimal.Zero
	if _, err := decodeTaxability(classRuleFile(t, "CA-MB", "PST", "exempt", nil, &d150, "up_to_exempt")); err != nil {
		t.Errorf("a province's exempt rule up to 150: %v", err)
	}
	for _, c := range []struct {
		what, country, tax, treatment string
		threshold                     *decimal.Decimal
		kind                          string
	}{
		{"a limit without its kind", "CA-MB", "PST", "exempt", &d150, ""},
		{"a kind without its limit", "CA-MB", "PST", "exempt", nil, "below_exempt"},
		{"an unknown kind", "CA-MB", "PST", "exempt", &d150, "under"},
		{"a limit of 0", "CA-MB", "PST", "exempt", &d0, "below_exempt"},
		{"a limit on a country's rule", "DE", "", "exempt", &d150, "below_exempt"},
		{"a limit on a nontaxable rule", "CA-MB", "PST", "nontaxable", &d150, "below_exempt"},
	} {
		_, err := decodeTaxability(classRuleFile(t, c.country, c.tax, c.treatment, nil, c.threshold, c.kind))
		if !errors.Is(err, binfmt.ErrCorrupt) || !strings.Contains(err.Error(), c.country) {
			t.Errorf("%s: %v, want a corrupt file naming %s", c.what, err, c.country)
		}
	}
}
