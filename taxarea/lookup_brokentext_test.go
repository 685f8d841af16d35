package taxarea

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// invalidOn checks that err is an EInvalid error, or a list of them,
// that names field.
func invalidOn(t *testing.T, err error, field string) {
	t.Helper()
	if levy.ErrorCode(err) != levy.EInvalid {
		t.Errorf("err = %v, want EInvalid naming %s", err, field)
		return
	}
	var many levy.Errors
	var one *levy.Error
	switch {
	case errors.As(err, &many):
		for _, e := range many {
			if e.Field == field {
				return
			}
		}
	case errors.As(err, &one) && one.Field == field:
		return
	}
	t.Errorf("err = %v, want one naming %s", err, field)
}

// TestLookupsRefuseBrokenText: a Go caller's lookup whose text is not
// UTF-8 or holds a control character is refused naming the member, by
// the rule of a calculation's address. Before, a city with a byte that
// is no UTF-8 was answered "no place named", a street line kept its
// escape character, and a government code with NUL was not found.
func TestLookupsRefuseBrokenText(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	for _, c := range []struct {
		a     wire.PostalAddress
		field string
	}{
		{wire.PostalAddress{City: "Los Angeles\xff", MainDivision: "CA"}, "postalAddress.city"},
		{wire.PostalAddress{StreetAddress1: "200 N\x1b Spring St", PostalCode: "90012"}, "postalAddress.streetAddress1"},
		{wire.PostalAddress{StreetAddress2: "Suite\x00 1", PostalCode: "90012"}, "postalAddress.streetAddress2"},
		{wire.PostalAddress{MainDivision: "C\x07A", PostalCode: "90012"}, "postalAddress.mainDivision"},
		{wire.PostalAddress{SubDivision: "Los\x0bAngeles", PostalCode: "90012"}, "postalAddress.subDivision"},
		{wire.PostalAddress{PostalCode: "90012\x00"}, "postalAddress.postalCode"},
		{wire.PostalAddress{PostalCode: "90012", Country: "US\x1f"}, "postalAddress.country"},
	} {
		_, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: c.a})
		invalidOn(t, err, c.field)
		_, err = r.Find(ctx, []wire.Search{{LookupID: "x", Address: &wire.AddressLookupRequest{PostalAddress: c.a}}})
		invalidOn(t, err, "[0].lookupRequest."+c.field)
	}
	_, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: "06037\x00", Country: "US"})
	invalidOn(t, err, "externalJurisdictionCode")
	_, err = r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: "06037", Country: "Unit\xffed States"})
	invalidOn(t, err, "country")
	_, err = r.Find(ctx, []wire.Search{{LookupID: "a\x00b", TaxAreaID: &wire.TaxAreaIDLookupRequest{TaxAreaID: "1"}}})
	invalidOn(t, err, "[0].lookupId")
	// A tab is text, and the address it is in is read.
	if _, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{City: "Los\tAngeles", MainDivision: "CA"}}); err != nil {
		t.Errorf("a city with a tab: %v", err)
	}
}

// TestStateAndCountyWithoutCity: a US address of a state and a county,
// without a city or a ZIP code, is placed in that county outside its
// cities, saying that the street address decides, and a county that
// names none of the state's is set aside saying so. Before, the county
// was dropped without a word: every such address got the state's own
// area, without the county's tax, and a status of NORMAL alone.
func TestStateAndCountyWithoutCity(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	for _, c := range []struct {
		county, want, note string
	}{
		{"King", "US-53033-UNINC", "the county of King outside its cities"},
		{"king county", "US-53033-UNINC", "the county of King outside its cities"},
		{"Pierce", "US-53053-UNINC", "the county of Pierce outside its cities"},
	} {
		resp, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{MainDivision: "WA", SubDivision: c.county}})
		if err != nil {
			t.Fatalf("%s: %v", c.county, err)
		}
		res := resp.LookupResults[0]
		if got := ids(res); !slices.Contains(got, c.want) {
			t.Errorf("WA, %s: %v, want %s", c.county, got, c.want)
		}
		if !hasNote(res, c.note) {
			t.Errorf("WA, %s: statuses %+v, want one saying %q", c.county, res.Statuses, c.note)
		}
		if len(res.PostalAddresses) != 1 || res.PostalAddresses[0].SubDivision == "" {
			t.Errorf("WA, %s: %+v, want the county in the address", c.county, res.PostalAddresses)
		}
	}
	resp, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{MainDivision: "WA", SubDivision: "Capitol Hill"}})
	if err != nil {
		t.Fatal(err)
	}
	res := resp.LookupResults[0]
	if leafID(res) != "US-WA" || !hasNote(res, "subDivision Capitol Hill names no county of WA: not used") {
		t.Errorf("WA, Capitol Hill: %v %+v, want the state, saying the county was not used", ids(res), res.Statuses)
	}
}

// hasNote reports whether a status of res says note.
func hasNote(res wire.LookupResult, note string) bool {
	return slices.ContainsFunc(res.Statuses, func(s wire.Status) bool { return strings.Contains(s.Value, note) })
}

// TestCountryOnlySaysWhatIsMissing: a Brazilian address of a CEP alone
// and a Canadian one of a city alone, placed in their country with a
// confidence of 40, say what was missing and how they were placed.
// Before, their only status was NORMAL, without a word.
func TestCountryOnlySaysWhatIsMissing(t *testing.T) {
	r := resolver(t)
	for _, c := range []struct {
		a        wire.PostalAddress
		country  string
		note     string
		wantConf string
	}{
		{wire.PostalAddress{PostalCode: "01310-100", Country: "BR"}, "BR", "a CEP places no address", "40"},
		{wire.PostalAddress{Country: "BR"}, "BR", "no state (mainDivision) or municipality (city) given", "40"},
		{wire.PostalAddress{City: "Toronto", Country: "CA"}, "CA", "Levy does not place a Canadian city by its name", "40"},
		{wire.PostalAddress{Country: "CA"}, "CA", "no province (mainDivision) or postal code given", "40"},
	} {
		resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: c.a})
		if err != nil {
			t.Fatalf("%+v: %v", c.a, err)
		}
		res := resp.LookupResults[0]
		if leafID(res) != c.country || res.ConfidenceIndicator != c.wantConf {
			t.Errorf("%+v: %v, confidence %s; want %s at %s", c.a, ids(res), res.ConfidenceIndicator, c.country, c.wantConf)
		}
		if !hasNote(res, c.note) {
			t.Errorf("%+v: statuses %+v, want one saying %q", c.a, res.Statuses, c.note)
		}
	}
	// Told the province, nothing more is said.
	resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{City: "Toronto", MainDivision: "ON", Country: "CA"}})
	if err != nil {
		t.Fatal(err)
	}
	if st := resp.LookupResults[0].Statuses; len(st) != 1 || st[0].Value != "" {
		t.Errorf("Toronto, ON: %+v", st)
	}
}

// TestMilitaryPostOffices: an address of a US military post office
// (APO, FPO, DPO; the "states" AA, AE and AP, ZIP codes 340xx, 090xx to
// 099xx and 962xx to 966xx) is placed in the United States alone, with
// no state or local tax, and a status that says why; a state beside such
// a ZIP code is flagged as a state beside another's ZIP code is. Before,
// such a ZIP code was answered 404, "not known", and AE alone 400, "not
// a US state".
func TestMilitaryPostOffices(t *testing.T) {
	r := resolver(t)
	for _, c := range []struct {
		a        wire.PostalAddress
		region   string
		flagged  bool
		wantConf string
	}{
		{wire.PostalAddress{City: "APO", MainDivision: "AE", PostalCode: "09012"}, "AE", false, "100"},
		{wire.PostalAddress{City: "FPO", MainDivision: "AP", PostalCode: "96601-1234"}, "AP", false, "100"},
		{wire.PostalAddress{City: "DPO", MainDivision: "AA", PostalCode: "34001"}, "AA", false, "100"},
		{wire.PostalAddress{PostalCode: "09469"}, "AE", false, "100"},
		{wire.PostalAddress{MainDivision: "AE"}, "AE", false, "100"},
		{wire.PostalAddress{City: "APO", MainDivision: "Armed Forces Pacific"}, "AP", false, "100"},
		{wire.PostalAddress{MainDivision: "CA", PostalCode: "09012"}, "AE", true, "70"},
		{wire.PostalAddress{MainDivision: "AA", PostalCode: "96201"}, "AP", true, "70"},
	} {
		resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: c.a})
		if err != nil {
			t.Errorf("%+v: %v", c.a, err)
			continue
		}
		res := resp.LookupResults[0]
		if got := ids(res); len(got) != 1 || got[0] != "US" || res.TaxAreaID == "" {
			t.Errorf("%+v: %s %v, want the United States alone", c.a, res.TaxAreaID, got)
		}
		if !hasNote(res, "US military post offices (APO, FPO, DPO)") || !hasNote(res, "with no state or local sales tax") {
			t.Errorf("%+v: statuses %+v, want one saying why", c.a, res.Statuses)
		}
		if hasStatus(res, wire.BadRegionFields) != c.flagged || res.ConfidenceIndicator != c.wantConf {
			t.Errorf("%+v: statuses %+v, confidence %s; want flagged %v at %s", c.a, res.Statuses, res.ConfidenceIndicator, c.flagged, c.wantConf)
		}
		if pa := res.PostalAddresses; len(pa) != 1 || pa[0].MainDivision != c.region || pa[0].Country != "USA" {
			t.Errorf("%+v: %+v, want the address in %s", c.a, pa, c.region)
		}
	}
	// A ZIP code of a state beside AE is the state's, as before.
	resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{MainDivision: "AE", PostalCode: "90012"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(resp.LookupResults[0]); !slices.Contains(got, "US-CA") {
		t.Errorf("AE 90012: %v, want California", got)
	}
}

// TestUnknownCityBesideZIPIsFlagged: a city that names no place of the
// ZIP code's counties (a misspelt name, a place of the state that the
// ZIP code contradicts, a neighbourhood) is given as the ZIP code's
// postal name in the answer, which flags the city as BAD_REGION_FIELDS,
// as a city that does not contain the ZIP code is flagged. Before, the
// answer gave Seattle for "Seatle" and Los Angeles for Seattle, WA,
// 90012, with no status about the city. A city that is a place of the
// ZIP code, or its postal name, is not flagged.
func TestUnknownCityBesideZIPIsFlagged(t *testing.T) {
	r := resolver(t)
	for _, c := range []struct {
		a      wire.PostalAddress
		postal string
	}{
		{wire.PostalAddress{City: "Seatle", MainDivision: "WA", PostalCode: "98101"}, "Seattle"},
		{wire.PostalAddress{City: "Springfield", MainDivision: "WA", PostalCode: "98101"}, "Seattle"},
		{wire.PostalAddress{City: "Seattle", MainDivision: "WA", PostalCode: "90012"}, "Los Angeles"},
		{wire.PostalAddress{City: "Nowhere Flats", MainDivision: "CA", PostalCode: "93308"}, "Bakersfield"},
	} {
		resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: c.a})
		if err != nil {
			t.Fatalf("%+v: %v", c.a, err)
		}
		res := resp.LookupResults[0]
		if pa := res.PostalAddresses; len(pa) != 1 || pa[0].City != c.postal {
			t.Errorf("%+v: %+v, want the city given as %s", c.a, pa, c.postal)
		}
		if c.a.City == "Nowhere Flats" && (leafID(res) != "US-06029-UNINC" || res.ConfidenceIndicator != "80") {
			t.Errorf("%+v: %v at %s, want Kern County outside its cities at 80, as before", c.a, ids(res), res.ConfidenceIndicator)
		}
		flagged := slices.ContainsFunc(res.Statuses, func(s wire.Status) bool {
			return s.LookupResult == wire.BadRegionFields && s.Field == "city" && strings.Contains(s.Value, "is named "+c.a.City)
		})
		if !flagged {
			t.Errorf("%+v: statuses %+v, want the city flagged", c.a, res.Statuses)
		}
	}
	for _, a := range []wire.PostalAddress{
		{City: "Seattle", MainDivision: "WA", PostalCode: "98101"},
		{City: "Oildale", MainDivision: "CA", PostalCode: "93308"},
		{City: "Bakersfield", MainDivision: "CA", PostalCode: "93308"},
		{City: "Marina del Rey", MainDivision: "CA", PostalCode: "90292"},
	} {
		resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: a})
		if err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
		if res := resp.LookupResults[0]; hasStatus(res, wire.BadRegionFields) {
			t.Errorf("%+v: statuses %+v, want none flagged", a, res.Statuses)
		}
	}
}

// TestNewYorkCityWithoutZIP: "New York, NY" without a ZIP code ranks
// Manhattan, where the postal name New York is used, first, and every
// result says that the city lies in several counties, so that the
// street address decides. Before, Queens, the borough of most land,
// came first at confidence 90, beside Manhattan at 90, without a word.
func TestNewYorkCityWithoutZIP(t *testing.T) {
	r := resolver(t)
	resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{City: "New York", MainDivision: "NY"}})
	if err != nil {
		t.Fatal(err)
	}
	res := resp.LookupResults
	if len(res) < 5 || !slices.Contains(ids(res[0]), "US-36061") {
		t.Fatalf("first result %v of %d, want Manhattan (US-36061)", ids(res[0]), len(res))
	}
	for i, x := range res {
		if !hasNote(x, "lie in more than one county") {
			t.Errorf("result %d (%v): statuses %+v, want one saying the city lies in several counties", i, ids(x), x.Statuses)
		}
		if i > 0 && conf(x) >= conf(res[0]) {
			t.Errorf("result %d (%v) at confidence %s, Manhattan at %s", i, ids(x), x.ConfidenceIndicator, res[0].ConfidenceIndicator)
		}
	}
}

// conf returns the confidence of a result as a number.
func conf(res wire.LookupResult) int {
	n, _ := strconv.Atoi(res.ConfidenceIndicator)
	return n
}
