package taxarea

import (
	"context"
	"slices"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
)

// TestVATAreaChangesListed: a lookup of the Isle of Man gives the
// island's own tax area to 1980-03-31 and the United Kingdom's from
// 1980-04-01 (jurisdiction.VATGeography.VATArea), and one of Monaco its own to
// 1963-05-17 and France's from 1963-05-18. A client holding the own ID
// must look again, so the changed tax areas of a range that holds that day
// list it, and TaxAreaChanged says so; before, neither did, as the
// island's own jurisdictions and rates did not change. The United
// Kingdom's and France's areas did not change, and a range without the day
// lists neither own ID.
func TestVATAreaChangesListed(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	areaOf := func(country, date string) string {
		t.Helper()
		res, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: country, Country: country, AsOfDate: civil.MustParse(date)})
		if err != nil {
			t.Fatal(err)
		}
		return res.LookupResults[0].TaxAreaID
	}
	for _, c := range []struct {
		country, before, day, other string
	}{
		{"IM", "1980-03-31", "1980-04-01", "GB"},
		{"MC", "1963-05-17", "1963-05-18", "FR"},
	} {
		own, then := areaOf(c.country, c.before), areaOf(c.country, c.day)
		if own == then || then != areaOf(c.other, c.day) {
			t.Fatalf("%s: the lookups give %s on %s and %s on %s, want its own area and then that of %s", c.country, own, c.before, then, c.day, c.other)
		}
		day := civil.MustParse(c.day)
		for _, rg := range []struct {
			from, to civil.Date
			listed   bool
		}{
			{day.AddDays(-5), day.AddDays(5), true},
			{day, day, true},
			{day.AddDays(-5), day.AddDays(-1), false},
			{day.AddDays(1), day.AddDays(5), false},
		} {
			ids, err := r.ChangedTaxAreas(ctx, rg.from, rg.to)
			if err != nil {
				t.Fatal(err)
			}
			if slices.Contains(ids, own) != rg.listed {
				t.Errorf("%s, %s to %s: its own area %s listed %v, want %v", c.country, rg.from, rg.to, own, !rg.listed, rg.listed)
			}
			if slices.Contains(ids, then) {
				t.Errorf("%s, %s to %s: the area of %s, %s, is listed", c.country, rg.from, rg.to, c.other, then)
			}
			changed, err := r.TaxAreaChanged(ctx, own, rg.from, rg.to)
			if err != nil {
				t.Fatal(err)
			}
			if changed != rg.listed {
				t.Errorf("%s, %s to %s: TaxAreaChanged(%s) = %v, want %v", c.country, rg.from, rg.to, own, changed, rg.listed)
			}
		}
	}
}
