package profile

import (
	"strings"
	"sync"
	"unicode"

	"github.com/levytax/levy/jurisdiction"
)

// maxJurisdictionLen bounds a jurisdiction ID, in bytes.
const maxJurisdictionLen = 60

// JurisdictionForms describes the forms of a jurisdiction that
// NormalizeJurisdiction accepts, for the errors that refuse another.
const JurisdictionForms = "a country (US, FR, or by its three-letter ISO code: DEU, CAN), a state (US-TX, or TX), " +
	"or a Levy jurisdiction ID (US-4819000); a bare two-letter code that is a US state's is the state (DE is Delaware, DEU Germany)"

// NormalizeJurisdiction returns the stored form of a jurisdiction that a
// certificate or a registration names, and whether s has the form of a
// Levy jurisdiction ID: upper-case, surrounding spaces dropped, and
//
//   - a bare US state or territory code ("TX", "tx", "DE") read as the
//     state ("US-TX", "US-DE"): existing profiles name states so;
//   - an ISO 3166-1 alpha-3 code ("DEU", "CAN", "MLT") read as the
//     country, whose stored form is its alpha-2 code ("DE", "CA",
//     "MT"). It is how a country whose alpha-2 code is also a US state's
//     is named: "DE" is Delaware, "DEU" Germany. A US territory with
//     a country code of its own is the territory as Levy taxes it, a
//     part of the United States: "PRI" (Puerto Rico) is "US-PR", as
//     "PR" is, and likewise "GUM", "VIR", "ASM" and "MNP".
//
// Every other ID is kept as it is: a country ("US", "FR"), a state or
// province ("US-TX", "CA-BC"), or any other Levy jurisdiction ID
// ("US-4819000"), its first part two letters and the others letters,
// digits and underscores.
//
// The stored form is the jurisdiction ID that the engine uses, where a
// bare two-letter code is always a country: "DE" stored is Germany.
// Stored data that is read in again goes through JurisdictionInput
// first, which names such a country by its alpha-3 code.
//
// The form alone does not say that the jurisdiction exists:
// Validator.Jurisdiction does.
func NormalizeJurisdiction(s string) (string, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	switch {
	case len(s) == 2 && isLetters(s):
		if isUSState(s) {
			return "US-" + s, true
		}
		return s, true
	case len(s) == 3 && isLetters(s):
		a2, ok := jurisdiction.CountryAlpha2(s)
		if ok && isUSTerritory(a2) {
			// Puerto Rico, Guam and the other territories with an ISO
			// country code are taxed as parts of the United States: the
			// engine names them US-PR, never PR.
			return "US-" + a2, true
		}
		return a2, ok
	}
	return s, isSubdivisionForm(s)
}

// StoredJurisdiction reports whether s is a jurisdiction ID in its
// stored form, read as the engine reads IDs: a bare two-letter code is a
// country ("DE" is Germany), and an ID is upper-case, without spaces, as
// NormalizeJurisdiction returns it. A bare US state code that is no
// ISO 3166-1 country ("TX") is refused: it can only mean the state,
// whose stored form is "US-TX". Nor is a US territory's country code
// ("PR"): the engine taxes Puerto Rico as "US-PR" and never names a
// jurisdiction "PR", so a key "PR" would match nothing. The keys of a
// policy's rounding, which name the engine's jurisdictions as they are,
// are checked so.
func StoredJurisdiction(s string) bool {
	if len(s) == 2 {
		if !isLetters(s) || isUSTerritory(s) {
			return false
		}
		_, country := jurisdiction.CountryAlpha3(s)
		return country || !isUSState(s)
	}
	return isSubdivisionForm(s)
}

// JurisdictionInput returns the form of the stored jurisdiction id that
// NormalizeJurisdiction reads back as id: a country whose alpha-2 code is
// also a US state's by its alpha-3 code ("DE", Germany, gives "DEU";
// "CA", Canada, "CAN"), every other ID as it is ("US-DE", "FR",
// "CA-BC"). Exports and the routes that store a record they have read
// write it so, so that the record comes back as it was. A US territory
// is stored as "US-PR" and given so; a bare "PR", which only a profile
// stored while "PRI" was read as that country could hold, is given as
// "PRI" and so read back as the territory, "US-PR".
func JurisdictionInput(id string) string {
	if len(id) == 2 && isUSState(id) {
		if a3, ok := jurisdiction.CountryAlpha3(id); ok {
			return a3
		}
	}
	return id
}

// isUSState reports whether s, two capital letters, is the code of a US
// state, district or territory.
func isUSState(s string) bool {
	st, ok := jurisdiction.SubdivisionOf("US", s)
	return ok && st.Code == s
}

// isUSTerritory reports whether a2, an ISO 3166-1 alpha-2 code, is also
// the code of a territory of the United States that Levy taxes as one of
// its subdivisions (Puerto Rico, Guam, the U.S. Virgin Islands, American
// Samoa, the Northern Mariana Islands).
func isUSTerritory(a2 string) bool {
	st, ok := jurisdiction.SubdivisionOf("US", a2)
	return ok && st.Code == a2 && st.Type == jurisdiction.Territory
}

// isSubdivisionForm reports whether s, upper-case, has the form of a Levy
// jurisdiction ID below a country: two letters, a hyphen and parts of
// letters, digits and underscores separated by hyphens, a US state named
// by its code ("US-TX") being one.
func isSubdivisionForm(s string) bool {
	if len(s) > maxJurisdictionLen {
		return false
	}
	country, rest, ok := strings.Cut(s, "-")
	if len(country) != 2 || !isLetters(country) || !ok {
		return false
	}
	for _, part := range strings.Split(rest, "-") {
		if part == "" {
			return false
		}
		for _, r := range part {
			if !(unicode.IsUpper(r) || r >= '0' && r <= '9' || r == '_') {
				return false
			}
		}
	}
	// A state of the United States must be one: "US-XX" names a
	// subdivision by its code.
	if country == "US" && len(rest) == 2 && isLetters(rest) && !isUSState(rest) {
		return false
	}
	return true
}

// isLetters reports whether s is made of ASCII capital letters only.
func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'A' || s[i] > 'Z' {
			return false
		}
	}
	return true
}

// Covers reports whether a certificate or registration entry e (a
// stored jurisdiction, see NormalizeJurisdiction) covers the tax of the
// jurisdiction id:
//
//   - a country ("US") covers every jurisdiction of the country, and no
//     other: "DE" is Germany, which covers "DE-..." and never Delaware
//     ("US-DE") or a place in it ("US-1077580");
//   - a US state or a province ("US-TX", "CA-BC") covers itself and every
//     jurisdiction within it: an ID that starts with it ("US-TX-..."), or
//     a US county, place or district whose FIPS code starts with the
//     state's ("US-4819000" is in Texas, FIPS 48), or a Brazilian
//     municipality whose IBGE code starts with its state's ("BR-3509502",
//     Campinas, is in São Paulo, IBGE 35);
//   - any other ID covers that jurisdiction alone.
//
// It allocates nothing.
func Covers(e, id string) bool {
	if e == id {
		return true
	}
	if len(id) <= len(e) || id[:len(e)] != e || id[len(e)] != '-' {
		// Not a jurisdiction under e by its ID: under a US state by FIPS,
		// or a Brazilian state by IBGE code, perhaps.
		return coversByFIPS(e, id) || coversByIBGE(e, id)
	}
	// id starts with e and a hyphen: e is a country, or a subdivision
	// whose jurisdictions have IDs under its own.
	return len(e) == 2 || isSubdivision(e)
}

// coversByFIPS reports whether e is a US state and id a US county, place
// or district in it, named by a FIPS code that starts with the state's.
func coversByFIPS(e, id string) bool {
	if len(e) != 5 || e[:3] != "US-" || len(id) < 5 || id[:3] != "US-" || !isDigit(id[3]) || !isDigit(id[4]) {
		return false
	}
	a, b := e[3], e[4]
	if a < 'A' || a > 'Z' || b < 'A' || b > 'Z' {
		return false
	}
	f := stateFIPS()[a-'A'][b-'A']
	return f[0] != 0 && f[0] == id[3] && f[1] == id[4]
}

// coversByIBGE reports whether e is a Brazilian state and id a
// municipality in it, named by its 7-digit IBGE code, whose first two
// digits are the state's IBGE code.
func coversByIBGE(e, id string) bool {
	if len(e) != 5 || e[:3] != "BR-" || len(id) != 10 || id[:3] != "BR-" {
		return false
	}
	for i := 3; i < len(id); i++ {
		if !isDigit(id[i]) {
			return false
		}
	}
	code, ok := jurisdiction.BrazilIBGE(e[3:])
	return ok && id[3:5] == code
}

// stateFIPS is the FIPS code of each US state and territory by its
// two-letter code (zero for a pair that is none): Covers reads it on
// every tax of a line, where a lookup of the subdivision would cost a
// map's hashing.
var stateFIPS = sync.OnceValue(func() *[26][26][2]byte {
	var t [26][26][2]byte
	for _, s := range jurisdiction.Subdivisions() {
		if s.Country == "US" && len(s.Code) == 2 && isLetters(s.Code) && len(s.FIPS) == 2 {
			t[s.Code[0]-'A'][s.Code[1]-'A'] = [2]byte{s.FIPS[0], s.FIPS[1]}
		}
	}
	return &t
})

// isSubdivision reports whether e is a state or province: a country code,
// a hyphen and a subdivision code that jurisdiction.SubdivisionOf knows.
func isSubdivision(e string) bool {
	if len(e) < 4 || e[2] != '-' {
		return false
	}
	st, ok := jurisdiction.SubdivisionOf(e[:2], e[3:])
	return ok && st.Code == e[3:]
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
