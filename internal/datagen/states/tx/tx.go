// Package tx is Texas's part of the generator of Levy's dataset:
// the builder of its local content, beside its note tx.md and its
// curated tables.
package tx

import (
	"embed"
	"fmt"
	"maps"
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
//go:embed tx.md *.csv
var files embed.FS

// New returns Texas's part of the generator.
func New() datagen.StateDef {
	return datagen.StateDef{Code: "TX", Files: files, Build: build}
}

// build builds the local content of Texas: see tx.md.
//
// TaxLocus's Texas rows follow the Comptroller's list of local taxing
// jurisdictions, each with its own rate: counties (countywide), cities
// (the city's own rate, its economic development and street maintenance
// taxes included), transit authorities, and special purpose districts.
// The builder reads them as follows:
//
//   - county and city rows the common way, with the state's mapping
//     (tx-taxlocus.csv) for the transit authorities
//     and their member cities, the special districts whose area a public
//     source gives, and the rows to refuse;
//   - a special purpose district named for a city and a kind that the
//     Local Government Code bounds by the city (crime control and
//     prevention, fire control, municipal development) is a district of
//     that city;
//   - a city row named "City/Other" is a combined area (the part of a
//     city that lies in another district or county): it is represented
//     by the city where its rate is the city's, and refused otherwise;
//   - every other special district is refused: the data gives no
//     boundary for it.
//
// At the end no area may have local rates above the 2% cap of the note.
func build(s *datagen.State, in *datagen.Inputs) error {
	// The common reading, and the mapping, of the rows but the special
	// districts and the combined areas that the mapping does not name.
	own, err := s.ApplyTaxlocusExcept(in, datagen.TaxlocusOptions{}, func(row datagen.Row) bool {
		return row.Kind == "special_district" || row.Kind == "city" && strings.Contains(row.Label, "/")
	})
	if err != nil {
		return err
	}
	var spds, combined []datagen.Row
	for _, row := range own {
		if row.Kind == "special_district" {
			spds = append(spds, row)
		} else {
			combined = append(combined, row)
		}
	}
	excused := txCountyCombinedAreas(s, datagen.TaxlocusDate)
	for _, row := range spds {
		if err := txSpecialDistrict(s, row); err != nil {
			return err
		}
	}
	for _, row := range combined {
		txCombinedArea(s, row)
	}
	for _, c := range txRateChanges {
		if err := s.StartRatesOn(c.id, c.from); err != nil {
			return err
		}
	}
	s.CompareTaxlocusStateRate(in)
	if err := txReconcileOST(s, in); err != nil {
		return err
	}
	for _, w := range slices.SortedFunc(maps.Keys(excused), func(a, b datagen.Scope) int { return strings.Compare(a.String(), b.String()) }) {
		s.Log().Info("Texas: a city at the cap reaches into a county with a county tax", "part", w.String(), "place", txPlaceName(s, w.Place))
	}
	return txCheckLocalCap(s, datagen.TaxlocusDate, excused)
}

// txRateChanges are the rate changes of Texas jurisdictions whose new
// rate is TaxLocus's (2026-08-18), with the day each began: that rate
// starts on it, and tx.csv gives the rate before it with its
// publication.
var txRateChanges = []struct {
	id   string
	from civil.Date
}{
	{"US-4865000", civil.New(2026, 1, 1)},     // San Antonio, 1.25% to 1.125% (its 1/8% passes to the ATD)
	{"US-TX-D-SA_ATD", civil.New(2026, 1, 1)}, // San Antonio ATD, 0.25% to 0.375% (ATD Proposition A of 2020)
}

// txCityDistrictKinds are the special purpose districts that Texas law
// bounds by a city: the name TaxLocus gives them (the city's name, then
// words saying the kind, often cut short), the kind, and the law.
var txCityDistrictKinds = []struct {
	re    *regexp.Regexp
	kind  string // the full name's ending
	short string // for the ID
}{
	// Local Government Code chapter 363: the district's boundaries are
	// the city's.
	{regexp.MustCompile(`(?i)^(.+?)\s+(crime|crm|cr co|cc\b|cc &|ccpd)`), "Crime Control and Prevention District", "CCPD"},
	// Local Government Code chapter 344: fire control, prevention and
	// emergency medical services districts, bounded by the city.
	{regexp.MustCompile(`(?i)^(.+?)\s+fire\b`), "Fire Control, Prevention and Emergency Medical Services District", "FCPEMSD"},
	// Local Government Code chapter 377: municipal development
	// districts, bounded by the city (and, where the city chose, parts
	// of its extraterritorial jurisdiction).
	{regexp.MustCompile(`(?i)^(.+?)\s+(mun\b|muni\b|munic\b|municipal\b|mdd\b)`), "Municipal Development District", "MDD"},
}

// txSpecialDistrict reads a TaxLocus special district row of Texas: a
// district of a city where its name says so, refused otherwise.
func txSpecialDistrict(s *datagen.State, row datagen.Row) error {
	for _, k := range txCityDistrictKinds {
		m := k.re.FindStringSubmatch(row.Label)
		if m == nil {
			continue
		}
		p, ok := s.Place(m[1], "")
		if !ok || !p.Incorporated {
			s.Refuse(row, "a %s of a city %q that is no single incorporated Census place of Texas", strings.ToLower(k.kind), m[1])
			return nil
		}
		id := s.DistrictID("", p.Name+" "+k.short)
		if s.Defines(id) {
			v, _ := s.RateOn(id, row.When)
			if !v.Equal(row.Rate) {
				s.Refuse(row, "%s already has %s%% from another row; this row's %s%% is not used", id, v.Shift(2), row.Rate.Shift(2))
				return nil
			}
			s.Represent(row, id)
			return nil
		}
		// The district applies in the city's parts in the counties where
		// it fits under the cap: the law forbids a combined local rate
		// above 2% at any location, so where the city and its county
		// already reach it, the district does not tax.
		var fits []string
		for _, c := range p.Counties {
			if txPartRate(s, c.FIPS, p, row.When).Add(row.Rate).LessThanOrEqual(*s.Note.LocalCap) {
				fits = append(fits, c.FIPS)
			}
		}
		if len(fits) == 0 {
			s.Refuse(row, "a %s of %s, whose %s%% does not fit under the 2%% cap beside the city's and its county's rates in any part of the city: a stale row, or the city's row already holds it", strings.ToLower(k.kind), p.Name, row.Rate.Shift(2))
			return nil
		}
		where := []datagen.Scope{{Kind: datagen.ScopePlace, Place: p.Code}}
		if len(fits) != len(p.Counties) {
			where = nil
			for _, c := range fits {
				where = append(where, datagen.Scope{Kind: datagen.ScopePlace, Place: p.Code, County: c})
			}
		}
		if _, err := s.AddDistrict(id, jurisdiction.SpecialPurposeDistrict, p.Name+" "+k.kind, "", row.Rate, civil.Period{}, datagen.SrcTaxlocus, where...); err != nil {
			return fmt.Errorf("%s: %w", row.Ref, err)
		}
		s.Represent(row, id)
		return nil
	}
	if m := txCountyHealthRe.FindStringSubmatch(row.Label); m != nil {
		return txCountyHealthDistrict(s, row, m[1], strings.HasPrefix(strings.ToUpper(m[3]), "HEALTH"))
	}
	s.Refuse(row, "%s", txDistrictRefusal(row.Label))
	return nil
}

// txCountyHealthRe reads the name of a county's hospital district or
// county health services tax ("Midland Cty Hosp Dis", "Aransas Co
// Health Serv"): the county, then the kind.
var txCountyHealthRe = regexp.MustCompile(`(?i)^(.+?)\s+(co|cty|county)\.?\s+(hosp|health)`)

// txCountyHealthDistrict reads a hospital district or health services
// tax named for a county: countywide (a county hospital district created
// by special law covers its county; the county health services tax of
// Tax Code chapter 324 is the county's), when its rate fits under the
// cap everywhere in the county, and refused otherwise.
func txCountyHealthDistrict(s *datagen.State, row datagen.Row, county string, health bool) error {
	fips, ok := s.County(county)
	if !ok {
		s.Refuse(row, "a hospital or health services district of a county %q that is not a Texas county", county)
		return nil
	}
	name := s.Juris("US-" + fips).Name
	limit := *s.Note.LocalCap
	var over []string
	if txPartRate(s, fips, nil, row.When).Add(row.Rate).GreaterThan(limit) {
		over = append(over, "the unincorporated county")
	}
	for _, p := range s.Places() {
		if p.Incorporated && p.InCounty(fips) && txPartRate(s, fips, p, row.When).Add(row.Rate).GreaterThan(limit) {
			over = append(over, p.Name)
		}
	}
	if len(over) > 0 {
		s.Refuse(row, "a hospital or health services district of %s County whose %s%% would exceed the 2%% cap in %s: it does not cover the whole county, and the data gives no boundary for it",
			name, row.Rate.Shift(2), strings.Join(over, ", "))
		return nil
	}
	kind, short := " County Hospital District", "HD"
	if health {
		kind, short = " County Health Services Tax", "HSD"
	}
	id, err := s.AddDistrict("US-"+fips+"-"+short, jurisdiction.SpecialPurposeDistrict, name+kind, "", row.Rate, civil.Period{}, datagen.SrcTaxlocus,
		datagen.Scope{Kind: datagen.ScopeCounty, County: fips})
	if err != nil {
		return fmt.Errorf("%s: %w", row.Ref, err)
	}
	s.Represent(row, id)
	return nil
}

// txDistrictRefusal says why a special district row of Texas is not
// used: what kind of district it is, and that the data has no boundary
// for it.
func txDistrictRefusal(name string) string {
	n := " " + strings.ToUpper(name) + " "
	kind := "a special purpose district"
	for _, k := range []struct{ words, kind string }{
		{"ERROR|UNSPECIFIED", ""},
		{"ESD|EMG DIST|EMER SERV|EMD |EMERG", "an emergency services district (Health and Safety Code chapter 775)"},
		{"ASST|ASSIST|ASD| AD|AD1|CAD", "a county assistance district (Local Government Code chapter 387)"},
		{"HOSP|HEALTH", "a hospital or health services district"},
		{"LIB", "a library district (Local Government Code chapter 326)"},
		{"MGMT|MGT|MANAGEMENT|MAN DIS| MD |MMD|DSZ", "a management district"},
		{"IMP|ID |SP IMP|TNSP|TOWNSHIP|EDZ", "an improvement district or township"},
		{"DEV|DD |DIS 1|DIS 2", "a development district"},
	} {
		for _, w := range strings.Split(k.words, "|") {
			if strings.Contains(n, w) {
				if k.kind == "" {
					return "a placeholder row of the source (no district of this name in the Comptroller's list), not a tax"
				}
				kind = k.kind
				goto found
			}
		}
	}
found:
	return kind + " whose boundary the data does not give (it follows no county or city line)"
}

// txPartRate returns the local rate on d of the part of place p (nil for
// the unincorporated county) in county c: the county's, where it
// applies there, and every other jurisdiction's.
func txPartRate(s *datagen.State, c string, p *datagen.Place, d civil.Date) decimal.Decimal {
	county := "US-" + c
	ids := s.MembersOf(c, p)
	in := slices.Contains(s.ScopeJuris(datagen.Scope{Kind: datagen.ScopeCounty, County: c}), county)
	if p == nil || !p.Incorporated {
		in = in || slices.Contains(s.ScopeJuris(datagen.Scope{Kind: datagen.ScopeUninc, County: c}), county)
	}
	if p != nil {
		in = in || slices.Contains(s.ScopeJuris(datagen.Scope{Kind: datagen.ScopePlace, Place: p.Code}), county) ||
			slices.Contains(s.ScopeJuris(datagen.Scope{Kind: datagen.ScopePlace, Place: p.Code, County: c}), county)
	}
	if in {
		ids = append(ids, county)
	}
	v := decimal.Zero
	for _, id := range ids {
		r, _ := s.RateOn(id, d)
		v = v.Add(r)
	}
	return v
}

// txCountyCombinedAreas returns the parts of cities whose own rates
// (with their transit authorities) leave no room for the tax of a
// county they reach into: a city at 2% lying partly in a county with a
// county tax. The Comptroller lists such parts as combined areas at the
// city's full rate (TaxLocus rows "Universal/Guadalupe", "Royse City/
// Hunt Co", "Farmersville/Hunt Co", each 2%), so the county's tax does
// not apply there; Levy's areas always carry their county's tax, so
// these parts come out above the cap (see the note's Not covered).
func txCountyCombinedAreas(s *datagen.State, d civil.Date) map[datagen.Scope]bool {
	limit := *s.Note.LocalCap
	out := map[datagen.Scope]bool{}
	for _, c := range s.Counties() {
		cv, _ := s.RateOn("US-"+c, d)
		if cv.IsZero() {
			continue
		}
		for _, p := range s.Places() {
			if p.Incorporated && p.InCounty(c) && txPartRate(s, c, p, d).GreaterThan(limit) && txPartRate(s, c, p, d).Sub(cv).LessThanOrEqual(limit) {
				out[datagen.Scope{Kind: datagen.ScopePlace, Place: p.Code, County: c}] = true
			}
		}
	}
	return out
}

// txCombinedRe reads the name of a combined area: the city, then the
// district or county it shares territory with.
var txCombinedRe = regexp.MustCompile(`^\s*([^/]+?)\s*/\s*(.+?)\s*$`)

// txCombinedArea reads a TaxLocus city row of Texas that names a
// combined area ("Kyle/Hays Co ESD 5"): a part of a city inside a
// special district or another county, where the Comptroller lists the
// city's rate again. It is represented by the city when the rate is the
// city's; otherwise the city's rate differs in a part of it whose extent
// the data does not give.
func txCombinedArea(s *datagen.State, row datagen.Row) {
	m := txCombinedRe.FindStringSubmatch(row.Label)
	if m == nil {
		s.Refuse(row, "not a combined area name")
		return
	}
	p, ok := s.Place(m[1], "")
	if !ok || !p.Incorporated {
		s.Refuse(row, "a combined area of %q and %s, whose city is no single incorporated Census place of Texas", m[1], m[2])
		return
	}
	id := "US-" + p.Code
	v, has := s.RateOn(id, row.When)
	switch {
	case has && v.Equal(row.Rate):
		s.Represent(row, id)
	case has:
		s.Refuse(row, "the combined area of %s and %s, whose extent the data does not give: its %s%% differs from the city's %s%% elsewhere", p.Name, m[2], row.Rate.Shift(2), v.Shift(2))
	default:
		s.Refuse(row, "the combined area of %s and %s, whose extent the data does not give; the city has no rate of its own row", p.Name, m[2])
	}
}

// txOSTTransit names the transit districts of OpenSalesTax's
// TX_TRANSIT_DISTRICTS table by the IDs of the mapping.
var txOSTTransit = map[string][]string{
	"Austin MTA (Capital Metro)":     {"US-TX-D-CAPMETRO"},
	"Corpus Christi MTA (RTA)":       {"US-TX-D-CCRTA"},
	"Dallas MTA (DART)":              {"US-TX-D-DART"},
	"El Paso MTA (Sun Metro)":        {"US-TX-D-EL_PASO_CTD"},
	"Fort Worth MTA (Trinity Metro)": {"US-TX-D-TRINITY_METRO"},
	"Houston MTA (METRO)":            {"US-TX-D-HOUSTON_METRO"},
	"San Antonio MTA (VIA + ATD)":    {"US-TX-D-VIA", "US-TX-D-SA_ATD"},
}

// txReconcileOST accounts for OpenSalesTax's Texas rows: the county
// rates by the counties, the transit districts by the authorities, and
// each city's "municipal portion" (every local rate at the city but the
// county's and the transit authority's) by the city and its districts.
// Its ZIP lists become ZIP hints.
func txReconcileOST(s *datagen.State, in *datagen.Inputs) error {
	st := s.Sub.Code
	hintsOnly := *in
	hintsOnly.OSTRows = map[string][]datagen.Row{}
	if err := s.ReconcileOST(&hintsOnly); err != nil {
		return err
	}
	cities, err := in.OST[st].Cities("TX_CITIES")
	if err != nil {
		return err
	}
	byName := map[string]datagen.OSTCity{}
	for _, c := range cities {
		byName[c.Name] = c
	}
	for _, row := range in.OSTRows[st] {
		table, key, _ := strings.Cut(row.Ref, "/")
		switch table {
		case st + "_STATE_RATE_PCT":
			s.CompareStateRate(row)
		case "TX_COUNTY_RATE_PCT":
			fips, ok := s.County(key)
			if !ok {
				s.Refuse(row, "no county of Texas is named %q", key)
				continue
			}
			s.RepresentIfSumWhy(row, "OpenSalesTax gives 0% to the counties its module did not audit (its comment says so); TaxLocus's county row, from the Comptroller's list, wins", []string{"US-" + fips})
		case "TX_TRANSIT_DISTRICTS":
			ids := txOSTTransit[key]
			if ids == nil {
				s.Refuse(row, "no transit authority of the Texas content is named %q", key)
				continue
			}
			s.RepresentIfSumWhy(row, "TaxLocus's rows, from the Comptroller's list, are later (2026-08-18) and give each authority its own rate: San Antonio's Advanced Transportation District rose from 1/4% to 3/8% on 2026-01-01 as the city's rate fell by 1/8% (ATD Proposition A of 2020), so they win", ids)
		case "TX_CITIES":
			c := byName[key]
			county, _ := s.County(c.County)
			p, ok := s.Place(key, county)
			if !ok {
				s.Refuse(row, "no single Census place of Texas is named %q", key)
				continue
			}
			if county == "" {
				county = p.MainCounty()
			}
			if !p.Incorporated {
				// A census-designated place has no city tax: its
				// portion can only be the unincorporated county's.
				uninc := append(s.MembersOf(county, nil), "US-"+county)
				s.RepresentIfSumWhy(row, fmt.Sprintf("%s is a census-designated place, not a city: it has no city tax, and the rest of OpenSalesTax's %s%% there would be districts (emergency services, assistance or transit) whose area the data does not give", p.Name, row.Rate.Shift(2)), uninc)
				continue
			}
			var ids []string
			for _, id := range s.MembersOf(county, p) {
				if s.Juris(id).Type != jurisdiction.TransitDistrict {
					ids = append(ids, id)
				}
			}
			if len(ids) == 0 {
				ids = []string{"US-" + p.Code}
			}
			// OpenSalesTax gives most counties 0%, folding the county's
			// tax into the city's portion.
			all := s.MembersOf(county, p)
			s.RepresentIfSumWhy(row, "OpenSalesTax derives a city's portion from a combined rate at the city's centre (its module says so) and gives most counties 0%; TaxLocus's rows, one per jurisdiction of the Comptroller's list, win",
				ids, append(slices.Clone(ids), "US-"+county), all, append(slices.Clone(all), "US-"+county))
		default:
			s.Refuse(row, "a table that the Texas builder does not read")
		}
	}
	return nil
}

// txCheckLocalCap fails when the local rates of an area (a county's
// unincorporated part, or a place in it) add up to more than the state's
// local cap on d: the content would then tax more than the law allows,
// and a district or a city rate is where it does not apply.
func txCheckLocalCap(s *datagen.State, d civil.Date, excused map[datagen.Scope]bool) error {
	if s.Note.LocalCap == nil {
		return nil
	}
	limit := *s.Note.LocalCap
	var over []string
	for _, c := range s.Counties() {
		if v := txPartRate(s, c, nil, d); v.GreaterThan(limit) {
			over = append(over, fmt.Sprintf("uninc:%s %s%% %v", c, v.Shift(2), s.MembersOf(c, nil)))
		}
		for _, p := range s.Places() {
			if !p.InCounty(c) {
				continue
			}
			if v := txPartRate(s, c, p, d); v.GreaterThan(limit) && !excused[datagen.Scope{Kind: datagen.ScopePlace, Place: p.Code, County: c}] {
				over = append(over, fmt.Sprintf("place:%s@%s (%s) %s%% %v", p.Code, c, p.Name, v.Shift(2), s.MembersOf(c, p)))
			}
		}
	}
	if len(over) == 0 {
		return nil
	}
	slices.Sort(over)
	if len(over) > 40 {
		over = append(over[:40], fmt.Sprintf("and %d more", len(over)-40))
	}
	return fmt.Errorf("local rates above the %s%% cap in:\n  %s", limit.Shift(2), strings.Join(over, "\n  "))
}

// txPlaceName returns the name of a place of Texas by its code.
func txPlaceName(s *datagen.State, code string) string {
	p, _ := s.PlaceByCode(code)
	if p == nil {
		return ""
	}
	return p.Name
}
