package data

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data/internal/binfmt"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// The generated jurisdictions file; the generator in data/gen writes it.
const (
	jurisFile    = "jurisdictions.lvd"
	jurisKind    = "jurisdictions"
	jurisVersion = 1
	// jurisDateOffset is added to day numbers so that 0 can mean the
	// zero Date.
	jurisDateOffset = 1 << 20
)

// Jurisdictions is the dataset's table of jurisdictions with their rates
// and the VAT postcode exceptions. It is immutable and safe for concurrent
// use; every method returns fresh slices, so callers may change what they
// get without affecting the table.
type Jurisdictions struct {
	all      []jurisdiction.Jurisdiction // sorted by ID
	byID     map[string]int32
	kids     []int32 // child indexes, grouped by parent, each group sorted by ID
	kidsOff  []int32 // children of all[i] are kids[kidsOff[i]:kidsOff[i+1]]
	byExt    map[extKey][]int32
	rates    []jurisdiction.Rate // sorted by jurisdiction, tax, category, effective
	ratesOff []int32             // rates of all[i] are rates[ratesOff[i]:ratesOff[i+1]]
	excepts  []VATException
}

// extKey indexes jurisdictions by country and external code.
type extKey struct{ country, code string }

// VATException is a VAT special territory found by postal code: within
// Country, a postcode that Postcode matches belongs to the territory
// Jurisdiction, whose own VAT rates replace the country's there (they are
// not added to them).
type VATException struct {
	// Country is the ISO 3166-1 alpha-2 code of the country.
	Country string
	// Name is the territory's name as the source writes it.
	Name string
	// Postcode matches the whole postcode, once spaces are trimmed from
	// both ends; it is anchored at both ends.
	Postcode *regexp.Regexp
	// Jurisdiction is the ID of the territory's jurisdiction.
	Jurisdiction string
}

// Jurisdictions returns the jurisdictions and rates of the dataset,
// decoding them on first use.
func (d *Dataset) Jurisdictions() (*Jurisdictions, error) {
	return part(d, &d.juris, jurisFile, func(b []byte) (*Jurisdictions, error) {
		j, err := decodeJurisdictions(b)
		if err != nil {
			return nil, fmt.Errorf("data: %s: %w", jurisFile, err)
		}
		return j, nil
	})
}

// All returns every jurisdiction, sorted by ID.
func (j *Jurisdictions) All() []jurisdiction.Jurisdiction {
	return slices.Clone(j.all)
}

// ByID returns the jurisdiction with the given ID.
func (j *Jurisdictions) ByID(id string) (jurisdiction.Jurisdiction, bool) {
	i, ok := j.byID[id]
	if !ok {
		return jurisdiction.Jurisdiction{}, false
	}
	return j.all[i], true
}

// Children returns the jurisdictions whose parent is parentID, sorted by
// ID; none for an unknown ID.
func (j *Jurisdictions) Children(parentID string) []jurisdiction.Jurisdiction {
	i, ok := j.byID[parentID]
	if !ok {
		return nil
	}
	return j.pick(j.kids[j.kidsOff[i]:j.kidsOff[i+1]])
}

// ByExternalCode returns the jurisdictions of a country (ISO 3166-1
// alpha-2, the jurisdictions' Country) whose external code is exactly code,
// sorted by ID: ByExternalCode("US", "06037") is Los Angeles County.
func (j *Jurisdictions) ByExternalCode(country, code string) []jurisdiction.Jurisdiction {
	return j.pick(j.byExt[extKey{country, code}])
}

// pick returns copies of the jurisdictions at the positions idx, or nil.
func (j *Jurisdictions) pick(idx []int32) []jurisdiction.Jurisdiction {
	if len(idx) == 0 {
		return nil
	}
	out := make([]jurisdiction.Jurisdiction, len(idx))
	for k, c := range idx {
		out[k] = j.all[c]
	}
	return out
}

// Rates returns every rate period of the jurisdiction id, sorted by tax,
// category and effective date.
func (j *Jurisdictions) Rates(id string) []jurisdiction.Rate {
	i, ok := j.byID[id]
	if !ok {
		return nil
	}
	rs := j.rates[j.ratesOff[i]:j.ratesOff[i+1]]
	if len(rs) == 0 {
		return nil
	}
	return slices.Clone(rs)
}

// RatesOn returns the rates of the jurisdiction id in force on d, sorted by
// tax and category.
func (j *Jurisdictions) RatesOn(id string, d civil.Date) []jurisdiction.Rate {
	i, ok := j.byID[id]
	if !ok {
		return nil
	}
	var out []jurisdiction.Rate
	for _, r := range j.rates[j.ratesOff[i]:j.ratesOff[i+1]] {
		if r.Contains(d) {
			out = append(out, r)
		}
	}
	return out
}

// Exceptions returns the VAT postcode exceptions, sorted by country and
// name. The regular expressions are shared and safe for concurrent use.
func (j *Jurisdictions) Exceptions() []VATException {
	return slices.Clone(j.excepts)
}

// decodeJurisdictions reads the file written by the generator (see
// encode in data/gen/rates.go for the layout).
func decodeJurisdictions(file []byte) (*Jurisdictions, error) {
	r, err := binfmt.Open(file, jurisKind, jurisVersion)
	if err != nil {
		return nil, err
	}
	dict := make([]string, r.Count(1))
	for i := range dict {
		dict[i] = r.String()
	}
	word := func() string {
		i := r.Uvarint()
		if i >= uint64(len(dict)) {
			if r.Err() == nil {
				return "\x00"
			}
			return ""
		}
		return dict[i]
	}

	n := r.Count(8)
	j := &Jurisdictions{
		all:  make([]jurisdiction.Jurisdiction, n),
		byID: make(map[string]int32, n),
	}
	parents := make([]int32, n)
	for i := range j.all {
		x := &j.all[i]
		x.ID = r.String()
		x.Type = jurisdiction.Type(r.Uvarint())
		x.Name = r.String()
		p := r.Uvarint()
		if p > uint64(n) {
			return nil, fmt.Errorf("%w: parent index %d", binfmt.ErrCorrupt, p)
		}
		parents[i] = int32(p) - 1
		x.Country = r.String()
		x.ExternalCode = r.String()
		x.Effective = readJurisDate(r)
		x.Expiration = readJurisDate(r)
		if r.Err() != nil {
			return nil, r.Err()
		}
		if !x.Type.Valid() {
			return nil, fmt.Errorf("%w: jurisdiction %s has type %d", binfmt.ErrCorrupt, x.ID, x.Type)
		}
		if i > 0 && j.all[i-1].ID >= x.ID {
			return nil, fmt.Errorf("%w: jurisdictions not sorted at %s", binfmt.ErrCorrupt, x.ID)
		}
		j.byID[x.ID] = int32(i)
	}
	for i, p := range parents {
		if p >= 0 {
			j.all[i].Parent = j.all[p].ID
		}
	}

	// Children: a counting sort of the indexes by parent keeps each group
	// in ID order.
	j.kidsOff = make([]int32, n+1)
	for _, p := range parents {
		if p >= 0 {
			j.kidsOff[p+1]++
		}
	}
	for i := 1; i <= n; i++ {
		j.kidsOff[i] += j.kidsOff[i-1]
	}
	j.kids = make([]int32, j.kidsOff[n])
	fill := slices.Clone(j.kidsOff[:n])
	for i, p := range parents {
		if p >= 0 {
			j.kids[fill[p]] = int32(i)
			fill[p]++
		}
	}

	j.byExt = make(map[extKey][]int32, n)
	for i := range j.all {
		x := &j.all[i]
		if x.ExternalCode != "" {
			k := extKey{x.Country, x.ExternalCode}
			j.byExt[k] = append(j.byExt[k], int32(i))
		}
	}

	nr := r.Count(8)
	j.rates = make([]jurisdiction.Rate, nr)
	j.ratesOff = make([]int32, n+1)
	last := -1
	for k := range j.rates {
		x := &j.rates[k]
		ji := r.Uvarint()
		if ji >= uint64(n) || int(ji) < last {
			return nil, fmt.Errorf("%w: rate of jurisdiction %d out of order", binfmt.ErrCorrupt, ji)
		}
		last = int(ji)
		j.ratesOff[ji+1]++
		x.Jurisdiction = j.all[ji].ID
		x.Tax = jurisdiction.Tax(word())
		x.Category = word()
		coef := r.Varint()
		exp := r.Int()
		x.Value = decimal.New(coef, int32(exp))
		x.Effective = readJurisDate(r)
		x.Expiration = readJurisDate(r)
		x.Source = word()
		if r.Err() != nil {
			return nil, r.Err()
		}
		if x.Tax == "\x00" || x.Category == "\x00" || x.Source == "\x00" {
			return nil, fmt.Errorf("%w: rate %d refers outside the dictionary", binfmt.ErrCorrupt, k)
		}
	}
	for i := 1; i <= n; i++ {
		j.ratesOff[i] += j.ratesOff[i-1]
	}

	ne := r.Count(4)
	j.excepts = make([]VATException, ne)
	for k := range j.excepts {
		e := &j.excepts[k]
		e.Country = r.String()
		e.Name = r.String()
		pat := r.String()
		ji := r.Uvarint()
		if r.Err() != nil {
			return nil, r.Err()
		}
		if ji >= uint64(n) {
			return nil, fmt.Errorf("%w: exception %s refers to jurisdiction %d", binfmt.ErrCorrupt, e.Name, ji)
		}
		e.Jurisdiction = j.all[ji].ID
		re, err := regexp.Compile(pat)
		if err != nil {
			return nil, fmt.Errorf("exception %s %s: %w", e.Country, e.Name, err)
		}
		e.Postcode = re
	}
	if err := r.Done(); err != nil {
		return nil, err
	}
	return j, nil
}

// readJurisDate reads a date written by the generator.
func readJurisDate(r *binfmt.Reader) civil.Date {
	v := r.Uvarint()
	if v == 0 {
		return civil.Date{}
	}
	return civil.FromDays(int32(int64(v) - jurisDateOffset))
}
