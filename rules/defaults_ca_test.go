package rules

import (
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/shopspring/decimal"
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

// TestDefaultsProvinceLodging builds the default rules of Quebec's tax on
// lodging and the rates that follow from it: the tax is a rule of CA-QC
// and its own imposition, Tax on Lodging, at the category lodging from
// 2016-11-01 (ID ca-qc-lodging-tax-accommodation-2016-11-01, named by its
// country, not "us-"); the GST's row of the province becomes a rule that
// selects the GST through the place's subdivision (CA-QC*) at 0.05175, so
// that it decides the GST of a line in Quebec and of no other province;
// the QST's a rule of CA-QC at 0.10324125.
func TestDefaultsProvinceLodging(t *testing.T) {
	tx, err := data.Default().Taxability()
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := Defaults(tx)
	byID := map[string]*Rule{}
	for i := range rs {
		byID[rs[i].ID] = &rs[i]
	}
	if r := byID["ca-qc-lodging-tax-accommodation-2016-11-01"]; r == nil || r.Jurisdiction != "CA-QC" || r.Tax != "Tax on Lodging" ||
		r.ProductClass != "ACCOMMODATION" || r.Outcome != Taxable || r.RateCategory != "lodging" || r.Effective.String() != "2016-11-01" {
		t.Errorf("Quebec's tax on lodging: %+v, want a taxable rule of CA-QC's Tax on Lodging at category lodging from 2016-11-01", r)
	}
	if r := byID["ca-ab-hotel-room-tax-accommodation"]; r == nil || r.Jurisdiction != "CA-AB" || r.Tax != "Hotel Room Tax" || !r.Effective.IsZero() ||
		r.Expiration.String() != "2005-03-31" {
		t.Errorf("Alberta's hotel room tax: %+v, want a rule of CA-AB without a first day, until 2005-03-31", r)
	}
	gst := byID["ca-qc-accommodation-gst-2016-11-01"]
	if gst == nil || gst.Jurisdiction != "CA-QC*" || gst.Tax != "GST" || gst.Rate == nil || gst.Rate.String() != "0.05175" {
		t.Fatalf("Quebec's GST on accommodation: %+v, want a rule of CA-QC* and the GST at 0.05175", gst)
	}
	sel := gst.selector()
	for _, c := range []struct {
		env  Env
		want bool
	}{
		{Env{JurisdictionID: "CA", Subdivision: "CA-QC", Tax: "GST", ProductClass: "ACCOMMODATION"}, true},
		{Env{JurisdictionID: "CA", Subdivision: "CA-ON", Tax: "GST", ProductClass: "ACCOMMODATION"}, false},
		{Env{JurisdictionID: "CA-QC", Subdivision: "CA-QC", Tax: "QST", ProductClass: "ACCOMMODATION"}, false},
	} {
		if got := sel.matches(&c.env, civil.MustParse("2026-06-01")); got != c.want {
			t.Errorf("the GST rule on %+v: matches %v, want %v", c.env, got, c.want)
		}
	}
	if r := byID["ca-qc-accommodation-2016-11-01"]; r == nil || r.Jurisdiction != "CA-QC" || r.Tax != "QST" || r.Rate == nil || r.Rate.String() != "0.10324125" {
		t.Errorf("Quebec's QST on accommodation: %+v, want a rule of CA-QC's QST at 0.10324125", r)
	}
	// Both rates include the tax on lodging, which the engine adds to
	// their base only when the line bears it; no other rule of a rate
	// names a tax in its base.
	for _, r := range rs {
		want := ""
		if r.ID == "ca-qc-accommodation-gst-2016-11-01" || r.ID == "ca-qc-accommodation-2016-11-01" {
			want = "Tax on Lodging"
		}
		if r.RateIncludes != want {
			t.Errorf("rule %s: rateIncludes %q, want %q", r.ID, r.RateIncludes, want)
		}
	}
}

// TestRuleRateIncludesChecked: a rule naming a tax in its rate's base
// needs a rate and outcome TAXABLE, and takes no threshold or basis.
func TestRuleRateIncludesChecked(t *testing.T) {
	rate := decimal.RequireFromString("0.05175")
	half := decimal.RequireFromString("0.5")
	ok := Rule{ID: "qc-gst", Jurisdiction: "CA-QC*", Tax: "GST", ProductClass: "ACCOMMODATION", Outcome: Taxable, Rate: &rate, RateIncludes: "Tax on Lodging"}
	if err := ok.check(); err != nil {
		t.Errorf("a rule with a rate that includes the tax on lodging: %v", err)
	}
	noRate := ok
	noRate.Rate = nil
	exempt := ok
	exempt.Outcome = Exempt
	basis := ok
	basis.BasisPercent = &half
	for _, r := range []Rule{noRate, exempt, basis} {
		if err := r.check(); err == nil || !strings.Contains(err.Error(), "rateIncludes") {
			t.Errorf("%+v: error %v, want one about rateIncludes", r, err)
		}
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
