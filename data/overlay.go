package data

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/jurisdiction"
)

// Overlay is content that a user loads over a dataset (package
// data/content reads it from rate and boundary files). For the US states
// it covers it replaces the dataset's local content: their cities and
// districts, the sales tax rates of their counties, cities and districts,
// and their tax areas. A state's own sales tax rates, when the overlay
// gives some (for a state it covers, or one whose local content it
// leaves as it is), replace the dataset's on the days they cover; the
// dataset's answer the other days (a rate given from 2027 leaves the
// state's earlier rates as they were). Everything else of the dataset
// stays as it is.
type Overlay struct {
	// Name says where the content comes from (its files), for the
	// coverage report and the dataset's version.
	Name string
	// States are the postal abbreviations of the states covered.
	States []string
	// Jurisdictions are the jurisdictions the content defines; one with
	// the ID of a jurisdiction of the dataset replaces it.
	Jurisdictions []jurisdiction.Jurisdiction
	// Rates are the rates of the covered states' jurisdictions, and the
	// own sales tax rates of states whose local content it leaves as
	// it is (a file of a state's rate alone).
	Rates []jurisdiction.Rate
	// Local holds, for the covered states, their coverage (States), tax
	// areas (Areas), the areas of ZIP codes and ZIP+4 ranges (ZIPAreas,
	// indexes of Areas) and ZIP hints. Its places must be places of the
	// dataset; Places is ignored.
	Local LocalBuilder
	// ISS are Brazilian municipal ISS rates, which are not open data and
	// come only as content; ISSFiles names their files. They are added
	// to the dataset's Brazil tables (see Brazil.ISSRate).
	ISS      []BRISSRate
	ISSFiles []string
	// Franchise are the franchise area fees of the content (see
	// FranchiseFee). WithOverlay leaves them to the caller: they are no
	// part of a dataset.
	Franchise []FranchiseFee
	// VATAreas are places in another country's VAT area that the content
	// adds to the dataset's (Jurisdictions.VATGeography); they are checked
	// with the dataset's as jurisdiction.NewVATGeography checks them, and
	// their places and areas must be jurisdictions of the dataset.
	VATAreas []jurisdiction.VATAreaPeriod
	// LowValueLimits are low-value import limits that the content gives
	// (Jurisdictions.LowValueLimits): a country's rows here replace all
	// of the dataset's rows of that country, and a country the dataset
	// has none of gains them (jurisdiction.LowValueLimits.With).
	LowValueLimits []jurisdiction.LowValue
}

// ChangesDataset reports whether the overlay changes a dataset it is laid
// over (see WithOverlay): it holds local content, jurisdictions, rates,
// Brazilian ISS rates, VAT areas or low-value limits, not only what WithOverlay leaves to the caller
// (franchise fees).
func (o *Overlay) ChangesDataset() bool {
	return len(o.States) > 0 || len(o.Jurisdictions) > 0 || len(o.Rates) > 0 || len(o.ISS) > 0 || len(o.VATAreas) > 0 ||
		len(o.LowValueLimits) > 0
}

// WithOverlay returns a dataset that reads as d with the overlay's
// content in place of d's for the states it covers. d is unchanged.
func (d *Dataset) WithOverlay(o *Overlay) (*Dataset, error) {
	base, err := d.Jurisdictions()
	if err != nil {
		return nil, err
	}
	baseLocal, err := d.Local()
	if err != nil {
		return nil, err
	}
	covered := map[string]bool{}
	for _, st := range o.States {
		sub, ok := jurisdiction.SubdivisionOf("US", st)
		if !ok || sub.Code != st {
			return nil, fmt.Errorf("data: overlay %s: %q is not a US state", o.Name, st)
		}
		covered[st] = true
	}
	// stateOf returns the covered state a US jurisdiction lies in, "" for
	// none or for the state itself.
	stateOf := func(j jurisdiction.Jurisdiction) string {
		if j.Country != "US" {
			return ""
		}
		for id, depth := j.Parent, 0; id != "" && depth < 16; depth++ {
			p, ok := base.ByID(id)
			if !ok {
				return ""
			}
			if p.Type == jurisdiction.State || p.Type == jurisdiction.Territory {
				if st := strings.TrimPrefix(p.ID, "US-"); covered[st] {
					return st
				}
				return ""
			}
			id = p.Parent
		}
		return ""
	}
	replaced := map[string]jurisdiction.Jurisdiction{}
	for _, j := range o.Jurisdictions {
		if _, dup := replaced[j.ID]; dup {
			return nil, fmt.Errorf("data: overlay %s: jurisdiction %s twice", o.Name, j.ID)
		}
		if j.ID == "" || !j.Type.Valid() || j.Name == "" || j.Country == "" {
			return nil, fmt.Errorf("data: overlay %s: incomplete jurisdiction %+v", o.Name, j)
		}
		replaced[j.ID] = j
	}
	// stateRates holds, for each state whose own sales tax rates the
	// overlay gives, covered or not, the days its rows of the state
	// cover: there they replace the dataset's sales tax rates of the
	// state, which answer the other days.
	stateRates := map[string][]civil.Period{}
	for _, r := range o.Rates {
		if st := strings.TrimPrefix(r.Jurisdiction, "US-"); len(st) == 2 && r.Tax == jurisdiction.SalesTax {
			stateRates[r.Jurisdiction] = append(stateRates[r.Jurisdiction], r.Period)
		}
	}
	var all []jurisdiction.Jurisdiction
	var rates []jurisdiction.Rate
	for _, j := range base.All() {
		st := stateOf(j)
		local := st != ""
		county := local && (j.Type == jurisdiction.County || j.Type == jurisdiction.Parish || j.Type == jurisdiction.Borough)
		// A local jurisdiction with a tax outside the sales tax
		// (Chicago's lease tax) is kept with that tax: it applies where
		// the content's areas name the jurisdiction.
		other := local && slices.ContainsFunc(base.Rates(j.ID), func(r jurisdiction.Rate) bool { return r.Tax != jurisdiction.SalesTax })
		if r, ok := replaced[j.ID]; ok {
			all = append(all, r)
			delete(replaced, j.ID)
		} else if !local || county || other {
			all = append(all, j)
		}
		cover, own := stateRates[j.ID]
		for _, r := range base.Rates(j.ID) {
			switch {
			case local && r.Tax == jurisdiction.SalesTax:
			case own && r.Tax == jurisdiction.SalesTax:
				for _, p := range periodsOutside(r.Period, cover) {
					r.Period = p
					rates = append(rates, r)
				}
			default:
				rates = append(rates, r)
			}
		}
	}
	for _, id := range slices.Sorted(maps.Keys(replaced)) {
		all = append(all, replaced[id])
	}
	rates = append(rates, o.Rates...)
	js, err := newJurisdictions(all, rates, base.Exceptions())
	if err != nil {
		return nil, fmt.Errorf("data: overlay %s: %w", o.Name, err)
	}
	js.vat, js.boxes, js.postal = base.vat, base.boxes, base.postal
	js.low, js.accruals = base.low, base.accruals
	if len(o.LowValueLimits) > 0 {
		for _, v := range o.LowValueLimits {
			if j, ok := js.ByID(v.Country); v.Country != jurisdiction.LowValueEU && (!ok || j.Type != jurisdiction.Country) {
				return nil, fmt.Errorf("data: overlay %s: low-value limit of %q: not a country of the dataset", o.Name, v.Country)
			}
		}
		if js.low, err = base.low.With(o.LowValueLimits); err != nil {
			return nil, fmt.Errorf("data: overlay %s: %w", o.Name, err)
		}
	}
	if len(o.VATAreas) > 0 {
		for _, a := range o.VATAreas {
			for _, id := range []string{a.Place, a.Area} {
				if _, ok := js.ByID(id); !ok {
					return nil, fmt.Errorf("data: overlay %s: VAT area of %s: jurisdiction %q does not exist", o.Name, a.Place, id)
				}
			}
		}
		if js.vat, err = base.vat.WithAreas(o.VATAreas); err != nil {
			return nil, fmt.Errorf("data: overlay %s: %w", o.Name, err)
		}
	}

	// The base's areas of the states the overlay does not cover stay, at
	// new indexes (kept), with their ZIP areas: a dataset that already
	// carries content by ZIP keeps it for the states this overlay leaves
	// alone. The overlay's areas follow them.
	b := baseLocal.builder()
	areas := make([]LocalArea, 0, len(b.Areas)+len(o.Local.Areas))
	kept := make([]int, len(b.Areas))
	for i, a := range b.Areas {
		kept[i] = -1
		if !covered[a.State] {
			kept[i] = len(areas)
			areas = append(areas, a)
		}
	}
	offset := len(areas)
	areas = append(areas, o.Local.Areas...)
	b.Areas = areas
	zips := make([]ZIPArea, 0, len(b.ZIPAreas)+len(o.Local.ZIPAreas))
	for _, z := range b.ZIPAreas {
		if k := kept[z.Area]; k >= 0 {
			z.Area = k
			zips = append(zips, z)
		}
	}
	for _, z := range o.Local.ZIPAreas {
		z.Area += offset
		zips = append(zips, z)
	}
	b.ZIPAreas = zips
	for zip, code := range b.Hints {
		if i := baseLocal.PlaceIndex(code); i >= 0 && covered[baseLocal.PlaceAt(i).State] {
			delete(b.Hints, zip)
		}
	}
	maps.Copy(b.Hints, o.Local.Hints)
	states := map[string]LocalState{}
	for _, s := range b.States {
		states[s.Code] = s
	}
	for _, s := range o.Local.States {
		if !covered[s.Code] {
			return nil, fmt.Errorf("data: overlay %s: coverage of %s, which it does not cover", o.Name, s.Code)
		}
		states[s.Code] = s
	}
	b.States = slices.SortedFunc(maps.Values(states), func(a, b LocalState) int { return cmp.Compare(a.Code, b.Code) })
	local, err := b.Build()
	if err != nil {
		return nil, fmt.Errorf("data: overlay %s: %w", o.Name, err)
	}
	for k := range local.NumAreas() {
		for _, id := range local.AreaAt(k).Jurisdictions {
			if _, ok := js.ByID(id); !ok {
				return nil, fmt.Errorf("data: overlay %s: a tax area names jurisdiction %s, which does not exist", o.Name, id)
			}
		}
	}
	out := &Dataset{fsys: d.fsys, version: d.version + "+" + o.Name}
	out.juris.set(js)
	out.local.set(local)
	if len(o.ISS) > 0 {
		br, err := d.Brazil()
		if err != nil {
			return nil, err
		}
		if br, err = br.WithISS(o.ISS, o.ISSFiles); err != nil {
			return nil, fmt.Errorf("data: overlay %s: %w", o.Name, err)
		}
		out.brazil.set(br)
	}
	return out, nil
}

// periodsOutside returns the parts of p that none of cover holds, in
// order. A zero Effective or Expiration is an open end, as in
// civil.Period; both ends are days of the period.
func periodsOutside(p civil.Period, cover []civil.Period) []civil.Period {
	cover = slices.Clone(cover)
	slices.SortFunc(cover, func(a, b civil.Period) int { return compareStarts(a.Effective, b.Effective) })
	var out []civil.Period
	rest := p
	for _, c := range cover {
		if !c.Effective.IsZero() && !c.Expiration.IsZero() && c.Expiration.Before(c.Effective) || !rest.Overlaps(c) {
			continue // c holds no day, or none of the rest
		}
		if !c.Effective.IsZero() && (rest.Effective.IsZero() || rest.Effective.Before(c.Effective)) {
			out = append(out, civil.Period{Effective: rest.Effective, Expiration: c.Effective.AddDays(-1)})
		}
		if c.Expiration.IsZero() || !rest.Expiration.IsZero() && !c.Expiration.Before(rest.Expiration) {
			return out // cover holds the rest of p
		}
		rest.Effective = c.Expiration.AddDays(1)
	}
	return append(out, rest)
}

// compareStarts orders the starts of periods, the zero date (an open
// start) first.
func compareStarts(a, b civil.Date) int {
	switch {
	case a.IsZero() && b.IsZero():
		return 0
	case a.IsZero():
		return -1
	case b.IsZero():
		return 1
	}
	return a.Compare(b)
}

// set gives a part its value before anyone asks for it.
func (l *lazy[T]) set(v T) { l.once.Do(func() { l.v = v }) }

// builder returns the contents of l as a LocalBuilder.
func (l *Local) builder() LocalBuilder {
	b := LocalBuilder{States: l.States(), Hints: map[string]string{}}
	b.Places = make([]Place, len(l.places))
	for i := range l.places {
		b.Places[i] = l.PlaceAt(i)
	}
	b.Areas = make([]LocalArea, len(l.areas))
	for i := range l.areas {
		b.Areas[i] = l.AreaAt(i)
	}
	for _, h := range l.hints {
		b.Hints[fips5(h.zip)] = l.str(l.places[h.place].code)
	}
	for _, z := range l.zipAreas {
		b.ZIPAreas = append(b.ZIPAreas, ZIPArea{ZIP: fips5(z.zip), Low: int(z.lo), High: int(z.hi), Area: int(z.area)})
	}
	return b
}

// newJurisdictions builds a table of jurisdictions and rates. Every
// parent must be in all, and no two rates of one jurisdiction, tax and
// category may overlap.
func newJurisdictions(all []jurisdiction.Jurisdiction, rates []jurisdiction.Rate, excepts []VATException) (*Jurisdictions, error) {
	all = slices.Clone(all)
	slices.SortFunc(all, func(a, b jurisdiction.Jurisdiction) int { return strings.Compare(a.ID, b.ID) })
	j := &Jurisdictions{all: all, excepts: slices.Clone(excepts)}
	pos := make(map[string]int32, len(all))
	for i, x := range all {
		if _, dup := pos[x.ID]; dup {
			return nil, fmt.Errorf("jurisdiction %s twice", x.ID)
		}
		pos[x.ID] = int32(i)
	}
	parents := make([]int32, len(all))
	for i, x := range all {
		parents[i] = -1
		if x.Parent != "" {
			p, ok := pos[x.Parent]
			if !ok {
				return nil, fmt.Errorf("jurisdiction %s: parent %s does not exist", x.ID, x.Parent)
			}
			parents[i] = p
		}
	}
	j.buildIndexes(parents)
	rates = slices.Clone(rates)
	slices.SortFunc(rates, func(a, b jurisdiction.Rate) int {
		return cmp.Or(cmp.Compare(pos[a.Jurisdiction], pos[b.Jurisdiction]), strings.Compare(string(a.Tax), string(b.Tax)),
			strings.Compare(a.Category, b.Category), a.Effective.Compare(b.Effective))
	})
	words := map[string]int32{}
	word := func(w string) int32 {
		i, ok := words[w]
		if !ok {
			i = int32(len(j.words))
			j.words = append(j.words, w)
			words[w] = i
		}
		return i
	}
	values := map[string]int32{}
	j.ratesOff = make([]int32, len(all)+1)
	for k, r := range rates {
		i, ok := pos[r.Jurisdiction]
		if !ok {
			return nil, fmt.Errorf("rate of unknown jurisdiction %s", r.Jurisdiction)
		}
		if k > 0 {
			p := rates[k-1]
			if p.Jurisdiction == r.Jurisdiction && p.Tax == r.Tax && p.Category == r.Category &&
				(p.Expiration.IsZero() || !p.Expiration.Before(r.Effective)) {
				return nil, fmt.Errorf("%s %s %s: rates of %s and %s overlap", r.Jurisdiction, r.Tax, r.Category, p.Effective, r.Effective)
			}
		}
		key := r.Value.Coefficient().String() + "e" + fmt.Sprint(r.Value.Exponent())
		v, ok := values[key]
		if !ok {
			v = int32(len(j.values))
			j.values = append(j.values, r.Value)
			values[key] = v
		}
		j.rates = append(j.rates, rateRec{tax: word(string(r.Tax)), category: word(r.Category), source: word(r.Source), value: v, period: r.Period})
		j.ratesOff[i+1]++
	}
	for i := 1; i <= len(all); i++ {
		j.ratesOff[i] += j.ratesOff[i-1]
	}
	return j, nil
}
