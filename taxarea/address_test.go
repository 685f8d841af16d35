package taxarea

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

func lookupAddr(t *testing.T, a wire.PostalAddress) *wire.LookupResponse {
	t.Helper()
	resp, err := resolver(t).LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: a})
	if err != nil {
		t.Fatalf("LookupAddress(%+v): %v", a, err)
	}
	if len(resp.LookupResults) == 0 {
		t.Fatalf("LookupAddress(%+v): no results", a)
	}
	return resp
}

func TestLookupAddressRealPlaces(t *testing.T) {
	cases := []struct {
		name string
		addr wire.PostalAddress
		want []string // jurisdictions of the first result
		conf string
	}{
		{"Empire State Building", wire.PostalAddress{StreetAddress1: "350 5th Ave", City: "New York", MainDivision: "NY", PostalCode: "10118"},
			[]string{"US", "US-NY", "US-36061", "US-3651000", "US-NY-D-MCTD"}, "100"},
		{"White House", wire.PostalAddress{StreetAddress1: "1600 Pennsylvania Ave NW", City: "Washington", MainDivision: "DC", PostalCode: "20500"},
			[]string{"US", "US-DC", "US-11001"}, "100"},
		{"Apple Park, a California city", wire.PostalAddress{StreetAddress1: "1 Apple Park Way", City: "Cupertino", MainDivision: "CA", PostalCode: "95014"},
			[]string{"US", "US-CA", "US-06085", "US-0617610", "US-06085-COUNTY_EIGHTH", "US-06085-MEASURE_A_2025", "US-06085-VTA_1976",
				"US-06085-VTA_2000", "US-06085-VTA_2008", "US-06085-VTA_2016", "US-CA-D-CALTRAIN"}, "100"},
		{"Los Angeles City Hall, ZIP+4 and names in odd case", wire.PostalAddress{StreetAddress1: "200 N  Spring St", City: "los angeles", MainDivision: "california", PostalCode: " 90012-4801 ", Country: "united states"},
			[]string{"US", "US-CA", "US-06037", "US-0644000", "US-06037-MEASURE_A", "US-06037-MTA_MEASURE_M", "US-06037-MTA_MEASURE_R", "US-06037-MTA_PROP_A", "US-06037-MTA_PROP_C"}, "100"},
		{"Bakersfield, a California city", wire.PostalAddress{City: "Bakersfield", MainDivision: "CA", PostalCode: "93301"},
			[]string{"US", "US-CA", "US-06029", "US-0603526", "US-CA-D-CITY_OF_BAKERSFIELD"}, "100"},
		{"ZIP alone: the place the ZIP serves", wire.PostalAddress{PostalCode: "55401"}, []string{"US", "US-MN", "US-27053", "US-2743000", "US-MN-D80004", "US-MN-D80008", "US-MN-D80009"}, "60"},
		{"city and state alone", wire.PostalAddress{City: "Minneapolis", MainDivision: "Minnesota"}, []string{"US", "US-MN", "US-27053", "US-2743000", "US-MN-D80004", "US-MN-D80008", "US-MN-D80009"}, ""},
		{"state alone", wire.PostalAddress{MainDivision: "texas"}, []string{"US", "US-TX"}, "50"},
		{"a census-designated place of Los Angeles County, unincorporated", wire.PostalAddress{City: "Marina del Rey", MainDivision: "CA", PostalCode: "90292"},
			[]string{"US", "US-CA", "US-06037", "US-06037-MEASURE_A", "US-06037-MTA_MEASURE_M", "US-06037-MTA_MEASURE_R", "US-06037-MTA_PROP_A", "US-06037-MTA_PROP_C"}, "100"},
		{"a census-designated place of Kern County, unincorporated", wire.PostalAddress{City: "Oildale", MainDivision: "CA", PostalCode: "93308"},
			[]string{"US", "US-CA", "US-06029", "US-06029-UNINC"}, "100"},
		{"Puerto Rico as a country", wire.PostalAddress{City: "San Juan", PostalCode: "00901", Country: "Puerto Rico"},
			[]string{"US", "US-PR", "US-72127"}, "100"},
		{"Guam by ISO code", wire.PostalAddress{PostalCode: "96910", Country: "GU"}, []string{"US", "US-GU", "US-66010"}, "100"},
		{"Parliament of Canada", wire.PostalAddress{StreetAddress1: "111 Wellington St", City: "Ottawa", MainDivision: "ON", PostalCode: "K1A 0A9", Country: "Canada"},
			[]string{"CA", "CA-ON"}, "100"},
		{"Canadian postal code alone", wire.PostalAddress{PostalCode: "h2x1y4", Country: "CAN"}, []string{"CA", "CA-QC"}, "100"},
		{"Brandenburg Gate", wire.PostalAddress{StreetAddress1: "Pariser Platz", City: "Berlin", PostalCode: "10117", Country: "Germany"},
			[]string{"DE"}, "100"},
		{"Canary Islands by postcode", wire.PostalAddress{City: "Las Palmas de Gran Canaria", PostalCode: "35001", Country: "ESP"},
			[]string{"ES", "ES-CN"}, "100"},
		{"Heligoland by postcode", wire.PostalAddress{PostalCode: "27498", Country: "de"}, []string{"DE", "DE-X-HELIGOLAND"}, "100"},
		{"Tokyo", wire.PostalAddress{City: "Tokyo", Country: "Japan"}, []string{"JP"}, "100"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := lookupAddr(t, c.addr).LookupResults[0]
			if got := ids(res); !equal(got, c.want) {
				t.Errorf("jurisdictions = %v, want %v", got, c.want)
			}
			if c.conf != "" && res.ConfidenceIndicator != c.conf {
				t.Errorf("confidence = %s, want %s", res.ConfidenceIndicator, c.conf)
			}
			if res.TaxAreaID != AreaID(c.want) {
				t.Errorf("taxAreaId = %s, want %s", res.TaxAreaID, AreaID(c.want))
			}
			if !hasStatus(res, wire.Normal) {
				t.Errorf("statuses = %+v, want NORMAL", res.Statuses)
			}
		})
	}
}

func TestLookupAddressCleansing(t *testing.T) {
	res := lookupAddr(t, wire.PostalAddress{StreetAddress1: "  200 N   Spring St ", City: "los angeles", MainDivision: "california", PostalCode: "900124801", Country: "usa"}).LookupResults[0]
	got := res.PostalAddresses[0]
	want := wire.PostalAddress{StreetAddress1: "200 N Spring St", City: "Los Angeles", MainDivision: "CA", SubDivision: "Los Angeles", PostalCode: "90012-4801", Country: "USA"}
	if got != want {
		t.Errorf("cleansed address = %+v, want %+v", got, want)
	}
	ca := lookupAddr(t, wire.PostalAddress{PostalCode: "k1a0a9", Country: "canada"}).LookupResults[0].PostalAddresses[0]
	if ca.PostalCode != "K1A 0A9" || ca.MainDivision != "ON" || ca.Country != "CAN" {
		t.Errorf("Canadian address cleansed to %+v", ca)
	}
	de := lookupAddr(t, wire.PostalAddress{PostalCode: " 10117 ", City: "Berlin", Country: "  germany "}).LookupResults[0].PostalAddresses[0]
	if de.Country != "DEU" || de.PostalCode != "10117" || de.City != "Berlin" {
		t.Errorf("German address cleansed to %+v", de)
	}
}

func TestLookupAddressContradictions(t *testing.T) {
	// The ZIP is in New York, the state says New Jersey: the ZIP wins.
	res := lookupAddr(t, wire.PostalAddress{City: "New York", MainDivision: "NJ", PostalCode: "10118"}).LookupResults[0]
	if !hasStatus(res, wire.BadRegionFields) || leafID(res) != "US-NY-D-MCTD" || res.ConfidenceIndicator != "70" {
		t.Errorf("ZIP against state gave %v %+v confidence %s", ids(res), res.Statuses, res.ConfidenceIndicator)
	}
	// A Toronto postal code with British Columbia.
	res = lookupAddr(t, wire.PostalAddress{PostalCode: "M5V 3L9", MainDivision: "BC", Country: "CA"}).LookupResults[0]
	if !hasStatus(res, wire.BadRegionFields) || leafID(res) != "CA-ON" {
		t.Errorf("postal code against province gave %v %+v", ids(res), res.Statuses)
	}
}

func TestLookupAddressZIPAcrossCounties(t *testing.T) {
	// 90265 (Malibu) lies in Los Angeles and Ventura counties. Without a
	// city, the Los Angeles County part is the city of Malibu, which the
	// ZIP mainly serves, or the county outside it.
	resp := lookupAddr(t, wire.PostalAddress{PostalCode: "90265"})
	if len(resp.LookupResults) != 3 {
		t.Fatalf("got %d results, want 3", len(resp.LookupResults))
	}
	first, second := resp.LookupResults[0], resp.LookupResults[2]
	if ids(first)[2] != "US-06037" || ids(first)[3] != "US-0645246" || ids(second)[2] != "US-06111" {
		t.Errorf("counties = %v, %v", ids(first), ids(second))
	}
	if rest := resp.LookupResults[1]; ids(rest)[2] != "US-06037" || slices.Contains(ids(rest), "US-0645246") || rest.ConfidenceIndicator != "30" {
		t.Errorf("Los Angeles County outside Malibu = %v, confidence %s", ids(rest), rest.ConfidenceIndicator)
	}
	if first.ConfidenceIndicator <= second.ConfidenceIndicator && len(first.ConfidenceIndicator) == len(second.ConfidenceIndicator) {
		t.Errorf("confidence %s then %s: the larger share should come first", first.ConfidenceIndicator, second.ConfidenceIndicator)
	}
	// Naming the county settles it.
	resp = lookupAddr(t, wire.PostalAddress{PostalCode: "90265", SubDivision: "Ventura County"})
	if len(resp.LookupResults) != 1 || ids(resp.LookupResults[0])[2] != "US-06111" {
		t.Errorf("with the county named: %+v", resp.LookupResults)
	}
}

func TestLookupAddressErrors(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	cases := []struct {
		name  string
		addr  wire.PostalAddress
		code  string
		field string
	}{
		{"unknown country", wire.PostalAddress{City: "Atlantis", Country: "Atlantis"}, "invalid", "postalAddress.country"},
		{"malformed ZIP", wire.PostalAddress{PostalCode: "ABCDE"}, "invalid", "postalAddress.postalCode"},
		{"malformed Canadian postal code", wire.PostalAddress{PostalCode: "12345", Country: "CA"}, "invalid", "postalAddress.postalCode"},
		{"unknown state", wire.PostalAddress{City: "Springfield", MainDivision: "Narnia"}, "invalid", "postalAddress.mainDivision"},
		{"city too long", wire.PostalAddress{City: strings.Repeat("x", 61), PostalCode: "10118"}, "invalid", "postalAddress.city"},
		{"street too long", wire.PostalAddress{StreetAddress1: strings.Repeat("é", 101), PostalCode: "10118"}, "invalid", "postalAddress.streetAddress1"},
		{"nothing to go on", wire.PostalAddress{StreetAddress1: "1 Main St"}, "invalid", "postalAddress"},
		{"unknown ZIP", wire.PostalAddress{PostalCode: "00000"}, "not_found", "postalAddress.postalCode"},
		{"unknown city", wire.PostalAddress{City: "Nowhereville", MainDivision: "OH"}, "not_found", "postalAddress.city"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: c.addr})
			wantField(t, err, c.code, c.field)
		})
	}
}

// TestRegionAgreesWithLookup checks Region against the full lookup: for
// every ZIP code of the dataset and a set of odd addresses, whenever Region
// answers, every result of LookupAddress lies in that country and state.
func TestRegionAgreesWithLookup(t *testing.T) {
	r := resolver(t)
	addrs := []wire.PostalAddress{
		{City: "Seattle", MainDivision: "WA", PostalCode: "98101", Country: "US"},
		{City: "Seattle", MainDivision: "OR", PostalCode: "98101"}, // the ZIP wins
		{MainDivision: "texas"},
		{MainDivision: "Guam"},
		{City: "Minneapolis", MainDivision: "MN"},
		{PostalCode: "00901", Country: "Puerto Rico"},
		{PostalCode: "99999"},
		{PostalCode: "9810"},
		{PostalCode: "98101-1234", Country: "USA"},
		{PostalCode: "K1A 0A9", Country: "Canada"},
		{PostalCode: "10117", Country: "DE"},
		{PostalCode: "98101", Country: "Atlantis"},
		{PostalCode: "98101", City: strings.Repeat("x", 61)},
	}
	for _, z := range r.postal.All() {
		addrs = append(addrs, wire.PostalAddress{PostalCode: z.Code})
	}
	answered := 0
	for _, a := range addrs {
		country, sub, ok := r.Region(a)
		if !ok {
			continue
		}
		answered++
		resp, err := r.LookupAddress(context.Background(), wire.AddressLookupRequest{PostalAddress: a})
		if err != nil {
			t.Errorf("Region(%+v) = %s %s, but the lookup fails: %v", a, country, sub, err)
			continue
		}
		for _, res := range resp.LookupResults {
			if got := ids(res); len(got) < 2 || got[0] != country || got[1] != sub {
				t.Errorf("Region(%+v) = %s %s, lookup = %v", a, country, sub, got)
			}
		}
	}
	if answered < r.postal.Len()*9/10 {
		t.Errorf("Region answered %d of %d addresses", answered, len(addrs))
	}
	for _, a := range addrs[5:13] {
		if c, s, ok := r.Region(a); ok && a.PostalCode != "98101-1234" {
			t.Errorf("Region(%+v) = %s %s, want no answer", a, c, s)
		}
	}
}

// TestWithinLimitsAgreesWithValidateAddress checks that Region's check of
// the length limits reads the members that fieldLimits names, in its
// order, and counts characters, not bytes.
func TestWithinLimitsAgreesWithValidateAddress(t *testing.T) {
	for i, f := range fieldLimits {
		for _, n := range []int{f.max, f.max + 1} {
			var a wire.PostalAddress
			members := []*string{&a.StreetAddress1, &a.StreetAddress2, &a.City, &a.MainDivision, &a.SubDivision, &a.PostalCode, &a.Country}
			*members[i] = strings.Repeat("é", n)
			if f.get(&a) != *members[i] {
				t.Fatalf("fieldLimits[%d] is %s, not the member withinLimits reads", i, f.name)
			}
			if got, want := withinLimits(&a), len(validateAddress("", &a)) == 0; got != want {
				t.Errorf("%s of %d characters: withinLimits = %v, validateAddress finds it within = %v", f.name, n, got, want)
			}
		}
	}
	if len(fieldLimits) != 7 {
		t.Errorf("fieldLimits has %d members; withinLimits reads 7", len(fieldLimits))
	}
}

// TestSplitZIP checks the ZIP code forms that US addresses accept.
func TestSplitZIP(t *testing.T) {
	for _, c := range []struct{ in, zip5, plus4 string }{
		{"98101", "98101", ""}, {"98101-1234", "98101", "1234"}, {"98101 1234", "98101", "1234"},
		{"981011234", "98101", "1234"}, {"9810", "", ""}, {"98101-123", "", ""}, {"9810A", "", ""},
		{"98101_1234", "", ""}, {"", "", ""}, {"98101--1234", "", ""}, {"٩٨١٠١", "", ""},
	} {
		zip5, plus4, ok := splitZIP(c.in)
		if zip5 != c.zip5 || plus4 != c.plus4 || ok != (c.zip5 != "") {
			t.Errorf("splitZIP(%q) = %q %q %v", c.in, zip5, plus4, ok)
		}
	}
}
