package rules

import (
	"testing"

	"github.com/levytax/levy/data"
)

// TestDefaultsProvinceLimits builds the default rules of the province
// rows with a price limit and a rate of their own: Manitoba's children's
// clothing becomes a rule of the PST of CA-MB that taxes the class with
// a threshold exempting items of 150 or less (up_to_exempt), and British
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
		mb.Threshold == nil || mb.Threshold.Amount.String() != "150" || mb.Threshold.Kind != UpToExempt {
		t.Errorf("Manitoba's children's clothing: %+v, want a taxable PST rule with a threshold of 150, up_to_exempt", mb)
	}
	if bc == nil || bc.Jurisdiction != "CA-BC" || bc.Tax != "PST" || bc.Outcome != Taxable || bc.Rate == nil || bc.Rate.String() != "0.08" ||
		bc.Threshold != nil || bc.Effective.String() != "2013-04-01" {
		t.Errorf("British Columbia's accommodation: %+v, want a taxable PST rule at 0.08 from 2013-04-01", bc)
	}
}
