package taxarea

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/wire"
)

// TestPlaceCodeSpanningCounties: New York City's FIPS place code
// (3651000), whose city is a member of each of its five boroughs' own
// county areas rather than the key of areas of its own, gives the tax
// areas of those five counties, each with the city and the Metropolitan
// Commuter Transportation District, and Manhattan's is the area an
// address lookup of 10118 gives; not the area of another place (keyed
// to Yonkers in the Bronx) that lists the city too. It gave one area, Queens with the city
// and without the district, whose ID a calculation then taxed without
// the district's 0.375%.
func TestPlaceCodeSpanningCounties(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	resp, err := r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: "3651000", Country: "US"})
	if err != nil {
		t.Fatal(err)
	}
	if len(resp.LookupResults) != 5 {
		t.Errorf("%d results, want one in each of the five boroughs", len(resp.LookupResults))
	}
	counties := map[string]string{}
	for _, res := range resp.LookupResults {
		js := ids(res)
		if !slices.Contains(js, "US-3651000") || !slices.Contains(js, "US-NY-D-MCTD") {
			t.Errorf("%s: %v, want the city and US-NY-D-MCTD", res.TaxAreaID, js)
		}
		if len(js) > 2 {
			counties[js[2]] = res.TaxAreaID
		}
	}
	for _, c := range []string{"US-36005", "US-36047", "US-36061", "US-36081", "US-36085"} {
		if _, ok := counties[c]; !ok {
			t.Errorf("no result in %s: %v", c, counties)
		}
	}
	addr, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{PostalCode: "10118"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := addr.LookupResults[0].TaxAreaID; counties["US-36061"] != got {
		t.Errorf("Manhattan by the city's code: %s, by ZIP code 10118: %s", counties["US-36061"], got)
	}
	// A place that keys areas of its own still gives those alone.
	resp, err = r.LookupExternal(ctx, wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: "0644000", Country: "US"})
	if err != nil {
		t.Fatal(err)
	}
	for _, res := range resp.LookupResults {
		if !slices.Contains(ids(res), "US-0644000") {
			t.Errorf("Los Angeles: %v", ids(res))
		}
	}
}

// TestUnknownPaddedCodeNamesTheCodeSent: a US code of digits that finds
// nothing once its leading zero is given back (006037, six digits, read
// as the place code 0006037) is refused naming the code as it was sent,
// and what it was read as; the answer named 0006037 alone, a code the
// caller never sent.
func TestUnknownPaddedCodeNamesTheCodeSent(t *testing.T) {
	r := resolver(t)
	_, err := r.LookupExternal(context.Background(), wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: "006037", Country: "US"})
	wantField(t, err, levy.ENotFound, "externalJurisdictionCode")
	if msg := err.Error(); !strings.Contains(msg, "the code 006037 (read as 0006037") {
		t.Errorf("%q does not name the code sent and the code read", msg)
	}
	_, err = r.LookupExternal(context.Background(), wire.ExternalJurisdictionLookupRequest{ExternalJurisdictionCode: "98765", Country: "US"})
	if msg := err.Error(); !strings.Contains(msg, "the code 98765") || strings.Contains(msg, "read as") {
		t.Errorf("an unpadded code: %q", msg)
	}
}

// TestChannelIslandsPostcodeWithGB: an address in Jersey or Guernsey
// written, as Royal Mail's scheme gives the islands their postcodes
// (JE, GY), with the country GB is placed in Jersey or Guernsey, which
// the United Kingdom's VAT does not reach, with a status that says so;
// it was the United Kingdom at confidence 100, and a sale to St Helier
// bore UK VAT. Postcodes of Great Britain (Guildford's GU beside
// Guernsey's GY), of Northern Ireland and of the Isle of Man, which is
// in the UK's VAT area, stay the United Kingdom's.
func TestChannelIslandsPostcodeWithGB(t *testing.T) {
	r := resolver(t)
	ctx := context.Background()
	for _, c := range []struct{ postcode, country, want string }{
		{"JE2 3AB", "GB", "JE"}, {"je2 3ab", "United Kingdom", "JE"}, {"JE1 1AA", "GBR", "JE"},
		{"GY1 1AA", "GB", "GG"}, {"GY9 3AA", "GB", "GG"}, {"gy10 1sd", "GB", "GG"},
		{"GU1 1AA", "GB", "GB"}, {"SW1A 1AA", "GB", "GB"}, {"BT1 1AA", "GB", "GB"}, {"IM1 1AA", "GB", "GB"},
		{"JE2 3AB", "JE", "JE"}, {"GY1 1AA", "GG", "GG"},
	} {
		resp, err := r.LookupAddress(ctx, wire.AddressLookupRequest{PostalAddress: wire.PostalAddress{City: "X", PostalCode: c.postcode, Country: c.country}})
		if err != nil {
			t.Errorf("%s %s: %v", c.country, c.postcode, err)
			continue
		}
		res := resp.LookupResults[0]
		if got := leafID(res); got != c.want || res.ConfidenceIndicator != "100" {
			t.Errorf("%s %s: %s at %s, want %s at 100", c.country, c.postcode, got, res.ConfidenceIndicator, c.want)
			continue
		}
		moved := c.want != "GB" && c.country != c.want
		said := len(res.Statuses) == 1 && res.Statuses[0].LookupResult == wire.Normal &&
			strings.Contains(res.Statuses[0].Value, "which the taxes of GB (United Kingdom) do not reach")
		if moved != said {
			t.Errorf("%s %s: statuses %+v; a postcode of an island outside the UK's taxes says so, another does not", c.country, c.postcode, res.Statuses)
		}
	}
}
