package taxarea

import (
	"context"
	"testing"

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
