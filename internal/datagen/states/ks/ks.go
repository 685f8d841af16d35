// Package ks is Kansas's part of the generator of Levy's dataset:
// the builder of its local content, beside its note ks.md and its
// curated tables.
package ks

import (
	"cmp"
	"embed"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
	"github.com/shopspring/decimal"
)

// files are the files of the folder that the generator reads.
//
//go:embed ks.md *.csv
var files embed.FS

// New returns Kansas's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "KS", Files: files, Build: build}
}

// build builds Kansas's local content: see ks.md.
//
// TaxLocus gives Kansas's counties (countywide rates), its cities (by
// their place FIPS codes, the city's own rate) and 1,375 "special
// district" rows of two kinds: the Kansas Department of Revenue's
// five-character jurisdiction codes, whose rate is the whole local rate
// at a location (county + city, or county + city + a district), and
// five-digit codes of special taxing districts with the district's own
// rate. The first are represented by the county and city that add up to
// them; a district's own part, whose area no source gives, is refused
// with its rate, as are the five-digit codes.
func build(s *datagen.State, in *datagen.Inputs) error {
	special, err := s.ApplyTaxlocusExcept(in, datagen.TaxlocusOptions{PlaceCodes: true}, func(row datagen.Row) bool {
		return row.Kind == "special_district"
	})
	if err != nil {
		return err
	}
	if err := ksJurisdictionCodes(s, special); err != nil {
		return err
	}
	for _, c := range ksRateChanges {
		if err := s.StartRatesOn(c.id, c.from); err != nil {
			return err
		}
	}
	s.CompareTaxlocusStateRate(in)
	return s.ReconcileOST(in)
}

// ksRateChanges are the rate changes of Kansas jurisdictions that the
// Department of Revenue announced with their dates and whose new rate is
// TaxLocus's (2026-08-18): that rate starts on the change, and ks.csv
// gives the rate before it, with the announcement and, for a city, the
// publication of its earlier rate.
var ksRateChanges = []struct {
	id   string
	from civil.Date
}{
	{"US-20055", civil.New(2026, 4, 1)},   // Finney County, 1.3% to 1.8%
	{"US-20085", civil.New(2026, 4, 1)},   // Jackson County, 1.4% to 1.65%
	{"US-20113", civil.New(2026, 4, 1)},   // McPherson County, 1.5% to 2%
	{"US-2013425", civil.New(2026, 4, 1)}, // Claflin, 0.5% to 0.75%
	{"US-2025925", civil.New(2026, 4, 1)}, // Garnett, 0.5% to 1.5%
	{"US-2051825", civil.New(2026, 4, 1)}, // Oakley, 0.5% to 1.5%
}

// ksCountyAbbrev are the two-letter county abbreviations that begin the
// Kansas Department of Revenue's jurisdiction codes of a city ("SNTOP":
// Shawnee County, Topeka), as its jurisdiction code booklet (Pub.
// KS-1700) lists them; they are the counties' vehicle-registration
// abbreviations.
var ksCountyAbbrev = map[string]string{
	"AL": "Allen", "AN": "Anderson", "AT": "Atchison", "BA": "Barber", "BT": "Barton", "BB": "Bourbon",
	"BR": "Brown", "BU": "Butler", "CS": "Chase", "CQ": "Chautauqua", "CK": "Cherokee", "CN": "Cheyenne",
	"CA": "Clark", "CY": "Clay", "CD": "Cloud", "CF": "Coffey", "CM": "Comanche", "CL": "Cowley",
	"CR": "Crawford", "DC": "Decatur", "DK": "Dickinson", "DP": "Doniphan", "DG": "Douglas", "ED": "Edwards",
	"EK": "Elk", "EL": "Ellis", "EW": "Ellsworth", "FI": "Finney", "FO": "Ford", "FR": "Franklin",
	"GE": "Geary", "GO": "Gove", "GH": "Graham", "GT": "Grant", "GY": "Gray", "GL": "Greeley",
	"GW": "Greenwood", "HM": "Hamilton", "HP": "Harper", "HV": "Harvey", "HS": "Haskell", "HG": "Hodgeman",
	"JA": "Jackson", "JF": "Jefferson", "JW": "Jewell", "JO": "Johnson", "KE": "Kearny", "KM": "Kingman",
	"KW": "Kiowa", "LB": "Labette", "LE": "Lane", "LV": "Leavenworth", "LC": "Lincoln", "LN": "Linn",
	"LG": "Logan", "LY": "Lyon", "MP": "McPherson", "MN": "Marion", "MS": "Marshall", "ME": "Meade",
	"MI": "Miami", "MC": "Mitchell", "MG": "Montgomery", "MR": "Morris", "MT": "Morton", "NM": "Nemaha",
	"NO": "Neosho", "NS": "Ness", "NT": "Norton", "OS": "Osage", "OB": "Osborne", "OT": "Ottawa",
	"PN": "Pawnee", "PL": "Phillips", "PT": "Pottawatomie", "PR": "Pratt", "RA": "Rawlins", "RN": "Reno",
	"RP": "Republic", "RC": "Rice", "RL": "Riley", "RO": "Rooks", "RH": "Rush", "RS": "Russell",
	"SA": "Saline", "SC": "Scott", "SG": "Sedgwick", "SW": "Seward", "SN": "Shawnee", "SD": "Sheridan",
	"SH": "Sherman", "SM": "Smith", "SF": "Stafford", "ST": "Stanton", "SV": "Stevens", "SU": "Sumner",
	"TH": "Thomas", "TR": "Trego", "WB": "Wabaunsee", "WA": "Wallace", "WS": "Washington", "WH": "Wichita",
	"WL": "Wilson", "WO": "Woodson", "WY": "Wyandotte",
}

// ksBase is what a county-and-city jurisdiction code stands for: the
// county, the city (nil where the code's rate is the county's alone)
// and their summed rate.
type ksBase struct {
	code   string
	county string // FIPS
	place  *datagen.Place
	juris  []string
	rate   decimal.Decimal
}

// ksJurisdictionCodes accounts for TaxLocus's Kansas special district
// rows: county codes ("COSHA"), county-and-city codes ("SNTOP"),
// district codes ("C1LEN", "TDLAW") and five-digit district codes.
func ksJurisdictionCodes(s *datagen.State, rows []datagen.Row) error {
	counties := map[string]string{} // abbreviation -> FIPS
	for ab, name := range ksCountyAbbrev {
		fips, ok := s.County(name)
		if !ok {
			return fmt.Errorf("no Kansas county %q", name)
		}
		counties[ab] = fips
	}
	if len(counties) != 105 {
		return fmt.Errorf("%d county abbreviations, want 105", len(counties))
	}
	pct := func(v decimal.Decimal) string { return v.Shift(2).String() + "%" }
	zipCounties := map[string]map[string]bool{} // place key of a ZIP's postal place -> its counties
	for _, z := range s.ZIPs() {
		if z.State != s.Sub.Code || z.Place == "" {
			continue
		}
		k := datagen.PlaceKey(z.Place)
		if zipCounties[k] == nil {
			zipCounties[k] = map[string]bool{}
		}
		for _, c := range z.Counties {
			zipCounties[k][c.FIPS] = true
		}
	}
	var districts, coRows []datagen.Row
	bases := map[string][]ksBase{} // city part of the code -> the county-and-city codes with it
	for _, row := range rows {
		code := row.Code
		switch {
		case len(code) == 5 && isDigits(code):
			s.Refuse(row, "a Kansas special taxing district (community improvement, transportation development or similar) known by its five-digit code alone: the source gives its own rate (%s) but neither its name, its city nor its area", pct(row.Rate))
			continue
		case len(code) != 5 || !isLetters(code):
			districts = append(districts, row)
			continue
		case strings.HasPrefix(code, "CO"):
			coRows = append(coRows, row)
			continue
		}
		fips, ok := counties[code[:2]]
		if !ok {
			districts = append(districts, row)
			continue
		}
		b, ok := ksCountyCity(s, code, fips, row.Rate, zipCounties)
		if !ok {
			districts = append(districts, row)
			continue
		}
		bases[code[2:]] = append(bases[code[2:]], b)
		s.Represent(row, b.juris...)
	}
	// County codes: those whose letters name one county of their rate
	// first, then the others among the counties left.
	taken := map[string]bool{}
	for pass := 0; pass < 2; pass++ {
		var left []datagen.Row
		for _, row := range coRows {
			if fips, ok := ksCountyCode(s, row.Code[2:], row.Rate, taken); ok {
				taken[fips] = true
				s.Represent(row, "US-"+fips)
			} else {
				left = append(left, row)
			}
		}
		coRows = left
	}
	for _, row := range coRows {
		s.Refuse(row, "Kansas DOR jurisdiction code %s (whole local rate %s): a county code whose letters name no county of that rate", row.Code, pct(row.Rate))
	}
	for _, row := range districts {
		suffix := ksCitySuffix(row.Code)
		var cands []ksBase
		for k, bs := range bases {
			if suffix != "" && strings.HasPrefix(k, suffix) {
				cands = append(cands, bs...)
			}
		}
		slices.SortFunc(cands, func(a, b ksBase) int { return cmp.Compare(a.code, b.code) })
		// The city is the one whose county-and-city code leaves the
		// district an own rate between none and 2% (the most a
		// community improvement district may levy, K.S.A. 12-6a31).
		var fit []ksBase
		for _, b := range cands {
			own := row.Rate.Sub(b.rate)
			if !own.IsNegative() && own.LessThanOrEqual(decimal.New(2, -2)) {
				fit = append(fit, b)
			}
		}
		switch {
		case len(fit) > 0 && sameJuris(fit) && fit[0].rate.Equal(row.Rate):
			s.Represent(row, fit[0].juris...)
		case len(fit) > 0 && sameJuris(fit):
			b := fit[0]
			s.Refuse(row, "Kansas DOR jurisdiction code %s, a special taxing district (community improvement, transportation development or similar) in %s (%s County): its whole local rate %s is %s (code %s) plus the district's own %s; the district's area is in no source, so it is not placed",
				row.Code, b.placeName(), s.Juris("US-"+b.county).Name, pct(row.Rate), pct(b.rate), b.code, pct(row.Rate.Sub(b.rate)))
		case len(fit) == 0:
			s.Refuse(row, "Kansas DOR jurisdiction code %s (whole local rate %s): no county-and-city code of the source with the city letters %q leaves it a district rate of 0 to 2%%, so its city cannot be told; a district whose area is in no source in any case", row.Code, pct(row.Rate), suffix)
		default:
			var names []string
			for _, b := range fit {
				names = append(names, fmt.Sprintf("%s (%s, own rate %s)", b.placeName(), b.code, pct(row.Rate.Sub(b.rate))))
			}
			s.Refuse(row, "Kansas DOR jurisdiction code %s (whole local rate %s), a special taxing district whose city is one of %s: the source does not say which, and the district's area is in no source", row.Code, pct(row.Rate), strings.Join(names, ", "))
		}
	}
	return nil
}

// placeName is the name of a base's city, or a phrase for a code that
// stands for its county alone.
func (b ksBase) placeName() string {
	if b.place == nil {
		return "a place without a city tax"
	}
	return b.place.Name
}

// sameJuris reports whether every base stands for the same
// jurisdictions.
func sameJuris(bs []ksBase) bool {
	for _, b := range bs[1:] {
		if !slices.Equal(b.juris, bs[0].juris) {
			return false
		}
	}
	return true
}

// ksCountyCode finds the county of a county code's three letters
// ("SHA" Shawnee, "CHQ" Chautauqua) whose rate is the row's, among the
// counties not taken by another code.
func ksCountyCode(s *datagen.State, ab string, rate decimal.Decimal, taken map[string]bool) (string, bool) {
	var names []string
	byName := map[string]string{}
	for _, fips := range s.Counties() {
		if taken[fips] {
			continue
		}
		if v, _ := s.RateOn("US-"+fips, datagen.TaxlocusDate); v.Equal(rate) {
			n := s.Juris("US-" + fips).Name
			names = append(names, n)
			byName[n] = fips
		}
	}
	found := abbreviated(ab, names)
	if len(found) != 1 {
		return "", false
	}
	return byName[found[0]], true
}

// ksCountyCity reads a county-and-city code: the incorporated place of
// the county whose name its last three letters abbreviate and whose
// city rate and the county's add up to the row's rate. A code whose
// rate is the county's alone stands for a city without a city tax.
func ksCountyCity(s *datagen.State, code, fips string, rate decimal.Decimal, zipCounties map[string]map[string]bool) (ksBase, bool) {
	county := "US-" + fips
	cr, _ := s.RateOn(county, datagen.TaxlocusDate)
	// The places of the county first; then the cities whose ZIP codes
	// reach into the county, for a city whose boundary the county's
	// lines barely cut (St. Marys in Wabaunsee County).
	for _, inCounty := range []bool{true, false} {
		var names []string
		byName := map[string]*datagen.Place{}
		for _, p := range s.Places() {
			id := "US-" + p.Code
			if !p.Incorporated || inCounty && !p.InCounty(fips) || !inCounty && (!s.Defines(id) || !zipCounties[datagen.PlaceKey(p.Name)][fips]) {
				continue
			}
			v := cr
			if s.Defines(id) {
				cv, _ := s.RateOn(id, datagen.TaxlocusDate)
				v = v.Add(cv)
			}
			if v.Equal(rate) && byName[p.Name] == nil {
				names = append(names, p.Name)
				byName[p.Name] = p
			}
		}
		found := abbreviated(code[2:], names)
		if len(found) > 1 {
			return ksBase{}, false
		}
		if len(found) == 1 {
			p := byName[found[0]]
			b := ksBase{code: code, county: fips, place: p, juris: []string{county}, rate: rate}
			if id := "US-" + p.Code; s.Defines(id) {
				b.juris = append(b.juris, id)
			}
			return b, true
		}
	}
	if cr.Equal(rate) {
		// A city without a city tax that the Census places of 2015 do
		// not know (Treece, disincorporated), or the county's own.
		return ksBase{code: code, county: fips, juris: []string{county}, rate: rate}, true
	}
	return ksBase{}, false
}

// abbreviated returns the names that ab abbreviates best: those it
// begins, else those whose letters it picks in order from the first
// over the shortest stretch ("GRY": Gray rather than Greeley).
func abbreviated(ab string, names []string) []string {
	var prefix []string
	for _, n := range names {
		if strings.HasPrefix(lettersOf(n), ab) {
			prefix = append(prefix, n)
		}
	}
	if len(prefix) > 0 {
		return prefix
	}
	best, out := 0, []string(nil)
	for _, n := range names {
		span := abbrevSpan(ab, n)
		switch {
		case span == 0:
		case best == 0 || span < best:
			best, out = span, []string{n}
		case span == best:
			out = append(out, n)
		}
	}
	return out
}

// ksCitySuffix is the part of a district code that names its city: the
// letters after its last digit ("C10OL": "OL"), or the last three
// letters of a code of letters ("TDLAW": "LAW").
func ksCitySuffix(code string) string {
	i := strings.LastIndexFunc(code, unicode.IsDigit)
	if i >= 0 {
		return code[i+1:]
	}
	if len(code) == 5 {
		return code[2:]
	}
	return ""
}

// lettersOf returns the letters of a name, folded to upper case
// ("St. Marys" -> "STMARYS").
func lettersOf(name string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' {
			return r
		}
		return -1
	}, datagen.FoldName(name))
}

// abbrevSpan returns how many letters of name ab's letters stretch
// over when its first letter is the name's and its others follow in
// order ("MIH" in Mission Hills: 8), or 0 when ab does not abbreviate
// name.
func abbrevSpan(ab, name string) int {
	n := lettersOf(name)
	if ab == "" || n == "" || n[0] != ab[0] {
		return 0
	}
	i := 1
	for k := 1; k < len(ab); k++ {
		j := strings.IndexByte(n[i:], ab[k])
		if j < 0 {
			return 0
		}
		i += j + 1
	}
	return i
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

func isLetters(s string) bool {
	return s != "" && strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == ""
}
