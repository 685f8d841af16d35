package rules

import (
	"strings"
	"testing"

	"github.com/levytax/levy/data"
)

// TestDefaultsProvinceLimits builds the default rules of the province
// rows with a price limit and a rate of their own: Manitoba's children's
// clothing becomes a rule of the PST of CA-MB that taxes the class with
// a threshold exempting items of CAD 150 or less (up_to_exempt), and British
// Columbia's accommodation a rule of the PST of CA-BC at 0.08 from
// 2013-04-01.
func TestDefaultsProvinceLimits(t *testing.T) {
	tx, err := data.Default().Taxability()
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := Defaults(tx)
	var mb, bc *Rule
	for i := range rs {
		switch rs[i].ID {
		case "ca-mb-childrens_clothing":
			mb = &rs[i]
		case "ca-bc-accommodation-2013-04-01":
			bc = &rs[i]
		}
	}
	if mb == nil || mb.Jurisdiction != "CA-MB" || mb.Tax != "PST" || mb.Outcome != Taxable || mb.Rate != nil ||
		mb.Threshold == nil || mb.Threshold.Amount.String() != "150" || mb.Threshold.Kind != UpToExempt || mb.Threshold.Currency != "CAD" {
		t.Errorf("Manitoba's children's clothing: %+v, want a taxable PST rule with a threshold of CAD 150, up_to_exempt", mb)
	}
	if bc == nil || bc.Jurisdiction != "CA-BC" || bc.Tax != "PST" || bc.Outcome != Taxable || bc.Rate == nil || bc.Rate.String() != "0.08" ||
		bc.Threshold != nil || bc.Effective.String() != "2013-04-01" {
		t.Errorf("British Columbia's accommodation: %+v, want a taxable PST rule at 0.08 from 2013-04-01", bc)
	}
}

// TestDefaultsThresholdCurrencies: every threshold of the default rules
// states its currency, from the dataset: USD in the United States (the
// states' clothing thresholds, the sales tax holidays' caps, and the
// local rules that share them), CAD in Canada's provinces.
func TestDefaultsThresholdCurrencies(t *testing.T) {
	tx, err := data.Default().Taxability()
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := Defaults(tx)
	n := 0
	for _, r := range rs {
		if r.Threshold == nil {
			continue
		}
		n++
		want := ""
		switch {
		case strings.HasPrefix(r.Jurisdiction, "US-"):
			want = "USD"
		case strings.HasPrefix(r.Jurisdiction, "CA-"):
			want = "CAD"
		}
		if r.Threshold.Currency != want || want == "" {
			t.Errorf("rule %s of %s: threshold %s in %q, want %q", r.ID, r.Jurisdiction, r.Threshold.Amount, r.Threshold.Currency, want)
		}
	}
	if n == 0 {
		t.Error("no default rule has a threshold")
	}
}
