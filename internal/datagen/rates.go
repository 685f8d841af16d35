package datagen

import (
	"cmp"
	"encoding/csv"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/jurisdiction"
	"github.com/levytax/levy/money"
	"github.com/shopspring/decimal"
)

// The jurisdictions file: its name, binfmt kind and format version. The
// reader in package data must agree.
const (
	jurisFile    = "jurisdictions.lvd"
	jurisKind    = "jurisdictions"
	jurisVersion = 5
)

// rateDateOffset shifts day numbers so that every real date encodes as a
// positive number and 0 can stand for the zero Date.
const rateDateOffset = 1 << 20

// vatException is one postcode exception of the EU VAT file: postcodes of
// Country matching Pattern (anchored) belong to Jurisdiction.
type vatException struct {
	Country, Name, Pattern, Jurisdiction string
}

// ratesBuilder collects jurisdictions, rates and exceptions and checks them
// as they arrive.
type ratesBuilder struct {
	juris      map[string]jurisdiction.Jurisdiction
	rates      []jurisdiction.Rate
	exceptions []vatException
	// territoryRows are the rows of vat-territories.csv (addEUVAT reads
	// them), geo the VAT geography (addVATGeography).
	territoryRows []vatTerritoryRow
	geo           vatGeography
	// atCountryRates are the special territories of vat-territory-
	// postcodes.csv, which bear their country's rates: addTerritoryRates
	// copies the country's standard VAT rates to them once the
	// corrections are in.
	atCountryRates []territoryAtCountryRates
	// lowValue are the low-value import limits, and accruals the buyer's
	// accruals of single-stage taxes (addTaxProperties).
	lowValue []jurisdiction.LowValue
	accruals []jurisdiction.TaxAccrual
	// domesticRC are the domestic reverse charges (addTaxProperties).
	domesticRC []jurisdiction.DomesticReverseCharge
	// byJuris indexes rates by jurisdiction, until check sorts them.
	byJuris map[string][]int
}

// ratesOf returns the rates added so far of a jurisdiction.
func (b *ratesBuilder) ratesOf(id string) []jurisdiction.Rate {
	if b.byJuris == nil {
		// Sorted since: index the rates again.
		b.byJuris = map[string][]int{}
		for i, r := range b.rates {
			b.byJuris[r.Jurisdiction] = append(b.byJuris[r.Jurisdiction], i)
		}
	}
	out := make([]jurisdiction.Rate, 0, len(b.byJuris[id]))
	for _, i := range b.byJuris[id] {
		out = append(out, b.rates[i])
	}
	return out
}

// addJuris adds a jurisdiction; adding the same ID twice is an error.
func (b *ratesBuilder) addJuris(j jurisdiction.Jurisdiction) error {
	if j.ID == "" || !j.Type.Valid() || j.Name == "" || j.Country == "" {
		return fmt.Errorf("incomplete jurisdiction %+v", j)
	}
	if _, dup := b.juris[j.ID]; dup {
		return fmt.Errorf("jurisdiction %s defined twice", j.ID)
	}
	b.juris[j.ID] = j
	return nil
}

// addRate adds a rate of an existing jurisdiction. Negative rates and
// inverted periods are errors; overlaps are checked once all are in.
func (b *ratesBuilder) addRate(r jurisdiction.Rate) error {
	if _, ok := b.juris[r.Jurisdiction]; !ok {
		return fmt.Errorf("rate of unknown jurisdiction %q", r.Jurisdiction)
	}
	if r.Value.IsNegative() {
		return fmt.Errorf("%s %s %s: negative rate %s", r.Jurisdiction, r.Tax, r.Category, r.Value)
	}
	if r.Value.GreaterThan(decimal.NewFromInt(1)) {
		return fmt.Errorf("%s %s %s: rate %s is over 100%%", r.Jurisdiction, r.Tax, r.Category, r.Value)
	}
	if !r.Effective.IsZero() && !r.Expiration.IsZero() && r.Expiration.Before(r.Effective) {
		return fmt.Errorf("%s %s %s: expires %s before it starts %s", r.Jurisdiction, r.Tax, r.Category, r.Expiration, r.Effective)
	}
	if r.Tax == "" || r.Category == "" || r.Source == "" {
		return fmt.Errorf("%s: rate without tax, category or source", r.Jurisdiction)
	}
	r.Value = money.TrimZeros(r.Value)
	if b.byJuris == nil {
		b.byJuris = map[string][]int{}
	}
	b.byJuris[r.Jurisdiction] = append(b.byJuris[r.Jurisdiction], len(b.rates))
	b.rates = append(b.rates, r)
	return nil
}

// genRates builds jurisdictions.lvd: every jurisdiction of the dataset with
// its rates and the VAT postcode exceptions.
func genRates(g *gen) error {
	b := &ratesBuilder{juris: map[string]jurisdiction.Jurisdiction{}}
	for _, step := range []struct {
		name string
		run  func(*gen, *ratesBuilder) error
	}{
		{"countries", addCountries},
		{"US states and counties", addUSStatesCounties},
		{"Canada", addCanada},
		{"Brazil", addBrazil},
		{"US state rates", addUSStateRates},
		{"US local", genUSLocal},
		{"EU VAT", addEUVAT},
		{"VAT geography", addVATGeography},
		{"world rates", addWorldRates},
		{"VAT rate corrections", addVATFixes},
		{"VAT territories at their country's rates", addTerritoryRates},
		{"Canadian provincial taxes", addCAProvincialTaxes},
		{"tax properties", addTaxProperties},
	} {
		if err := step.run(g, b); err != nil {
			return fmt.Errorf("%s: %w", step.name, err)
		}
	}
	if err := b.check(); err != nil {
		return err
	}
	out, err := b.encode()
	if err != nil {
		return err
	}
	g.emit(jurisFile, out)
	local, err := g.local.emitLocal()
	if err != nil {
		return err
	}
	g.emit(localFile, local)
	coverage, err := g.local.coverageMarkdown()
	if err != nil {
		return err
	}
	g.doc("COVERAGE.md", coverage+g.brazilCoverageSection())
	g.doc("refused.csv", g.local.refusedCSV())
	g.log.Info("jurisdictions", "jurisdictions", len(b.juris), "rates", len(b.rates), "exceptions", len(b.exceptions))
	return nil
}

// check verifies the whole set: parents exist and belong to the same
// country, and no two rates of one jurisdiction, tax and category overlap.
func (b *ratesBuilder) check() error {
	for _, j := range b.juris {
		if j.Parent == "" {
			if j.Type != jurisdiction.Country {
				return fmt.Errorf("jurisdiction %s has no parent", j.ID)
			}
			continue
		}
		p, ok := b.juris[j.Parent]
		if !ok {
			return fmt.Errorf("jurisdiction %s: parent %s does not exist", j.ID, j.Parent)
		}
		if p.Country != j.Country {
			return fmt.Errorf("jurisdiction %s (%s) has parent %s in country %s", j.ID, j.Country, p.ID, p.Country)
		}
	}
	b.sortRates()
	for i := 1; i < len(b.rates); i++ {
		a, c := b.rates[i-1], b.rates[i]
		if a.Jurisdiction != c.Jurisdiction || a.Tax != c.Tax || a.Category != c.Category {
			continue
		}
		if a.Expiration.IsZero() || !a.Expiration.Before(c.Effective) {
			return fmt.Errorf("%s %s %s: periods overlap (%s..%s from %s and %s..%s from %s)",
				a.Jurisdiction, a.Tax, a.Category, a.Effective, a.Expiration, a.Source, c.Effective, c.Expiration, c.Source)
		}
	}
	for _, e := range b.exceptions {
		if _, err := regexp.Compile(e.Pattern); err != nil {
			return fmt.Errorf("exception %s %s: %w", e.Country, e.Name, err)
		}
		if _, ok := b.juris[e.Jurisdiction]; !ok {
			return fmt.Errorf("exception %s %s: unknown jurisdiction %s", e.Country, e.Name, e.Jurisdiction)
		}
	}
	return nil
}

// sortRates orders rates by jurisdiction, tax, category and start date.
// No rate may be added after.
func (b *ratesBuilder) sortRates() {
	b.byJuris = nil
	slices.SortFunc(b.rates, func(x, y jurisdiction.Rate) int {
		return cmp.Or(
			strings.Compare(x.Jurisdiction, y.Jurisdiction),
			strings.Compare(string(x.Tax), string(y.Tax)),
			strings.Compare(x.Category, y.Category),
			x.Effective.Compare(y.Effective),
		)
	})
}

// encode writes the file. Layout (version 4):
//
//	dictionary: count, strings (taxes, categories, source keys)
//	jurisdictions, sorted by ID: count, then for each
//	    ID, type, name, parent index+1 (0: none), country, external code,
//	    effective, expiration
//	rates, sorted by jurisdiction, tax, category, effective: count, then
//	    jurisdiction index, tax, category (dictionary indexes),
//	    value coefficient (varint) and exponent (varint),
//	    effective, expiration, source (dictionary index)
//	exceptions, sorted by country, name, pattern: count, then
//	    country, name, anchored pattern, jurisdiction index
//	VAT areas (from version 2), sorted by place and start: count, then
//	    place, area, own numbers (bool), effective, expiration
//	special territories, sorted by ID and start: count, then
//	    jurisdiction index, kind, area, keeps reduced (bool), local tax,
//	    effective, expiration
//	territory boxes, in the table's order: count, then country, the
//	    country the boundaries give the box to ("" for the sea),
//	    jurisdiction index, latitude min and max, longitude min and max
//	    (varints, millionths of a degree)
//	postcode countries, sorted by country and prefix: count, then
//	    country, prefix, place, effective, expiration
//	VAT regions (from version 3), sorted by code: count, then code,
//	    country, name, postcode areas (count, strings), division names
//	    (count, strings), boxes in the table's order (count, then
//	    excluded (bool), latitude min and max, longitude min and max,
//	    varints of millionths of a degree)
//	low-value import limits (from version 4), sorted by country ("EU"
//	    for the Union's) and start: count, then country, scheme,
//	    effective, expiration, currency, amount coefficient (varint) and
//	    exponent (varint), strict, per item, business reverse charge
//	    (bools), source
//	tax accruals (from version 4), sorted by jurisdiction, tax and
//	    start: count, then jurisdiction index, tax, accrual (uvarint),
//	    effective, expiration, source
//	domestic reverse charges (from version 5), sorted by country, class
//	    and start: count, then country, class, effective, expiration,
//	    threshold coefficient (varint) and exponent (varint), currency,
//	    above (bool), group, provision, condition, source
//
// Dates are uvarints: 0 for the zero Date, else days since 1970 + 2^20.
func (b *ratesBuilder) encode() ([]byte, error) {
	ids := make([]string, 0, len(b.juris))
	for id := range b.juris {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	index := make(map[string]int, len(ids))
	for i, id := range ids {
		index[id] = i
	}
	b.sortRates()
	slices.SortFunc(b.exceptions, func(x, y vatException) int {
		return cmp.Or(strings.Compare(x.Country, y.Country), strings.Compare(x.Name, y.Name), strings.Compare(x.Pattern, y.Pattern))
	})

	var dict []string
	dictIndex := map[string]int{}
	intern := func(s string) {
		if _, ok := dictIndex[s]; !ok {
			dictIndex[s] = -1
			dict = append(dict, s)
		}
	}
	for _, r := range b.rates {
		intern(string(r.Tax))
		intern(r.Category)
		intern(r.Source)
	}
	slices.Sort(dict)
	for i, s := range dict {
		dictIndex[s] = i
	}

	w := binfmt.NewWriter(jurisKind, jurisVersion)
	w.Uvarint(uint64(len(dict)))
	for _, s := range dict {
		w.String(s)
	}
	w.Uvarint(uint64(len(ids)))
	for _, id := range ids {
		j := b.juris[id]
		w.String(j.ID)
		w.Uvarint(uint64(j.Type))
		w.String(j.Name)
		if j.Parent == "" {
			w.Uvarint(0)
		} else {
			w.Uvarint(uint64(index[j.Parent]) + 1)
		}
		w.String(j.Country)
		w.String(j.ExternalCode)
		writeRateDate(w, j.Effective)
		writeRateDate(w, j.Expiration)
	}
	w.Uvarint(uint64(len(b.rates)))
	for _, r := range b.rates {
		w.Uvarint(uint64(index[r.Jurisdiction]))
		w.Uvarint(uint64(dictIndex[string(r.Tax)]))
		w.Uvarint(uint64(dictIndex[r.Category]))
		coef := r.Value.Coefficient()
		if !coef.IsInt64() {
			return nil, fmt.Errorf("%s: rate %s does not fit the format", r.Jurisdiction, r.Value)
		}
		w.Varint(coef.Int64())
		w.Varint(int64(r.Value.Exponent()))
		writeRateDate(w, r.Effective)
		writeRateDate(w, r.Expiration)
		w.Uvarint(uint64(dictIndex[r.Source]))
	}
	w.Uvarint(uint64(len(b.exceptions)))
	for _, e := range b.exceptions {
		w.String(e.Country)
		w.String(e.Name)
		w.String(e.Pattern)
		w.Uvarint(uint64(index[e.Jurisdiction]))
	}
	b.encodeVATGeography(w, index)
	if err := b.encodeTaxProperties(w, index); err != nil {
		return nil, err
	}
	return w.Finish()
}

// encodeVATGeography writes the VAT geography; index gives the position
// of each jurisdiction ID.
func (b *ratesBuilder) encodeVATGeography(w *binfmt.Writer, index map[string]int) {
	geo := &b.geo
	w.Uvarint(uint64(len(geo.areas)))
	for _, a := range geo.areas {
		w.String(a.Place)
		w.String(a.Area)
		w.Bool(a.OwnNumbers)
		writeRatePeriod(w, a.Period)
	}
	w.Uvarint(uint64(len(geo.territories)))
	for _, t := range geo.territories {
		w.Uvarint(uint64(index[t.Jurisdiction]))
		w.Uvarint(uint64(t.Kind))
		w.String(t.Area)
		w.Bool(t.KeepsReduced)
		w.String(t.LocalTax)
		writeRatePeriod(w, t.Period)
	}
	w.Uvarint(uint64(len(geo.boxes)))
	for _, x := range geo.boxes {
		w.String(x.country)
		w.String(x.foundIn)
		w.Uvarint(uint64(index[x.jurisdiction]))
		x.write(w)
	}
	pcs := slices.Clone(geo.postcodes)
	slices.SortFunc(pcs, func(x, y postcodeCountry) int {
		return cmp.Or(strings.Compare(x.country, y.country), strings.Compare(x.prefix, y.prefix), x.period.Effective.Compare(y.period.Effective))
	})
	w.Uvarint(uint64(len(pcs)))
	for _, p := range pcs {
		w.String(p.country)
		w.String(p.prefix)
		w.String(p.place)
		writeRatePeriod(w, p.period)
	}
	w.Uvarint(uint64(len(geo.regions)))
	for _, r := range geo.regions {
		w.String(r.code)
		w.String(r.country)
		w.String(r.name)
		for _, list := range [][]string{r.postcodes, r.divisions} {
			w.Uvarint(uint64(len(list)))
			for _, s := range list {
				w.String(s)
			}
		}
		w.Uvarint(uint64(len(r.boxes)))
		for _, x := range r.boxes {
			w.Bool(x.excluded)
			x.write(w)
		}
	}
}

// writeRatePeriod writes a period as its start and end dates
// (writeRateDate).
func writeRatePeriod(w *binfmt.Writer, p civil.Period) {
	writeRateDate(w, p.Effective)
	writeRateDate(w, p.Expiration)
}

func writeRateDate(w *binfmt.Writer, d civil.Date) {
	if d.IsZero() {
		w.Uvarint(0)
		return
	}
	w.Uvarint(uint64(int64(d.Days()) + rateDateOffset))
}

// percent turns a percentage written as a decimal string ("7.25") into a
// fraction (0.0725), exactly.
func ratePercent(s string) (decimal.Decimal, error) {
	d, err := decimal.NewFromString(strings.TrimSpace(s))
	if err != nil {
		return decimal.Decimal{}, fmt.Errorf("rate %q: %w", s, err)
	}
	return d.Shift(-2), nil
}

// RateFraction parses a rate already written as a fraction ("0.0725").
func RateFraction(s string) (decimal.Decimal, error) {
	d, err := decimal.NewFromString(strings.TrimSpace(s))
	if err != nil {
		return decimal.Decimal{}, fmt.Errorf("rate %q: %w", s, err)
	}
	return d, nil
}

// Table is a CSV file with a header, read whole.
type Table struct {
	name string
	cols map[string]int
	Rows [][]string
}

// readRatesTable reads a CSV file with a header row and checks that it has the
// wanted columns.
func readRatesTable(path string, want ...string) (*Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseRatesTable(f, path, want...)
}

// readTableFile reads a table as readRatesTable does from a file of the
// generator's own; ref is how messages name it.
func readTableFile(f file, ref string, want ...string) (*Table, error) {
	r, err := f.fsys.Open(f.name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return parseRatesTable(r, ref, want...)
}

// parseRatesTable reads a table from r, which path names.
func parseRatesTable(in io.Reader, path string, want ...string) (*Table, error) {
	r := csv.NewReader(in)
	head, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: header: %w", path, err)
	}
	t := &Table{name: filepath.Base(path), cols: map[string]int{}}
	for i, h := range head {
		t.cols[strings.TrimPrefix(strings.TrimSpace(h), "\ufeff")] = i
	}
	for _, w := range want {
		if _, ok := t.cols[w]; !ok {
			return nil, fmt.Errorf("%s: no column %q", path, w)
		}
	}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		t.Rows = append(t.Rows, rec)
	}
	return t, nil
}

// Get returns column col of row i, trimmed.
func (t *Table) Get(row []string, col string) string {
	return strings.TrimSpace(row[t.cols[col]])
}

// curatedFile returns a curated table (name is relative to the folder
// curated).
func (g *gen) curatedFile(name string) file { return file{g.curated, name} }

// srcFile returns a file of the source folder (rel is relative to it).
func (g *gen) srcFile(rel string) file { return file{os.DirFS(g.src), rel} }

// file is a file the generator reads: a source under the source folder,
// a curated table embedded in the generator, or a file of a state's
// folder.
type file struct {
	fsys fs.FS
	name string
}

// ParseDate reads YYYY-MM-DD, or "" for the zero Date.
func ParseDate(s string) (civil.Date, error) {
	if s == "" {
		return civil.Date{}, nil
	}
	return civil.Parse(s)
}
