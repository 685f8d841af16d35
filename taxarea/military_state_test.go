package taxarea

import (
	"context"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestMilitaryStateBesideCivilianZIP: AA, AE or AP (the "states" of the
// military post offices) beside a ZIP code of a state is a region that
// the ZIP code contradicts, flagged BAD_REGION_FIELDS on the postal code
// at confidence 70, as another state's name beside it is; the ZIP code
// places the address. It was reported as an unknown state
// (IGNORED_REGION_FIELDS, "unknown state AE") at confidence 90.
func TestMilitaryStateBesideCivilianZIP(t *testing.T) {
	r := resolver(t)
	for _, c := range []struct {
		a     wire.PostalAddress
		state string
	}{
		{wire.PostalAddress{City: "APO", MainDivision: "AE", PostalCode: "90012"}, "US-CA"},
		{wire.PostalAddress{City: "Los Angeles", MainDivision: "ap", PostalCode: "90012-1234"}, "US-CA"},
		{wire.PostalAddress{City: "FPO", MainDivision: "Armed Forces Americas", PostalCode: "33101"}, "US-FL"},
	} {
		resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: c.a})
		if err != nil {
			t.Errorf("%+v: %v", c.a, err)
			continue
		}
		res := resp.LookupResults[0]
		if got := ids(res); len(got) < 2 || got[1] != c.state {
			t.Errorf("%+v: %v, want %s by the ZIP code", c.a, got, c.state)
		}
		if hasStatus(res, wire.IgnoredRegionFields) || !hasStatus(res, wire.BadRegionFields) || res.ConfidenceIndicator != "70" {
			t.Errorf("%+v: statuses %+v, confidence %s; want BAD_REGION_FIELDS at 70", c.a, res.Statuses, res.ConfidenceIndicator)
		}
		said := false
		for _, st := range res.Statuses {
			said = said || st.LookupResult == wire.BadRegionFields && st.Field == "postalCode" &&
				strings.Contains(st.Value, "serves no military post office")
		}
		if !said {
			t.Errorf("%+v: %+v, want the postal code flagged, saying it serves no military post office", c.a, res.Statuses)
		}
	}
}
