// Package nm is New Mexico's part of the generator of Levy's dataset:
// the builder of its local content, beside its note nm.md and its
// curated tables.
package nm

import (
	"embed"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/datagen"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// files are the files of the folder that the generator reads.
//
//go:embed nm.md *.csv
var files embed.FS

// New returns New Mexico's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "NM", Files: files, Build: build}
}

// build builds the local content of New Mexico: see nm.md.
//
// New Mexico's local gross receipts taxes (the counties' and the
// municipalities' increments) are rated and reported by location code
// ("01-123 Santa Fe (City)"): one rate per municipality in a county, one
// for the remainder of each county, and a few for special locations
// (tax increment development districts, airports, water and sanitation
// districts). TaxLocus lists each location as a special_district row
// whose rate is the location's local rate (its combined rate less the
// state's 4.875%), rounded to 0.001%. The sources give no split into the
// county's and the municipality's increments, so each location code is
// one jurisdiction, "US-NM-D" and the code:
//
//   - "Remainder Of County - X" (code CC-0CC): a DISTRICT in the county
//     outside its municipalities;
//   - a row naming an incorporated Census place in the county of its code:
//     a CITY in that place's part of the county;
//   - any other location: represented by the location of the same county
//     whose rate it has (the municipality its name gives, else the
//     remainder), refused when there is none.
//
// Where OpenSalesTax gives the same location to 0.0001% and it rounds to
// TaxLocus's 0.001%, its unrounded rate is used.
func build(s *datagen.State, in *datagen.Inputs) error {
	rows := in.Taxlocus[s.Sub.Code]
	// The counties of the location codes, from the remainder rows.
	countyOf := map[string]string{}
	for _, row := range rows {
		m := nmRemainderRe.FindStringSubmatch(row.Label)
		if m == nil && strings.HasPrefix(row.Label, "Los Alamos City And County") {
			m = []string{row.Label, "Los Alamos"}
		}
		if m != nil {
			fips, ok := s.County(m[1])
			if !ok {
				return fmt.Errorf("%s: no county %q", row.Ref, m[1])
			}
			countyOf[nmPrefix(row.Code)] = fips
		}
	}
	ost, err := nmOSTRates(s, in)
	if err != nil {
		return err
	}
	period := civil.Period{}
	define := func(row datagen.Row, t jurisdiction.Type, name string, v decimal.Decimal, where datagen.Scope) error {
		if _, err := s.AddDistrict(s.DistrictID(row.Code, ""), t, name, row.Code, v, period, datagen.SrcTaxlocus, where); err != nil {
			return fmt.Errorf("%s: %w", row.Ref, err)
		}
		return nil
	}
	var special []datagen.Row
	for _, row := range rows {
		fips := countyOf[nmPrefix(row.Code)]
		if fips == "" {
			s.Refuse(row, "location code %s names no county of New Mexico that the remainder rows give", row.Code)
			continue
		}
		county := s.Juris("US-" + fips).Name
		switch {
		case nmRemainderRe.MatchString(row.Label):
			if err := define(row, jurisdiction.District, county+" County outside municipalities (location "+row.Code+")", row.Rate, datagen.Scope{Kind: datagen.ScopeUninc, County: fips}); err != nil {
				return err
			}
			s.Represent(row, s.DistrictID(row.Code, ""))
		case strings.HasPrefix(row.Label, "Los Alamos City And County"):
			// A consolidated city and county without incorporated places.
			if err := define(row, jurisdiction.District, "Los Alamos County (location "+row.Code+")", row.Rate, datagen.Scope{Kind: datagen.ScopeCounty, County: fips}); err != nil {
				return err
			}
			s.Represent(row, s.DistrictID(row.Code, ""))
		default:
			name := nmPlaceName(row.Label)
			if strings.Contains(name, "(") && !strings.Contains(name, "Municipality") {
				// "Springer (Water & Sanitation Facility)": a special
				// location named after a municipality, not the
				// municipality's (whose name the Census matches).
				special = append(special, row)
				continue
			}
			p, ok := s.Place(name, fips)
			if !ok || !p.Incorporated {
				if q, ok := s.Place(name, ""); ok && q.Incorporated && strings.Contains(row.Label, "(") {
					s.Refuse(row, "%s's part in %s County: the Census's 2015 boundary of %s does not reach into that county, so the part has no place", q.Name, county, q.Name)
					continue
				}
				special = append(special, row)
				continue
			}
			v := row.Rate
			key := p.Code + "@" + fips
			if o, has := ost[key]; has && o.rate.Round(5).Equal(row.Rate) && !o.rate.Equal(row.Rate) {
				v = o.rate
			}
			if ids := s.ScopeJuris(datagen.Scope{Kind: datagen.ScopePlace, Place: p.Code, County: fips}); len(ids) > 0 {
				return fmt.Errorf("%s: a second location for %s in %s County (%s has one)", row.Ref, p.Name, county, ids[0])
			}
			label := p.Name
			if len(p.Counties) > 1 {
				label += " (" + county + " County part)"
			}
			if err := define(row, jurisdiction.City, label+" (location "+row.Code+")", v, datagen.Scope{Kind: datagen.ScopePlace, Place: p.Code, County: fips}); err != nil {
				return err
			}
			if v.Equal(row.Rate) {
				s.Represent(row, s.DistrictID(row.Code, ""))
			} else {
				s.Refuse(row, "%s%% is the location's rate rounded to 0.001%%: OpenSalesTax's %s%% for the same location (%s) rounds to it and is used", row.Rate.Shift(2), v.Shift(2), ost[key].ref)
			}
		}
	}
	// The special locations, by the rate of the location they lie in.
	for _, row := range special {
		fips := countyOf[nmPrefix(row.Code)]
		var same []string
		for _, id := range s.LocalJuris() {
			j := s.Juris(id)
			if !strings.HasPrefix(j.ExternalCode, nmPrefix(row.Code)+"-") {
				continue
			}
			if v, _ := s.RateOn(id, row.When); v.Equal(row.Rate) {
				same = append(same, id)
			}
		}
		var by string
		if within := nmWithin[nmTIDDName(row.Label)]; within != "" {
			for _, id := range same {
				if strings.HasPrefix(s.Juris(id).Name, within+" (") {
					by = id
				}
			}
		}
		for _, id := range same {
			name := s.Juris(id).Name
			name = name[:strings.Index(name, " (")]
			if strings.Contains(strings.ToUpper(row.Label), strings.ToUpper(name)) {
				by = id
			}
		}
		rem := s.DistrictID(nmPrefix(row.Code)+"-0"+nmPrefix(row.Code), "")
		if by == "" && slices.Contains(same, rem) {
			by = rem
		}
		county := s.Juris("US-" + fips).Name
		switch {
		case by != "":
			// Same rate as the location it lies in: it changes nothing.
			s.Represent(row, by)
			s.Log().Debug("New Mexico: special location", "row", row.Label, "in", s.Juris(by).Name)
		case len(same) > 0:
			var names []string
			for _, id := range same {
				names = append(names, s.Juris(id).Name)
			}
			s.Refuse(row, "a special location of %s County (%s) whose extent the data does not give; its %s%% equals the rate of %s, but the data does not say it lies there", county, nmKind(row.Label), row.Rate.Shift(2), strings.Join(names, " and "))
		default:
			s.Refuse(row, "a special location of %s County (%s) whose extent the data does not give, with a rate (%s%%) of its own", county, nmKind(row.Label), row.Rate.Shift(2))
		}
	}
	s.CompareTaxlocusStateRate(in)
	return nmReconcileOST(s, in, ost)
}

// nmRemainderRe reads the name of a county's remainder row.
var nmRemainderRe = regexp.MustCompile(`^Remainder Of County - (.+)$`)

// nmPrefix returns the county part of a location code ("01" of "01-123").
func nmPrefix(code string) string {
	p, _, _ := strings.Cut(code, "-")
	return p
}

// nmSuffixRe strips what a location's name adds to the municipality's:
// the county of a municipality with parts in several, "(City)", and the
// source's asterisk.
var nmSuffixRe = regexp.MustCompile(`(?i)\s*\((city|bernalillo|sandoval|santa fe|rio arriba|harding|san miguel)\)\s*$`)

// nmPlaceName returns the municipality a location's name names.
func nmPlaceName(label string) string {
	return nmSuffixRe.ReplaceAllString(strings.TrimSpace(strings.ReplaceAll(label, "*", "")), "")
}

// nmKind says what kind of special location a row names.
func nmKind(label string) string {
	l := " " + strings.ToUpper(label) + " "
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(l, w) {
				return true
			}
		}
		return false
	}
	switch {
	case has(" TID ", " TIDD", " TIF ", " TID DISTRICT"):
		return "a tax increment development district"
	case has(" AIRPORT"):
		return "a municipal airport outside the city"
	case has(" WATER ", "SANITATION"):
		return "a water and sanitation district"
	case has("(D)", " LAND ", " PARK ", " CANYON ", "FAIRGROUNDS"):
		return "land of a municipality or of the state outside city limits"
	}
	return "a location the Census's 2015 places do not hold"
}

// nmTIDDName returns the name of a tax increment development district
// without its number ("Mesa Del Sol Tid District 2" -> "MESA DEL SOL").
func nmTIDDName(label string) string {
	l := strings.ToUpper(label)
	for _, cut := range []string{" TID", " -"} {
		if i := strings.Index(l, cut); i > 0 {
			l = l[:i]
		}
	}
	return strings.TrimSpace(l)
}

// nmWithin names the municipality that formed a tax increment
// development district whose name does not say it: the City of
// Albuquerque formed the Mesa del Sol, Winrock Town Center, UNM South
// Campus and Lower Petroglyphs districts. Their rate is Albuquerque's.
var nmWithin = map[string]string{
	"MESA DEL SOL":        "Albuquerque",
	"WINROCK TOWN CENTER": "Albuquerque",
	"SOUTH CAMPUS":        "Albuquerque",
	"LOWER PETROGLYPHS":   "Albuquerque",
}

// nmOSTLocation is a location of OpenSalesTax's NM_LOCATION_RATES.
type nmOSTLocation struct {
	ref  string
	rate decimal.Decimal // a fraction
}

// nmOSTRates returns OpenSalesTax's local rates of New Mexico by place
// code and county ("3502000@35001").
func nmOSTRates(s *datagen.State, in *datagen.Inputs) (map[string]nmOSTLocation, error) {
	out := map[string]nmOSTLocation{}
	o := in.OST[s.Sub.Code]
	if o == nil {
		return out, nil
	}
	cs, err := o.Cities("NM_LOCATION_RATES")
	if err != nil {
		return nil, err
	}
	for _, c := range cs {
		fips, ok := s.County(c.County)
		if !ok || c.Rate == nil {
			continue
		}
		if p, ok := s.Place(c.Name, fips); ok {
			out[p.Code+"@"+fips] = nmOSTLocation{ref: "NM_LOCATION_RATES/" + c.Name, rate: c.Rate.Shift(-2)}
		}
	}
	return out, nil
}

// nmReconcileOST accounts for OpenSalesTax's New Mexico rows: the state
// rate, and each location by the municipality's location in its county.
func nmReconcileOST(s *datagen.State, in *datagen.Inputs, ost map[string]nmOSTLocation) error {
	hintsOnly := *in
	hintsOnly.OSTRows = map[string][]datagen.Row{}
	if err := s.ReconcileOST(&hintsOnly); err != nil {
		return err
	}
	byRef := map[string]string{}
	for key, o := range ost {
		byRef[o.ref] = key
	}
	for _, row := range in.OSTRows[s.Sub.Code] {
		if row.Ref == "NM_STATE_RATE_PCT/NM_STATE_RATE_PCT" {
			s.CompareStateRate(row)
			continue
		}
		key, ok := byRef[row.Ref]
		if !ok {
			s.Refuse(row, "no single Census place of New Mexico is named %q in the county OpenSalesTax gives", row.Label)
			continue
		}
		code, county, _ := strings.Cut(key, "@")
		var id string
		for _, j := range s.ScopeJuris(datagen.Scope{Kind: datagen.ScopePlace, Place: code, County: county}) {
			if s.Juris(j).Type == jurisdiction.City {
				id = j
			}
		}
		if id == "" {
			s.Refuse(row, "TaxLocus has no location of %s in that county", row.Label)
			continue
		}
		v, _ := s.RateOn(id, row.When)
		switch {
		case v.Equal(row.Rate):
			s.Represent(row, id)
		default:
			s.Refuse(row, "%s%% disagrees with TaxLocus's %s%% for the same location (%s), which wins: TaxLocus lists every location of the Taxation and Revenue Department's schedule, while OpenSalesTax's module says its rates came through SalesTaxHandbook, a commercial compilation",
				row.Rate.Shift(2), v.Shift(2), s.Juris(id).ExternalCode)
		}
	}
	return nil
}
