package taxarea

import (
	"context"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// TestStateAloneSaysWhatIsMissing: a US address that names a state and
// nothing that places it within the state (no city, county or ZIP code)
// gets the state's own tax area at confidence 50 with a status saying
// that the local taxes the street address may add are not in it, or,
// in a state without local taxes, that there are none. Its only status
// was NORMAL, without a word, so a sale to "CA" was taxed at 7.25% and
// the district taxes every Californian address bears were left out
// silently.
func TestStateAloneSaysWhatIsMissing(t *testing.T) {
	r := resolver(t)
	for _, c := range []struct {
		a    wire.PostalAddress
		id   string
		note string
	}{
		{wire.PostalAddress{MainDivision: "CA"}, "US-CA", "without the county, city and district taxes of CA that the street address may add"},
		{wire.PostalAddress{MainDivision: "Puerto Rico", Country: "US"}, "US-PR", "without the county, city and district taxes of PR"},
		{wire.PostalAddress{Country: "PR"}, "US-PR", "without the county, city and district taxes of PR"},
		{wire.PostalAddress{MainDivision: "CA", SubDivision: "Brooklyn"}, "US-CA", "without the county, city and district taxes of CA"},
		{wire.PostalAddress{MainDivision: "DE"}, "US-DE", "where Levy's data gives no county or city of DE a tax of its own"},
	} {
		resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: c.a})
		if err != nil {
			t.Errorf("%+v: %v", c.a, err)
			continue
		}
		res := resp.LookupResults[0]
		if got := ids(res); len(got) != 2 || got[1] != c.id || res.ConfidenceIndicator != "50" {
			t.Errorf("%+v: %v at %s, want %s alone at 50", c.a, got, res.ConfidenceIndicator, c.id)
		}
		if !hasNote(res, c.note) {
			t.Errorf("%+v: statuses %+v, want one saying %q", c.a, res.Statuses, c.note)
		}
	}
}

// TestTerritoryWithoutPlacesTakesItsCity: a city of a territory of which
// Levy's data holds no place and no local tax (American Samoa, Guam, the
// U.S. Virgin Islands, the towns of the Northern Mariana Islands) gets the
// territory's own tax area, saying that the city was not checked: "Pago
// Pago, AS" without a ZIP code was refused 404, no place named "Pago
// Pago" in AS, though no town of AS could be found. A territory or state
// whose places are known (Puerto Rico's municipios, Delaware's towns)
// still refuses a name that is none of them.
func TestTerritoryWithoutPlacesTakesItsCity(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	for _, c := range []struct {
		a  wire.PostalAddress
		id string
	}{
		{wire.PostalAddress{City: "Pago Pago", MainDivision: "AS", Country: "US"}, "US-AS"},
		{wire.PostalAddress{City: "Pago Pago", Country: "AS"}, "US-AS"},
		{wire.PostalAddress{City: "Hagatna", MainDivision: "GU", Country: "US"}, "US-GU"},
		{wire.PostalAddress{City: "Charlotte Amalie", MainDivision: "VI", Country: "US"}, "US-VI"},
		{wire.PostalAddress{City: "Garapan", MainDivision: "MP", Country: "US"}, "US-MP"},
	} {
		resp, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: c.a})
		if err != nil {
			t.Errorf("%+v: %v", c.a, err)
			continue
		}
		if len(resp.LookupResults) != 1 {
			t.Errorf("%+v: %d results, want 1", c.a, len(resp.LookupResults))
			continue
		}
		res := resp.LookupResults[0]
		if got := ids(res); len(got) != 2 || got[1] != c.id || res.ConfidenceIndicator != "50" {
			t.Errorf("%+v: %v at %s, want %s alone at 50", c.a, got, res.ConfidenceIndicator, c.id)
		}
		if !hasNote(res, "the city "+c.a.City+" is not checked nor used") || !hasNote(res, "no county, city or district tax of "+c.id[3:]) {
			t.Errorf("%+v: statuses %+v do not say that the city was not checked and that the territory has no local tax", c.a, res.Statuses)
		}
	}
	for _, a := range []wire.PostalAddress{
		{City: "Nowhere", MainDivision: "PR", Country: "US"},
		{City: "Nowhereville", MainDivision: "DE", Country: "US"},
	} {
		if _, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: a}); levy.ErrorCode(err) != levy.ENotFound {
			t.Errorf("%+v: %v, want not found", a, err)
		}
	}
}
