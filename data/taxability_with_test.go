package data

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/binfmt"
	"github.com/shopspring/decimal"
)

// TestTaxabilityThresholdWith: a province's document_up_to_exempt row
// may name the classes that must be on the document beside it
// (ThresholdWith, format 12): Ontario's soft drinks share the $4.00
// limit of its prepared food only beside a PREPARED_FOOD line, under
// the HST's rebate and the retail sales tax before it, and not in the
// GST/HST break, when they bore no HST at any price. A file whose
// classes come with another kind of limit, or name a class twice or an
// empty one, is refused as corrupt, naming the row. Changing what
// ProductClasses returns leaves the table alone.
func TestTaxabilityThresholdWith(t *testing.T) {
	tx, err := Default().Taxability()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range tx.ProductClasses() {
		if r.Country == "CA-ON" && r.ProductClass == "SOFT_DRINKS" {
			got = append(got, r.Tax+" "+r.ThresholdKind+" "+strings.Join(r.ThresholdWith, ",")+" "+r.Effective.String())
			if len(r.ThresholdWith) > 0 {
				r.ThresholdWith[0] = "CHANGED"
			}
		}
	}
	want := []string{
		"HST document_up_to_exempt PREPARED_FOOD 2010-07-01",
		"HST   2024-12-14",
		"HST document_up_to_exempt PREPARED_FOOD 2025-02-16",
		"PST document_up_to_exempt PREPARED_FOOD ",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Ontario's soft drinks:\n got %q\nwant %q", got, want)
	}
	for _, r := range tx.ProductClasses() {
		if slices.Contains(r.ThresholdWith, "CHANGED") {
			t.Errorf("a changed copy reached the table: %+v", r)
		}
	}

	four := decimal.RequireFromString("4.00")
	f := classRuleFileWith(t, "CA-ON", "HST", "exempt", nil, &four, "document_up_to_exempt", "CAD", nil, []string{"PREPARED_FOOD"})
	if x, err := decodeTaxability(f); err != nil {
		t.Errorf("a soft drink's limit beside PREPARED_FOOD: %v", err)
	} else if w := x.ProductClasses()[0].ThresholdWith; !slices.Equal(w, []string{"PREPARED_FOOD"}) {
		t.Errorf("read %q, want [PREPARED_FOOD]", w)
	}
	for _, c := range []struct {
		what, kind string
		with       []string
	}{
		{"classes beside a per-item limit", "up_to_exempt", []string{"PREPARED_FOOD"}},
		{"a class twice", "document_up_to_exempt", []string{"PREPARED_FOOD", "PREPARED_FOOD"}},
		{"an empty class", "document_up_to_exempt", []string{""}},
	} {
		_, err := decodeTaxability(classRuleFileWith(t, "CA-ON", "HST", "exempt", nil, &four, c.kind, "CAD", nil, c.with))
		if !errors.Is(err, binfmt.ErrCorrupt) || !strings.Contains(err.Error(), "CA-ON CHILDRENS_CLOTHING") {
			t.Errorf("%s: %v, want a corrupt file naming CA-ON CHILDRENS_CLOTHING", c.what, err)
		}
	}
}
