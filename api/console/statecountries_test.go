package console_test

import (
	"regexp"
	"testing"

	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/profile"
)

// TestConsoleStateCountries checks the console's list of the countries
// whose code is also a US state's (STATE_COUNTRIES in profile.js, served
// as the browser gets it) against profile.JurisdictionInput: the page of
// registrations names a stored "DE" (Germany) "DEU" in the path that
// deletes it, where "DE" would name a registration in Delaware.
func TestConsoleStateCountries(t *testing.T) {
	f := newFixture(t)
	status, _, body := f.get(t, "/console/js/profile.js")
	if status != 200 {
		t.Fatalf("GET profile.js: %d", status)
	}
	table := regexp.MustCompile(`(?s)const STATE_COUNTRIES = \{(.*?)\};`).FindSubmatch(body)
	if table == nil {
		t.Fatal("profile.js has no STATE_COUNTRIES")
	}
	got := map[string]string{}
	for _, m := range regexp.MustCompile(`([A-Z]{2}): '([A-Z]{3})'`).FindAllSubmatch(table[1], -1) {
		got[string(m[1])] = string(m[2])
	}
	want := map[string]string{}
	for _, s := range jurisdiction.Subdivisions() {
		if s.Country != "US" {
			continue
		}
		if in := profile.JurisdictionInput(s.Code); in != s.Code {
			want[s.Code] = in
		}
	}
	if len(want) < 30 {
		t.Fatalf("only %d US state codes are countries' too; want DE, CA, MT and the others", len(want))
	}
	for code, in := range want {
		if got[code] != in {
			t.Errorf("STATE_COUNTRIES[%s] = %q; profile.JurisdictionInput(%q) = %q", code, got[code], code, in)
		}
	}
	for code := range got {
		if _, ok := want[code]; !ok {
			t.Errorf("STATE_COUNTRIES[%s] is no country whose code is a US state's", code)
		}
	}
}
