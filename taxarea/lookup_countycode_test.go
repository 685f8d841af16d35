package taxarea

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestCountyCodeGivesTheCountyWithItsDistricts: a US county's FIPS code
// gives the tax area that an address of that county without a city or
// ZIP code gets, the county outside its cities with the districts that
// tax all of it, and says that a city in it may add its own tax. It gave
// the county with its state alone, an area where no address lies: a
// calculation sent to Los Angeles County by its code (06037) was taxed
// at 7.25% without the county's district taxes, and one sent to New York
// County (36061, Manhattan, all of it New York City) at the state's 4%.
func TestCountyCodeGivesTheCountyWithItsDistricts(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	for _, c := range []struct {
		code, state, county string
		want                []string // jurisdictions the area must hold
		cities              bool     // whether the county has cities of a tax of their own
	}{
		{"06037", "CA", "Los Angeles", []string{"US-06037", "US-06037-MEASURE_A", "US-06037-MTA_PROP_A"}, true},
		{"6037", "CA", "Los Angeles", []string{"US-06037", "US-06037-MEASURE_A"}, true},
		{"53033", "WA", "King", []string{"US-53033", "US-53033-UNINC", "US-WA-D-SOUND_TRANSIT"}, true},
		{"36061", "NY", "New York", []string{"US-36061", "US-3651000", "US-NY-D-MCTD"}, false},
		{"17031", "IL", "Cook", []string{"US-17031", "US-IL-D-NITA_COOK"}, true},
	} {
		t.Run(c.code, func(t *testing.T) {
			got, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: c.code, Country: "US"})
			if err != nil {
				t.Fatal(err)
			}
			if len(got.LookupResults) != 1 {
				t.Fatalf("%d results, want 1", len(got.LookupResults))
			}
			res := got.LookupResults[0]
			for _, j := range c.want {
				if !slices.Contains(ids(res), j) {
					t.Errorf("%s: %v lacks %s", res.TaxAreaID, ids(res), j)
				}
			}
			addr, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{
				MainDivision: c.state, SubDivision: c.county, Country: "US"}})
			if err != nil {
				t.Fatal(err)
			}
			if want := addr.LookupResults[0].TaxAreaID; res.TaxAreaID != want {
				t.Errorf("by the county's code: %s %v; by the county's name: %s %v", res.TaxAreaID, ids(res), want, ids(addr.LookupResults[0]))
			}
			if res.ConfidenceIndicator != "100" {
				t.Errorf("confidence %s, want 100", res.ConfidenceIndicator)
			}
			said := ""
			for _, s := range res.Statuses {
				said += s.Value
			}
			if c.cities && !strings.Contains(said, "a city in it may add its own tax") {
				t.Errorf("statuses %+v do not say that a city may add its own tax", res.Statuses)
			}
			if !c.cities && said != "" {
				t.Errorf("statuses %+v for a county where no city taxes on its own", res.Statuses)
			}
		})
	}
}

// TestStateCodeSaysWhatItLeavesOut: a US state's government code (its
// FIPS number or ISO 3166-2 code) gives the state's own tax area, and
// says, as an address naming the state alone does, that it leaves out
// the county, city and district taxes that an address there may add
// (a state without local taxes needs no such word). It said nothing: a calculation sent to "06"
// was taxed at California's 7.25% with a status of NORMAL alone.
func TestStateCodeSaysWhatItLeavesOut(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	for _, c := range []struct {
		code, leaf, says string
	}{
		{"06", "US-CA", "without the county, city and district taxes of CA"},
		{"US-CA", "US-CA", "without the county, city and district taxes of CA"},
		{"36", "US-NY", "without the county, city and district taxes of NY"},
		{"72", "US-PR", "without the county, city and district taxes of PR"},
		{"18", "US-IN", ""}, // Indiana: no local tax to leave out
	} {
		got, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: c.code, Country: "US"})
		if err != nil {
			t.Fatalf("%s: %v", c.code, err)
		}
		res := got.LookupResults[0]
		if leafID(res) != c.leaf {
			t.Errorf("%s: %v, want the area of %s", c.code, ids(res), c.leaf)
		}
		said := ""
		for _, s := range res.Statuses {
			said += s.Value
		}
		if c.says == "" && said != "" || !strings.Contains(said, c.says) {
			t.Errorf("%s: statuses %+v do not say %q", c.code, res.Statuses, c.says)
		}
	}
}

// TestCityCountyIsItsCity: a county that is one city, whole (the City and
// County of Denver, the City and County of Broomfield), named by its FIPS
// code or by its name without a city, gets the city's tax area, the one
// an address of the city gets. It got the county "outside its cities",
// where no address lies, without the city's tax: Denver's code (08031)
// was taxed at 4% where every address of Denver bears 9.15%. Its status
// says that the county is the city, not that a city may add its tax.
func TestCityCountyIsItsCity(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	for _, c := range []struct {
		code, county, city, zip, cityID string
	}{
		{"08031", "Denver", "Denver", "80202", "US-0820000"},
		{"08014", "Broomfield", "Broomfield", "80020", "US-0809280"},
	} {
		t.Run(c.county, func(t *testing.T) {
			addr, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{
				City: c.city, MainDivision: "CO", PostalCode: c.zip, Country: "US"}})
			if err != nil {
				t.Fatal(err)
			}
			want := addr.LookupResults[0]
			if !slices.Contains(ids(want), c.cityID) {
				t.Fatalf("%s %s: %v lacks the city %s", c.city, c.zip, ids(want), c.cityID)
			}
			byCode, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: c.code, Country: "US"})
			if err != nil {
				t.Fatal(err)
			}
			byName, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{
				MainDivision: "CO", SubDivision: c.county, Country: "US"}})
			if err != nil {
				t.Fatal(err)
			}
			for how, got := range map[string][]wire.LookupResult{"code " + c.code: byCode.LookupResults, "subDivision " + c.county: byName.LookupResults} {
				if len(got) != 1 {
					t.Errorf("by %s: %d results, want 1", how, len(got))
					continue
				}
				if got[0].TaxAreaID != want.TaxAreaID {
					t.Errorf("by %s: %s %v; the city's address: %s %v", how, got[0].TaxAreaID, ids(got[0]), want.TaxAreaID, ids(want))
				}
				said := ""
				for _, st := range got[0].Statuses {
					said += st.Value + "; "
				}
				if !strings.Contains(said, "all of it the city of "+c.city) || strings.Contains(said, "outside its cities") {
					t.Errorf("by %s: the statuses say %q, not that the county is the city of %s", how, said, c.city)
				}
			}
		})
	}
}

// TestStLouisCityIsNoPartOfStLouisCounty: the independent city of St.
// Louis is its own county (29510), so that no tax area holds both the
// city and St. Louis County (29189). "Saint Louis, MO" without a ZIP code
// listed, second, St. Louis County with the city's tax, an area no
// address lies in, since the Census's generalised boundary of the city
// grazes the county.
func TestStLouisCityIsNoPartOfStLouisCounty(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	for _, a := range []wire.PostalAddress{
		{City: "Saint Louis", MainDivision: "MO", Country: "US"},
		{City: "Saint Louis", MainDivision: "MO", PostalCode: "63130", Country: "US"},
	} {
		got, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: a})
		if err != nil {
			t.Fatal(err)
		}
		if len(got.LookupResults) == 0 || !slices.Contains(ids(got.LookupResults[0]), "US-2965000") || !slices.Contains(ids(got.LookupResults[0]), "US-29510") {
			t.Fatalf("%+v: first result is not the city of St. Louis in its own county: %v", a, got.LookupResults)
		}
		for _, res := range got.LookupResults {
			if j := ids(res); slices.Contains(j, "US-29189") && slices.Contains(j, "US-2965000") {
				t.Errorf("%+v: %s %v holds St. Louis County and the independent city", a, res.TaxAreaID, j)
			}
		}
	}
}

// TestCityCountyLiesInItsCountyAlone: the City and County of Broomfield
// and the City and County of Denver each lie in their own county, whole,
// so that no tax area holds the city's tax with a neighbouring county.
// "Broomfield, CO 80020" listed Boulder, Jefferson and Adams counties
// with Broomfield's tax, and "Denver, CO" Jefferson, Adams and Arapahoe
// with Denver's, areas no address lies in, where the Census's
// generalised boundary of the place grazes the county.
func TestCityCountyLiesInItsCountyAlone(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	for _, c := range []struct {
		addr           wire.PostalAddress
		county, cityID string
	}{
		{wire.PostalAddress{City: "Broomfield", MainDivision: "CO", PostalCode: "80020", Country: "US"}, "US-08014", "US-0809280"},
		{wire.PostalAddress{MainDivision: "CO", PostalCode: "80020", Country: "US"}, "US-08014", "US-0809280"},
		{wire.PostalAddress{City: "Broomfield", MainDivision: "CO", Country: "US"}, "US-08014", "US-0809280"},
		{wire.PostalAddress{City: "Denver", MainDivision: "CO", Country: "US"}, "US-08031", "US-0820000"},
	} {
		got, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: c.addr})
		if err != nil {
			t.Fatal(err)
		}
		if len(got.LookupResults) == 0 || !slices.Contains(ids(got.LookupResults[0]), c.cityID) || !slices.Contains(ids(got.LookupResults[0]), c.county) {
			t.Fatalf("%+v: first result is not the city %s in its county %s: %v", c.addr, c.cityID, c.county, got.LookupResults)
		}
		for _, res := range got.LookupResults {
			j := ids(res)
			if !slices.Contains(j, c.cityID) {
				continue
			}
			for _, id := range j {
				if len(id) == 8 && strings.HasPrefix(id, "US-") && id != c.county {
					t.Errorf("%+v: %s %v holds the city %s in county %s", c.addr, res.TaxAreaID, j, c.cityID, id)
				}
			}
		}
	}
}
