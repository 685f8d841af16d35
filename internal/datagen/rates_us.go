package datagen

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// addCountries adds a COUNTRY for every ISO 3166-1 code, plus Kosovo.
func addCountries(g *gen, b *ratesBuilder) error {
	var codes [][]string
	if err := readRatesJSON(g.path("codes/iso3166-codes.json"), &codes); err != nil {
		return err
	}
	var names struct {
		Countries map[string]json.RawMessage `json:"countries"`
	}
	if err := readRatesJSON(g.path("codes/iso3166-names-en.json"), &names); err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, c := range codes {
		if len(c) < 1 || len(c[0]) != 2 {
			return fmt.Errorf("iso3166-codes.json: bad entry %q", c)
		}
		a2 := c[0]
		name, err := countryName(names.Countries[a2])
		if err != nil {
			return fmt.Errorf("iso3166-names-en.json: %s: %w", a2, err)
		}
		if err := b.addJuris(jurisdiction.Jurisdiction{
			ID: a2, Type: jurisdiction.Country, Name: name, Country: a2, ExternalCode: a2,
		}); err != nil {
			return err
		}
		seen[a2] = true
	}
	// Kosovo has the user-assigned code XK; the source lists it, but make
	// sure it is there whatever the version of the list.
	if !seen["XK"] {
		if err := b.addJuris(jurisdiction.Jurisdiction{
			ID: "XK", Type: jurisdiction.Country, Name: "Kosovo", Country: "XK", ExternalCode: "XK",
		}); err != nil {
			return err
		}
	}
	g.addSource(Source{
		Key:     "iso3166-jurisdictions",
		Files:   "codes/iso3166-codes.json, codes/iso3166-names-en.json",
		What:    "the country jurisdictions: ISO 3166-1 alpha-2 codes (IDs and external codes) and English names (the first, official form where several are given); XK for Kosovo",
		From:    "npm i18n-iso-countries 7.14.0",
		Licence: "MIT",
	})
	return nil
}

// countryName reads a name that is either a string or a list whose first
// element is the official form.
func countryName(raw json.RawMessage) (string, error) {
	if len(raw) == 0 {
		return "", fmt.Errorf("no name")
	}
	var s string
	if json.Unmarshal(raw, &s) == nil && s != "" {
		return s, nil
	}
	var l []string
	if err := json.Unmarshal(raw, &l); err != nil || len(l) == 0 || l[0] == "" {
		return "", fmt.Errorf("unreadable name %s", raw)
	}
	return l[0], nil
}

// usCountyTypes gives the county-equivalent type of a state: parishes in
// Louisiana, boroughs (and census areas) in Alaska.
var usCountyTypes = map[string]jurisdiction.Type{"22": jurisdiction.Parish, "02": jurisdiction.Borough}

// addUSStatesCounties adds the states, DC and territories, and every county
// and county equivalent of the US atlas.
func addUSStatesCounties(g *gen, b *ratesBuilder) error {
	var atlas struct {
		Objects map[string]struct {
			Geometries []struct {
				ID         string `json:"id"`
				Properties struct {
					Name string `json:"name"`
				} `json:"properties"`
			} `json:"geometries"`
		} `json:"objects"`
	}
	if err := readRatesJSON(g.path("geo/counties-10m.json"), &atlas); err != nil {
		return err
	}
	states := 0
	for _, s := range jurisdiction.Subdivisions() {
		if s.Country != "US" {
			continue
		}
		if err := b.addJuris(jurisdiction.Jurisdiction{
			ID: s.ID(), Type: s.Type, Name: s.Name, Parent: "US", Country: "US", ExternalCode: s.FIPS,
		}); err != nil {
			return err
		}
		states++
	}
	if states != 56 {
		return fmt.Errorf("%d US states and territories, want 56", states)
	}
	// The atlas's state layer must name the same 56.
	for _, st := range atlas.Objects["states"].Geometries {
		if _, ok := jurisdiction.SubdivisionByFIPS(st.ID); !ok {
			return fmt.Errorf("counties-10m.json: state %s %q is not a known US state or territory", st.ID, st.Properties.Name)
		}
	}
	counties := atlas.Objects["counties"].Geometries
	fips5 := regexp.MustCompile(`^[0-9]{5}$`)
	for _, c := range counties {
		if !fips5.MatchString(c.ID) || c.Properties.Name == "" {
			return fmt.Errorf("counties-10m.json: bad county %q %q", c.ID, c.Properties.Name)
		}
		st, ok := jurisdiction.SubdivisionByFIPS(c.ID[:2])
		if !ok {
			return fmt.Errorf("counties-10m.json: county %s in unknown state", c.ID)
		}
		t, ok := usCountyTypes[c.ID[:2]]
		if !ok {
			t = jurisdiction.County
		}
		if err := b.addJuris(jurisdiction.Jurisdiction{
			ID: "US-" + c.ID, Type: t, Name: c.Properties.Name, Parent: st.ID(), Country: "US", ExternalCode: c.ID,
		}); err != nil {
			return err
		}
	}
	if len(counties) != 3231 {
		return fmt.Errorf("counties-10m.json: %d counties, want 3231", len(counties))
	}
	g.addSource(Source{
		Key:     "us-atlas-counties",
		Files:   "geo/counties-10m.json (objects counties and states: ids and names only)",
		What:    "the list of the 3,231 US counties and county equivalents (5-digit FIPS codes and names) and a cross-check of the 56 state FIPS codes; state names and postal codes are the project's own table (jurisdiction.Subdivisions)",
		From:    "npm us-atlas 3.0.1, built from the US Census Bureau cartographic boundary files (2017)",
		Licence: "ISC (packaging); the data are US government works in the public domain",
	})
	return nil
}

// addCanada adds the 13 provinces and territories.
func addCanada(g *gen, b *ratesBuilder) error {
	n := 0
	for _, s := range jurisdiction.Subdivisions() {
		if s.Country != "CA" {
			continue
		}
		if err := b.addJuris(jurisdiction.Jurisdiction{
			ID: s.ID(), Type: s.Type, Name: s.Name, Parent: "CA", Country: "CA", ExternalCode: s.ID(),
		}); err != nil {
			return err
		}
		n++
	}
	if n != 13 {
		return fmt.Errorf("%d Canadian provinces and territories, want 13", n)
	}
	return nil
}

// sstStates are the member states of the Streamlined Sales Tax agreement,
// whose base rates are not in the partial state table.
var sstStates = []string{"AR", "GA", "IN", "IA", "KS", "KY", "MI", "MN", "NE", "NV", "NJ", "NC", "ND", "OH", "OK", "RI", "SD", "UT", "VT", "WA", "WV", "WI", "WY"}

// noSalesTaxStates have no state sales tax; they get a 0% rate.
var noSalesTaxStates = []string{"AK", "DE", "MT", "NH", "OR"}

// addUSStateRates adds the state general rates: the partial table for the
// non-SST states, DC and PR, and the curated table for the SST members,
// Tennessee, the states without a sales tax and the earlier periods of
// the partial table's states that it lacks or gets wrong. A curated
// period that covers the first days of a row of the partial table wins:
// the row starts the day after it.
func addUSStateRates(g *gen, b *ratesBuilder) error {
	const partial = "rates/us-states/state-rates-partial.csv"
	t, err := readRatesTable(g.path(partial), "state", "rate_pct", "effective_from", "effective_to")
	if err != nil {
		return err
	}
	const curated = curatedRef + "us-state-rates-sst.csv"
	ct, err := readTableFile(g.curatedFile("us-state-rates-sst.csv"), curated, "state", "rate_pct", "effective_from", "effective_to", "citation")
	if err != nil {
		return err
	}
	earlier := map[string][]civil.Period{}
	for i, row := range ct.Rows {
		r, err := stateRateRow(ct, row, "")
		if err != nil {
			return fmt.Errorf("%s row %d: %w", curated, i+2, err)
		}
		if !r.Period.Expiration.IsZero() {
			st := ct.Get(row, "state")
			earlier[st] = append(earlier[st], r.Period)
		}
	}
	covered := map[string]bool{}
	for i, row := range t.Rows {
		st := t.Get(row, "state")
		r, err := stateRateRow(t, row, "us-state-rates")
		if err != nil {
			return fmt.Errorf("%s row %d: %w", partial, i+2, err)
		}
		if slices.Contains(sstStates, st) || st == "TN" {
			return fmt.Errorf("%s: %s is an SST state or TN and should not be there", partial, st)
		}
		for _, p := range earlier[st] {
			if p.Contains(r.Period.Effective) {
				r.Period.Effective = p.Expiration.AddDays(1)
			}
		}
		if !r.Period.Expiration.IsZero() && r.Period.Effective.After(r.Period.Expiration) {
			return fmt.Errorf("%s row %d: the curated periods of %s cover the whole row", partial, i+2, st)
		}
		if err := b.addRate(r); err != nil {
			return fmt.Errorf("%s row %d: %w", partial, i+2, err)
		}
		covered[st] = true
	}
	g.addSource(Source{
		Key:     "us-state-rates",
		Files:   partial,
		What:    "state general sales tax rates with effective dates for the 24 non-SST states, DC and PR (CA and VA include their statewide uniform local portion; AK is 0%)",
		From:    "OpenSalesTax compilation of the states' revenue department publications",
		Licence: "Apache-2.0 (compilation of public facts)",
	})

	citations := map[string][]string{}
	for i, row := range ct.Rows {
		st := ct.Get(row, "state")
		if covered[st] && ct.Get(row, "effective_to") == "" {
			// A state of the partial table may have earlier periods
			// here, which must end (addRate refuses overlaps).
			return fmt.Errorf("%s: %s is also in %s, and only its earlier periods may be here", curated, st, partial)
		}
		key := "us-state-" + strings.ToLower(st)
		r, err := stateRateRow(ct, row, key)
		if err != nil {
			return fmt.Errorf("%s row %d: %w", curated, i+2, err)
		}
		if err := b.addRate(r); err != nil {
			return fmt.Errorf("%s row %d: %w", curated, i+2, err)
		}
		cite := ct.Get(row, "citation")
		if cite == "" {
			return fmt.Errorf("%s row %d: no citation", curated, i+2)
		}
		citations[st] = append(citations[st], cite)
	}
	for _, st := range slices.Sorted(maps.Keys(citations)) {
		covered[st] = true
		sub, _ := jurisdiction.SubdivisionOf("US", st)
		g.addSource(Source{
			Key:     "us-state-" + strings.ToLower(st),
			Files:   curated,
			What:    sub.Name + " state general sales tax rate: " + strings.Join(citations[st], "; "),
			From:    "the state's own publication as cited (curated by the Levy project)",
			Licence: "public government information",
		})
	}
	for _, s := range jurisdiction.Subdivisions() {
		if s.Country == "US" && s.Type == jurisdiction.State && !covered[s.Code] {
			return fmt.Errorf("state %s has no state rate", s.Code)
		}
	}
	for _, st := range append(slices.Clone(sstStates), "TN") {
		if !covered[st] {
			return fmt.Errorf("%s: no rate for %s", curated, st)
		}
	}
	for _, st := range noSalesTaxStates {
		if !covered[st] {
			return fmt.Errorf("no 0%% rate recorded for %s, which has no sales tax", st)
		}
	}
	return nil
}

// stateRateRow reads one row of a state rate table.
func stateRateRow(t *Table, row []string, sourceKey string) (jurisdiction.Rate, error) {
	st := t.Get(row, "state")
	sub, ok := jurisdiction.SubdivisionOf("US", st)
	if !ok || sub.Code != st {
		return jurisdiction.Rate{}, fmt.Errorf("unknown state %q", st)
	}
	v, err := ratePercent(t.Get(row, "rate_pct"))
	if err != nil {
		return jurisdiction.Rate{}, err
	}
	from, err := ParseDate(t.Get(row, "effective_from"))
	if err != nil {
		return jurisdiction.Rate{}, err
	}
	to, err := ParseDate(t.Get(row, "effective_to"))
	if err != nil {
		return jurisdiction.Rate{}, err
	}
	return jurisdiction.Rate{
		Jurisdiction: sub.ID(), Tax: jurisdiction.SalesTax, Category: jurisdiction.General,
		Value: v, Period: civil.Period{Effective: from, Expiration: to}, Source: sourceKey,
	}, nil
}

// sstFiles are the SST rate files read, by state.
var sstFiles = []struct{ state, file string }{
	{"GA", "rates/us-sst/GAR2026Q2FEB19.csv"},
	{"MN", "rates/us-sst/MNR2026Q2FEB18.csv"},
	{"WI", "rates/us-sst/WIR2026Q2FEB18.csv"},
}

// SST jurisdiction type codes, as they appear in the rate files.
const (
	sstState        = "45"
	sstCounty       = "00"
	SSTCity         = "01"
	sstDistrictKind = "63"
)

// SSTRow is one parsed row of an SST rate file.
type SSTRow struct {
	Line          int
	Type, Code    string
	General, Food decimal.Decimal
	Period        civil.Period
}

// checkSSTState checks that the curated general state rate agrees with the
// state row of an SST file wherever both speak, and that both are in force
// at the end of the row.
func checkSSTState(b *ratesBuilder, stateID string, r SSTRow) error {
	found := false
	for _, c := range b.rates {
		if c.Jurisdiction != stateID || c.Category != jurisdiction.General {
			continue
		}
		if !c.Period.Overlaps(r.Period) {
			continue
		}
		if !c.Value.Equal(r.General) {
			return fmt.Errorf("state rate %s (%s..%s) disagrees with the curated %s (%s..%s)", r.General, r.Period.Effective, r.Period.Expiration, c.Value, c.Effective, c.Expiration)
		}
		if c.Expiration.IsZero() == r.Period.Expiration.IsZero() {
			found = true
		}
	}
	if !found {
		return fmt.Errorf("no curated state rate agrees with the SST state row")
	}
	return nil
}

// readSSTFile parses an SST rate file: no header, nine columns.
func readSSTFile(log *slog.Logger, path, stateFIPS string) ([]SSTRow, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	codeLen := map[string]int{sstState: 2, sstCounty: 3, SSTCity: 5, sstDistrictKind: 5}
	digits := regexp.MustCompile(`^[0-9]+$`)
	var rows []SSTRow
	for i, line := range strings.Split(strings.ReplaceAll(string(raw), "\r\n", "\n"), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, ",")
		if len(f) != 9 {
			return nil, fmt.Errorf("%s line %d: %d fields, want 9", path, i+1, len(f))
		}
		for k := range f {
			f[k] = strings.TrimSpace(f[k])
		}
		r := SSTRow{Line: i + 1, Type: f[1], Code: f[2]}
		if f[0] != stateFIPS {
			return nil, fmt.Errorf("%s line %d: state %s, want %s", path, i+1, f[0], stateFIPS)
		}
		n, ok := codeLen[r.Type]
		if !ok {
			return nil, fmt.Errorf("%s line %d: unknown jurisdiction type %q", path, i+1, r.Type)
		}
		if len(r.Code) != n || !digits.MatchString(r.Code) {
			return nil, fmt.Errorf("%s line %d: type %s code %q should be %d digits", path, i+1, r.Type, r.Code, n)
		}
		if r.Type == sstState && r.Code != stateFIPS {
			return nil, fmt.Errorf("%s line %d: state row for %s", path, i+1, r.Code)
		}
		if r.General, err = RateFraction(f[3]); err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, i+1, err)
		}
		if r.Food, err = RateFraction(f[5]); err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, i+1, err)
		}
		if r.Period.Effective, err = civil.ParseCompact(f[7]); err != nil {
			return nil, fmt.Errorf("%s line %d: %w", path, i+1, err)
		}
		switch f[8] {
		case "29991231", "99991231":
		default:
			if r.Period.Expiration, err = civil.ParseCompact(f[8]); err != nil {
				return nil, fmt.Errorf("%s line %d: %w", path, i+1, err)
			}
		}
		rows = append(rows, r)
	}
	// A row that starts on the last day of the previous row of the same
	// jurisdiction (WI county 078: ends 2020-03-31, next starts 2020-03-31)
	// is taken to start the day after: local rates change on the first of a
	// month. Longer overlaps are left for the builder's check to reject.
	byJuris := map[string][]int{}
	for i, r := range rows {
		byJuris[r.Type+r.Code] = append(byJuris[r.Type+r.Code], i)
	}
	for _, idx := range byJuris {
		slices.SortFunc(idx, func(a, b int) int { return rows[a].Period.Effective.Compare(rows[b].Period.Effective) })
		for k := 1; k < len(idx); k++ {
			prev, cur := &rows[idx[k-1]], &rows[idx[k]]
			if !prev.Period.Expiration.IsZero() && prev.Period.Expiration == cur.Period.Effective {
				log.Warn("SST rate file: one-day overlap, later row moved to the next day", "file", path, "line", cur.Line, "from", cur.Period.Effective)
				cur.Period.Effective = cur.Period.Effective.AddDays(1)
			}
		}
	}
	return rows, nil
}

// readRatesJSON decodes a JSON file.
func readRatesJSON(path string, v any) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
