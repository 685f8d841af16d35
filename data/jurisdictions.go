package data

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// The generated jurisdictions file; the generator in internal/datagen writes it.
const (
	jurisFile    = "jurisdictions.lvd"
	jurisKind    = "jurisdictions"
	jurisVersion = 5
	// jurisDateOffset is added to day numbers so that 0 can mean the
	// zero Date.
	jurisDateOffset = 1 << 20
)

// Jurisdictions is the dataset's table of jurisdictions with their rates,
// the VAT postcode exceptions, the VAT geography (VATGeography,
// TerritoryBoxes, PostcodeCountries) and the properties of the taxes
// (LowValueLimits, TaxAccruals). It is immutable and safe for concurrent
// use; every method returns fresh slices, so callers may change what they
// get without affecting the table.
//
// The tables hold few pointers for the garbage collector to follow (see
// index.go): the strings of the jurisdictions are parts of one string,
// the indexes hold positions, and rates refer to a short list of their
// distinct values.
type Jurisdictions struct {
	all     []jurisdiction.Jurisdiction // sorted by ID
	byID    hashIndex
	kids    []int32 // child indexes, grouped by parent, each group sorted by ID
	kidsOff []int32 // children of all[i] are kids[kidsOff[i]:kidsOff[i+1]]
	byExt   hashIndex
	// ext groups the jurisdictions of a country that share an external
	// code: the members of group g are extIdx[ext[g]:ext[g+1]].
	ext      []int32
	extIdx   []int32
	words    []string // the rates' taxes, categories and sources
	values   []decimal.Decimal
	rates    []rateRec // sorted by jurisdiction, tax, category, effective
	ratesOff []int32   // rates of all[i] are rates[ratesOff[i]:ratesOff[i+1]]
	excepts  []VATException
	vat      *jurisdiction.VATGeography
	boxes    []TerritoryBox
	postal   []PostcodeCountry
	low      *jurisdiction.LowValueLimits
	accruals []jurisdiction.TaxAccrual // sorted by jurisdiction, tax and start
	drc      *jurisdiction.DomesticReverseCharges
}

// rateRec is one rate period.
type rateRec struct {
	tax, category, source int32 // in Jurisdictions.words
	value                 int32 // in Jurisdictions.values
	period                civil.Period
}

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

// TerritoryBox bounds a VAT special territory that the sea parts from the
// rest of its country (VATException finds it by postcode): a point inside
// the box that the dataset's boundaries give to FoundIn lies in the
// territory and nowhere else. Latitudes and longitudes are in degrees.
type TerritoryBox struct {
	// Country is the ISO 3166-1 alpha-2 code of the territory's country.
	Country string
	// Jurisdiction is the territory's jurisdiction ID.
	Jurisdiction string
	// FoundIn is the country (ISO 3166-1 alpha-2) that the dataset's
	// generalised boundaries give the box's points to: mostly Country,
	// but Morocco for Ceuta and Melilla, and "" (no country, the open
	// sea) for Heligoland, which they leave out.
	FoundIn        string
	LatMin, LatMax float64
	LngMin, LngMax float64
}

// Contains reports whether the point at lat, lng lies in the box.
func (b *TerritoryBox) Contains(lat, lng float64) bool {
	return lat >= b.LatMin && lat <= b.LatMax && lng >= b.LngMin && lng <= b.LngMax
}

// PostcodeCountry is a range of one country's postcodes that lies in
// another country of ISO 3166-1, which the first one's taxes do not reach:
// French postcodes from 988 are New Caledonia's.
type PostcodeCountry struct {
	// Country is the ISO 3166-1 alpha-2 code of the country whose postcode
	// scheme the range is part of.
	Country string
	// Prefix begins every postcode of the range (digits or capital
	// letters, no separators).
	Prefix string
	// Place is the ISO 3166-1 alpha-2 code of the country the postcodes
	// lie in.
	Place string
	// Period is when the postcodes lie there.
	Period civil.Period
}

// Jurisdictions returns the jurisdictions and rates of the dataset,
// decoding them on first use.
func (d *Dataset) Jurisdictions() (*Jurisdictions, error) {
	return part(d, &d.juris, jurisFile, decodeJurisdictions)
}

// All returns every jurisdiction, sorted by ID.
func (j *Jurisdictions) All() []jurisdiction.Jurisdiction {
	return slices.Clone(j.all)
}

// Len returns the number of jurisdictions.
func (j *Jurisdictions) Len() int { return len(j.all) }

// Index returns the position of the jurisdiction id in the order of All:
// the i of At(i).
func (j *Jurisdictions) Index(id string) (int, bool) {
	i := j.index(id)
	return max(i, 0), i >= 0
}

// index returns the position of the jurisdiction id, or -1.
func (j *Jurisdictions) index(id string) int {
	for p := j.byID.probe(j.byID.hash(id)); ; {
		i := p.next()
		if i < 0 || j.all[i].ID == id {
			return int(i)
		}
	}
}

// At returns the i-th jurisdiction in the order of All, 0 <= i < Len().
func (j *Jurisdictions) At(i int) jurisdiction.Jurisdiction { return j.all[i] }

// ByID returns the jurisdiction with the given ID.
func (j *Jurisdictions) ByID(id string) (jurisdiction.Jurisdiction, bool) {
	if i := j.index(id); i >= 0 {
		return j.all[i], true
	}
	return jurisdiction.Jurisdiction{}, false
}

// Children returns the jurisdictions whose parent is parentID, sorted by
// ID; none for an unknown ID.
func (j *Jurisdictions) Children(parentID string) []jurisdiction.Jurisdiction {
	i, ok := j.Index(parentID)
	if !ok {
		return nil
	}
	return j.pick(j.kids[j.kidsOff[i]:j.kidsOff[i+1]])
}

// ByExternalCode returns the jurisdictions of a country (ISO 3166-1
// alpha-2, the jurisdictions' Country) whose external code is exactly code,
// sorted by ID: ByExternalCode("US", "06037") is Los Angeles County.
func (j *Jurisdictions) ByExternalCode(country, code string) []jurisdiction.Jurisdiction {
	for p := j.byExt.probe(j.byExt.hash2(country, code)); ; {
		g := p.next()
		if g < 0 {
			return nil
		}
		first := j.ext[g]
		if x := &j.all[j.extIdx[first]]; x.Country != country || x.ExternalCode != code {
			continue
		}
		end := int32(len(j.extIdx))
		if int(g)+1 < len(j.ext) {
			end = j.ext[g+1]
		}
		return j.pick(j.extIdx[first:end])
	}
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
	i, ok := j.Index(id)
	if !ok {
		return nil
	}
	rs := j.rates[j.ratesOff[i]:j.ratesOff[i+1]]
	if len(rs) == 0 {
		return nil
	}
	out := make([]jurisdiction.Rate, len(rs))
	for k := range rs {
		out[k] = j.rate(i, &rs[k])
	}
	return out
}

// EachRatePeriod calls f with the period of every rate of the i-th
// jurisdiction (in the order of At). It does not allocate.
func (j *Jurisdictions) EachRatePeriod(i int, f func(civil.Period)) {
	for k := j.ratesOff[i]; k < j.ratesOff[i+1]; k++ {
		f(j.rates[k].period)
	}
}

// RatesOn returns the rates of the jurisdiction id in force on d, sorted by
// tax and category.
func (j *Jurisdictions) RatesOn(id string, d civil.Date) []jurisdiction.Rate {
	i, ok := j.Index(id)
	if !ok {
		return nil
	}
	var out []jurisdiction.Rate
	rs := j.rates[j.ratesOff[i]:j.ratesOff[i+1]]
	for k := range rs {
		if rs[k].period.Contains(d) {
			out = append(out, j.rate(i, &rs[k]))
		}
	}
	return out
}

// rate returns a rate of the i-th jurisdiction.
func (j *Jurisdictions) rate(i int, r *rateRec) jurisdiction.Rate {
	return jurisdiction.Rate{Jurisdiction: j.all[i].ID, Tax: jurisdiction.Tax(j.words[r.tax]), Category: j.words[r.category],
		Value: j.values[r.value], Period: r.period, Source: j.words[r.source]}
}

// Exceptions returns the VAT postcode exceptions, sorted by country and
// name. The regular expressions are shared and safe for concurrent use.
func (j *Jurisdictions) Exceptions() []VATException {
	return slices.Clone(j.excepts)
}

// VATGeography returns the dataset's VAT geography: the places in
// another country's VAT area and the VAT special territories.
func (j *Jurisdictions) VATGeography() *jurisdiction.VATGeography { return j.vat }

// TerritoryBoxes returns the boxes of the VAT special territories that
// the sea parts from their countries, in the generator's order; a
// territory may have several.
func (j *Jurisdictions) TerritoryBoxes() []TerritoryBox { return slices.Clone(j.boxes) }

// PostcodeCountries returns the ranges of postcodes that lie in another
// country than the one whose scheme they are part of, sorted by country
// and prefix.
func (j *Jurisdictions) PostcodeCountries() []PostcodeCountry { return slices.Clone(j.postal) }

// PostcodeCountry returns the country of ISO 3166-1 that a postcode pc
// of country (without separators) lies in on d when that is another one:
// Saint-Barthélemy (BL) for France's 97133.
func (j *Jurisdictions) PostcodeCountry(country, pc string, d civil.Date) (string, bool) {
	for i := range j.postal {
		p := &j.postal[i]
		if p.Country == country && strings.HasPrefix(pc, p.Prefix) && p.Period.Contains(d) {
			return p.Place, true
		}
	}
	return "", false
}

// decodeJurisdictions reads the file written by the generator (see
// encode in internal/datagen/rates.go for the layout).
func decodeJurisdictions(file []byte) (*Jurisdictions, error) {
	r, err := binfmt.Open(file, jurisKind, jurisVersion)
	if err != nil {
		return nil, err
	}
	j := &Jurisdictions{words: make([]string, r.Count(1))}
	for i := range j.words {
		j.words[i] = r.String()
	}
	word := func() int32 {
		i := r.Uvarint()
		if i >= uint64(len(j.words)) {
			if r.Err() == nil {
				return -1
			}
			return 0
		}
		return int32(i)
	}
	// The strings go to one buffer first, and become parts of one string
	// once it is complete.
	type ref struct{ off, n uint32 }
	type rec struct {
		id, name, country, ext ref
		parent                 int32 // index, or -1
		typ                    jurisdiction.Type
		period                 civil.Period
	}
	var text []byte
	add := func(s []byte) ref {
		t := ref{uint32(len(text)), uint32(len(s))}
		text = append(text, s...)
		return t
	}
	str := func(t ref) []byte { return text[t.off : t.off+t.n] }

	n := r.Count(8)
	recs := make([]rec, n)
	for i := range recs {
		x := &recs[i]
		x.id = add(r.Bytes())
		x.typ = jurisdiction.Type(r.Uvarint())
		x.name = add(r.Bytes())
		p := r.Uvarint()
		if p > uint64(n) {
			return nil, fmt.Errorf("%w: parent index %d", binfmt.ErrCorrupt, p)
		}
		x.parent = int32(p) - 1
		x.country = add(r.Bytes())
		x.ext = add(r.Bytes())
		x.period = readJurisPeriod(r)
		if r.Err() != nil {
			return nil, r.Err()
		}
		if !x.typ.Valid() {
			return nil, fmt.Errorf("%w: jurisdiction %s has type %d", binfmt.ErrCorrupt, str(x.id), x.typ)
		}
		if i > 0 && bytes.Compare(str(recs[i-1].id), str(x.id)) >= 0 {
			return nil, fmt.Errorf("%w: jurisdictions not sorted at %s", binfmt.ErrCorrupt, str(x.id))
		}
	}
	all := string(text)
	s := func(t ref) string { return all[t.off : t.off+t.n] }
	j.all = make([]jurisdiction.Jurisdiction, n)
	parents := make([]int32, n)
	for i := range recs {
		x := &recs[i]
		j.all[i] = jurisdiction.Jurisdiction{ID: s(x.id), Type: x.typ, Name: s(x.name), Country: s(x.country), ExternalCode: s(x.ext), Period: x.period}
		parents[i] = x.parent
	}
	j.buildIndexes(parents)

	nr := r.Count(8)
	j.rates = make([]rateRec, nr)
	j.ratesOff = make([]int32, n+1)
	valueOf := map[[2]int64]int32{}
	last := -1
	for k := range j.rates {
		x := &j.rates[k]
		ji := r.Uvarint()
		if ji >= uint64(n) || int(ji) < last {
			return nil, fmt.Errorf("%w: rate of jurisdiction %d out of order", binfmt.ErrCorrupt, ji)
		}
		last = int(ji)
		j.ratesOff[ji+1]++
		x.tax = word()
		x.category = word()
		coef := r.Varint()
		exp := int32(r.Int())
		v, ok := valueOf[[2]int64{coef, int64(exp)}]
		if !ok {
			v = int32(len(j.values))
			j.values = append(j.values, decimal.New(coef, exp))
			valueOf[[2]int64{coef, int64(exp)}] = v
		}
		x.value = v
		x.period = readJurisPeriod(r)
		x.source = word()
		if r.Err() != nil {
			return nil, r.Err()
		}
		if x.tax < 0 || x.category < 0 || x.source < 0 {
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
	if err := decodeVATGeography(r, j); err != nil {
		return nil, err
	}
	if err := decodeTaxProperties(r, j); err != nil {
		return nil, err
	}
	if err := r.Done(); err != nil {
		return nil, err
	}
	return j, nil
}

// decodeVATGeography reads the VAT geography that follows the exceptions
// (from version 2; its regions from version 3).
func decodeVATGeography(r *binfmt.Reader, j *Jurisdictions) error {
	n := len(j.all)
	areas := make([]jurisdiction.VATAreaPeriod, r.Count(4))
	for k := range areas {
		a := &areas[k]
		a.Place = r.String()
		a.Area = r.String()
		a.OwnNumbers = r.Bool()
		a.Period = readJurisPeriod(r)
		if r.Err() != nil {
			return r.Err()
		}
		for _, id := range []string{a.Place, a.Area} {
			if _, ok := j.ByID(id); !ok {
				return fmt.Errorf("%w: VAT area fact %d: %q is not a jurisdiction of the file", binfmt.ErrCorrupt, k, id)
			}
		}
	}
	terrs := make([]jurisdiction.SpecialTerritory, r.Count(6))
	for k := range terrs {
		t := &terrs[k]
		ji := r.Uvarint()
		t.Kind = jurisdiction.TerritoryKind(r.Uvarint())
		t.Area = r.String()
		t.KeepsReduced = r.Bool()
		t.LocalTax = r.String()
		t.Period = readJurisPeriod(r)
		if r.Err() != nil {
			return r.Err()
		}
		if ji >= uint64(n) {
			return fmt.Errorf("%w: special territory %d refers to jurisdiction %d", binfmt.ErrCorrupt, k, ji)
		}
		t.Jurisdiction = j.all[ji].ID
	}
	if r.Err() != nil {
		return r.Err()
	}
	vat, err := jurisdiction.NewVATGeography(areas, terrs)
	if err != nil {
		return fmt.Errorf("%w: %v", binfmt.ErrCorrupt, err)
	}
	j.vat = vat
	j.boxes = make([]TerritoryBox, r.Count(4))
	for k := range j.boxes {
		b := &j.boxes[k]
		b.Country = r.String()
		b.FoundIn = r.String()
		ji := r.Uvarint()
		b.LatMin, b.LatMax = microDegrees(r), microDegrees(r)
		b.LngMin, b.LngMax = microDegrees(r), microDegrees(r)
		if r.Err() != nil {
			return r.Err()
		}
		if ji >= uint64(n) {
			return fmt.Errorf("%w: territory box %d refers to jurisdiction %d", binfmt.ErrCorrupt, k, ji)
		}
		b.Jurisdiction = j.all[ji].ID
		if !jurisdiction.IsAlpha2Form(b.Country) || b.FoundIn != "" && !jurisdiction.IsAlpha2Form(b.FoundIn) ||
			b.LatMin > b.LatMax || b.LngMin > b.LngMax || b.LatMin < -90 || b.LatMax > 90 || b.LngMin < -180 || b.LngMax > 180 {
			return fmt.Errorf("%w: territory box %d of %s: country %q, found in %q, latitudes %g to %g, longitudes %g to %g",
				binfmt.ErrCorrupt, k, b.Jurisdiction, b.Country, b.FoundIn, b.LatMin, b.LatMax, b.LngMin, b.LngMax)
		}
	}
	j.postal = make([]PostcodeCountry, r.Count(4))
	for k := range j.postal {
		p := &j.postal[k]
		p.Country = r.String()
		p.Prefix = r.String()
		p.Place = r.String()
		p.Period = readJurisPeriod(r)
		if r.Err() != nil {
			return r.Err()
		}
		// An empty prefix would be every postcode of the country; a
		// prefix is digits or capital letters (the United Kingdom's JE).
		digits := p.Prefix != "" && strings.Trim(p.Prefix, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") == ""
		if !jurisdiction.IsAlpha2Form(p.Country) || !jurisdiction.IsAlpha2Form(p.Place) || p.Place == p.Country || !digits ||
			!p.Period.Expiration.IsZero() && p.Period.Expiration.Before(p.Period.Effective) {
			return fmt.Errorf("%w: postcode range %d: %s postcodes from %q in %q, %s to %s",
				binfmt.ErrCorrupt, k, p.Country, p.Prefix, p.Place, p.Period.Effective, p.Period.Expiration)
		}
	}
	regions, err := decodeVATRegions(r)
	if err != nil {
		return err
	}
	if j.vat, err = j.vat.WithRegions(regions); err != nil {
		return fmt.Errorf("%w: %v", binfmt.ErrCorrupt, err)
	}
	return nil
}

// decodeVATRegions reads the VAT regions that follow the postcode
// countries (from version 3).
func decodeVATRegions(r *binfmt.Reader) ([]jurisdiction.VATRegion, error) {
	regions := make([]jurisdiction.VATRegion, r.Count(5))
	for k := range regions {
		g := &regions[k]
		g.Code, g.Country, g.Name = r.String(), r.String(), r.String()
		for _, list := range []*[]string{&g.PostcodeAreas, &g.Divisions} {
			*list = make([]string, r.Count(1))
			for i := range *list {
				(*list)[i] = r.String()
			}
		}
		for range r.Count(5) {
			excluded := r.Bool()
			b := jurisdiction.VATBox{LatMin: microDegrees(r), LatMax: microDegrees(r), LngMin: microDegrees(r), LngMax: microDegrees(r)}
			if excluded {
				g.Excluded = append(g.Excluded, b)
			} else {
				g.Boxes = append(g.Boxes, b)
			}
		}
		if r.Err() != nil {
			return nil, r.Err()
		}
	}
	return regions, r.Err()
}

// microDegrees reads an angle written as a whole number of millionths of
// a degree.
func microDegrees(r *binfmt.Reader) float64 { return float64(r.Varint()) / 1e6 }

// buildIndexes builds the tables that find jurisdictions by ID, parent and
// external code; parents[i] is the index of all[i]'s parent, or -1, and
// sets all[i].Parent.
func (j *Jurisdictions) buildIndexes(parents []int32) {
	n := len(j.all)
	j.byID = newHashIndex(n)
	for i := range j.all {
		j.byID.add(j.byID.hash(j.all[i].ID), int32(i))
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

	// External codes: the groups in the order of their first member.
	type extKey struct{ country, code string }
	groupOf := map[extKey]int{}
	var members [][]int32
	for i := range j.all {
		x := &j.all[i]
		if x.ExternalCode == "" {
			continue
		}
		k := extKey{x.Country, x.ExternalCode}
		g, ok := groupOf[k]
		if !ok {
			g = len(members)
			groupOf[k] = g
			members = append(members, nil)
		}
		members[g] = append(members[g], int32(i))
	}
	j.ext = make([]int32, len(members))
	j.extIdx = nil
	j.byExt = newHashIndex(len(members))
	for g := range members {
		j.ext[g] = int32(len(j.extIdx))
		j.extIdx = append(j.extIdx, members[g]...)
		x := &j.all[members[g][0]]
		j.byExt.add(j.byExt.hash2(x.Country, x.ExternalCode), int32(g))
	}
}

// readJurisPeriod reads a period as its start and end dates
// (readJurisDate).
func readJurisPeriod(r *binfmt.Reader) civil.Period {
	eff := readJurisDate(r) // the start is written first
	return civil.Period{Effective: eff, Expiration: readJurisDate(r)}
}

// readJurisDate reads a date written by the generator.
func readJurisDate(r *binfmt.Reader) civil.Date {
	v := r.Uvarint()
	if v == 0 {
		return civil.Date{}
	}
	return civil.FromDays(int32(int64(v) - jurisDateOffset))
}
