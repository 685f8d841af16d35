package console_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/levytax/levy/profile"
)

// TestConsoleJurisdictionParts checks the console's lists of the codes a
// request's jurisdiction reads as a part of the United States (US_PARTS
// and US_TERRITORIES in profile.js, served as the browser gets it)
// against profile.NormalizeJurisdiction, for every code of two and of
// three letters: the form of registrations tells by them whether the
// jurisdiction typed is a whole country, where a number of identity is a
// record of its own, and so which of the two records of a number it
// replaces ("TX" with a FEIN is Texas's tax registration, "DK" with a
// CVR Denmark's number of identity).
func TestConsoleJurisdictionParts(t *testing.T) {
	f := newFixture(t)
	status, _, body := f.get(t, "/console/js/profile.js")
	if status != 200 {
		t.Fatalf("GET profile.js: %d", status)
	}
	list := func(name string, size int) map[string]bool {
		t.Helper()
		m := regexp.MustCompile(`(?s)const ` + name + ` = \[(.*?)\];`).FindSubmatch(body)
		if m == nil {
			t.Fatalf("profile.js has no %s", name)
		}
		got := map[string]bool{}
		for _, c := range regexp.MustCompile(`'([^']*)'`).FindAllSubmatch(m[1], -1) {
			code := string(c[1])
			if len(code) != size || got[code] {
				t.Errorf("%s holds %q, which is no code of %d letters or is there twice", name, code, size)
			}
			got[code] = true
		}
		return got
	}
	parts, territories := list("US_PARTS", 2), list("US_TERRITORIES", 3)
	// inUS reports whether code, read as a request's jurisdiction, is
	// stored as a part of the United States.
	inUS := func(code string) bool {
		id, ok := profile.NormalizeJurisdiction(code)
		return ok && strings.HasPrefix(id, "US-")
	}
	var n2, n3 int
	for a := 'A'; a <= 'Z'; a++ {
		for b := 'A'; b <= 'Z'; b++ {
			code := string([]rune{a, b})
			if in := inUS(code); in != parts[code] {
				t.Errorf("%s is read as a part of the United States: %v; US_PARTS holding it: %v", code, in, parts[code])
			} else if in {
				n2++
			}
			for c := 'A'; c <= 'Z'; c++ {
				code := string([]rune{a, b, c})
				if in := inUS(code); in != territories[code] {
					t.Errorf("%s is read as a part of the United States: %v; US_TERRITORIES holding it: %v", code, in, territories[code])
				} else if in {
					n3++
				}
			}
		}
	}
	if n2 < 50 || n3 < 5 {
		t.Errorf("only %d codes of two letters and %d of three are read as parts of the United States; want the states, DC and the territories", n2, n3)
	}
}
