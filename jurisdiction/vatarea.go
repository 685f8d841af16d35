package jurisdiction

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/levytax/levy/civil"
)

// VATAreaPeriod is a dated fact of the dataset's VAT geography: over
// Period, Place is inside the VAT area of Area. Place levies no VAT of its
// own then: Area's VAT law applies on its territory, at Area's rates, and a
// supply between the two is a domestic one. Everything Levy decides from a
// place's country (the rates, the product classes' treatments, domestic or
// cross-border, membership of the EU's VAT area, the registrations that
// cover it) is then decided by Area.
//
// Place is a country (ISO 3166-1 alpha-2: Monaco in France's area, the
// Isle of Man in the United Kingdom's), or the jurisdiction ID of a VAT
// special territory found by postcode inside a country (data.VATException)
// whose VAT is another country's (Büsingen, in Switzerland's). The other
// special territories are SpecialTerritory facts.
type VATAreaPeriod struct {
	Place string
	Area  string
	// OwnNumbers says that the place's tax administration gives VAT
	// numbers of its own scheme (Liechtenstein's five digits), which are
	// checked as the place's; else its businesses get numbers of Area's
	// scheme (French numbers in Monaco, GB numbers on the Isle of Man),
	// checked as Area's.
	OwnNumbers bool
	Period     civil.Period
}

// TerritoryKind says how a VAT special territory stands to its country's
// VAT.
type TerritoryKind uint8

const (
	// RegionalRates: the territory is in its country's VAT area and the
	// EU's, and its own rates replace the country's there (the
	// territory's jurisdiction carries them). Supplies between it and the
	// rest of the country are domestic ones.
	RegionalRates TerritoryKind = iota + 1
	// OwnVAT: the territory is outside the EU's VAT area and forms a VAT
	// area of its own, where its country's VAT applies at the
	// territory's rates (the territory's jurisdiction carries them).
	// Goods sent between it and its country are exported and imported.
	OwnVAT
	// NoVAT: the territory is outside the EU's VAT area and no VAT that
	// Levy computes applies there; LocalTax names the local tax, if any,
	// that Levy does not compute.
	NoVAT
)

// String returns the kind's name in the curated tables: regional_rates,
// own_vat or no_vat.
func (k TerritoryKind) String() string {
	switch k {
	case RegionalRates:
		return "regional_rates"
	case OwnVAT:
		return "own_vat"
	case NoVAT:
		return "no_vat"
	}
	return fmt.Sprintf("TerritoryKind(%d)", uint8(k))
}

// Valid reports whether k is one of the kinds above.
func (k TerritoryKind) Valid() bool { return k >= RegionalRates && k <= NoVAT }

// ParseTerritoryKind reads a kind's name (see String).
func ParseTerritoryKind(s string) (TerritoryKind, bool) {
	for k := RegionalRates; k <= NoVAT; k++ {
		if k.String() == s {
			return k, true
		}
	}
	return 0, false
}

// SpecialTerritory is how a VAT special territory (one of the dataset's
// postcode exceptions, data.VATException) stands to its country's VAT in
// a period.
// A territory in another country's VAT area (Büsingen in Switzerland's)
// is a VATAreaPeriod instead, as Monaco is.
type SpecialTerritory struct {
	// Jurisdiction is the territory's jurisdiction ID ("ES-CN").
	Jurisdiction string
	Kind         TerritoryKind
	// Area names the VAT area the territory belongs to: its country's
	// code for RegionalRates, else a name of its own that two territories
	// share when goods moved between them are not exported (Guadeloupe and
	// Martinique).
	Area string
	// KeepsReduced says that only the standard rate is the territory's:
	// the country's other rates apply there as elsewhere in the country.
	KeepsReduced bool
	// LocalTax names a tax on supplies in the territory that Levy does not
	// compute, with its act, as a phrase ("the IGIC (...)"); "" when there
	// is none.
	LocalTax string
	// Period is when the territory stands so.
	Period civil.Period
}

// EU reports whether the territory is in the EU's VAT area (its country
// being a member state).
func (t SpecialTerritory) EU() bool { return t.Kind == RegionalRates }

// VATGeography is the dataset's VAT geography: the places inside another
// country's VAT area and the VAT special territories, as dated facts, and
// the VAT regions that rules treat apart inside a country (VATRegion:
// Northern Ireland). The generator reads them from its curated tables
// vat-areas.csv, vat-territories.csv and vat-regions.csv;
// data.Jurisdictions.VATGeography returns them. It is immutable and safe
// for concurrent use. A nil *VATGeography has no facts: every place is
// its own VAT area, no territory is special and there is no region.
type VATGeography struct {
	areas       map[string][]VATAreaPeriod    // by place, sorted by start
	territories map[string][]SpecialTerritory // by jurisdiction ID, sorted by start
	regions     []*regionIndex                // sorted by code (WithRegions)
	// leads has the bit leadOf(id) of every territory's ID set, so that
	// VATTerritory answers for the jurisdictions of a country without
	// special territories (most of those asked about) without a map
	// lookup.
	leads [leadBits / 64]uint64
}

// leadBits is the size of VATGeography.leads: 32 times 32 bits, one for
// each pair of the low five bits of an ID's first two bytes (a pair of
// upper-case letters has a bit of its own).
const leadBits = 1 << 10

// leadOf returns the bit of VATGeography.leads for a jurisdiction ID: of
// its first two bytes, or the last bit for an ID shorter than two.
func leadOf(id string) uint {
	if len(id) < 2 {
		return leadBits - 1
	}
	return uint(id[0]&31)<<5 | uint(id[1]&31)
}

// NewVATGeography checks the facts and returns the geography they make.
// It refuses a fact without a place or an area, a period that ends before
// it starts, two periods of one place that overlap, a place in the VAT
// area of a place that is itself in another's (chains), a place in its
// own area, a territory of no known kind, and a place that is in both
// tables.
func NewVATGeography(areas []VATAreaPeriod, territories []SpecialTerritory) (*VATGeography, error) {
	g := &VATGeography{areas: map[string][]VATAreaPeriod{}, territories: map[string][]SpecialTerritory{}}
	for _, a := range areas {
		if a.Place == "" || a.Area == "" {
			return nil, fmt.Errorf("jurisdiction: VAT area fact %+v without a place or an area", a)
		}
		if a.Place == a.Area {
			return nil, fmt.Errorf("jurisdiction: %s is said to be in its own VAT area", a.Place)
		}
		if err := checkPeriod(a.Period); err != nil {
			return nil, fmt.Errorf("jurisdiction: %s in the VAT area of %s: %w", a.Place, a.Area, err)
		}
		g.areas[a.Place] = append(g.areas[a.Place], a)
	}
	for place, ps := range g.areas {
		slices.SortFunc(ps, func(x, y VATAreaPeriod) int { return x.Period.Effective.Compare(y.Period.Effective) })
		for i, p := range ps {
			if _, chain := g.areas[p.Area]; chain {
				return nil, fmt.Errorf("jurisdiction: %s is in the VAT area of %s, which is in another's", place, p.Area)
			}
			if i > 0 && ps[i-1].Period.Overlaps(p.Period) {
				return nil, fmt.Errorf("jurisdiction: %s: the periods of its VAT areas %s and %s overlap", place, ps[i-1].Area, p.Area)
			}
		}
	}
	for _, t := range territories {
		if t.Jurisdiction == "" || t.Area == "" {
			return nil, fmt.Errorf("jurisdiction: special territory %+v without a jurisdiction or an area", t)
		}
		if !t.Kind.Valid() {
			return nil, fmt.Errorf("jurisdiction: special territory %s: %s", t.Jurisdiction, t.Kind)
		}
		if err := checkPeriod(t.Period); err != nil {
			return nil, fmt.Errorf("jurisdiction: special territory %s: %w", t.Jurisdiction, err)
		}
		if _, both := g.areas[t.Jurisdiction]; both {
			return nil, fmt.Errorf("jurisdiction: %s is both a special territory and in another country's VAT area", t.Jurisdiction)
		}
		g.territories[t.Jurisdiction] = append(g.territories[t.Jurisdiction], t)
		b := leadOf(t.Jurisdiction)
		g.leads[b/64] |= 1 << (b % 64)
	}
	for id, ts := range g.territories {
		slices.SortFunc(ts, func(x, y SpecialTerritory) int { return x.Period.Effective.Compare(y.Period.Effective) })
		for i := 1; i < len(ts); i++ {
			if ts[i-1].Period.Overlaps(ts[i].Period) {
				return nil, fmt.Errorf("jurisdiction: special territory %s: two periods overlap", id)
			}
		}
	}
	return g, nil
}

// checkPeriod refuses a period that ends before it starts.
func checkPeriod(p civil.Period) error {
	if !p.Effective.IsZero() && !p.Expiration.IsZero() && p.Expiration.Before(p.Effective) {
		return fmt.Errorf("the period ends on %s, before it starts on %s", p.Expiration, p.Effective)
	}
	return nil
}

// WithAreas returns the geography with more VAT area facts (a user's
// content), checked as NewVATGeography checks them, and g's regions. g is
// unchanged.
func (g *VATGeography) WithAreas(more []VATAreaPeriod) (*VATGeography, error) {
	out, err := NewVATGeography(append(g.Areas(), more...), g.Territories())
	if err != nil {
		return nil, err
	}
	if g != nil {
		out.regions = g.regions // immutable: shared
	}
	return out, nil
}

// Areas returns every VAT area fact, sorted by place and start.
func (g *VATGeography) Areas() []VATAreaPeriod {
	if g == nil {
		return nil
	}
	var out []VATAreaPeriod
	for _, place := range sortedKeys(g.areas) {
		out = append(out, g.areas[place]...)
	}
	return out
}

// Territories returns every special territory fact, sorted by
// jurisdiction ID and start.
func (g *VATGeography) Territories() []SpecialTerritory {
	if g == nil {
		return nil
	}
	var out []SpecialTerritory
	for _, id := range sortedKeys(g.territories) {
		out = append(out, g.territories[id]...)
	}
	return out
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.SortFunc(out, strings.Compare)
	return out
}

// VATArea returns the country (ISO 3166-1 alpha-2) whose VAT applies in
// country (or the VAT special territory of that jurisdiction ID) on d
// when that is another country: France for Monaco, the United Kingdom for
// the Isle of Man. ok is false for a country that is in no other's VAT
// area on d (it is its own, or has no VAT).
func (g *VATGeography) VATArea(country string, d civil.Date) (area string, ok bool) {
	if g == nil {
		return "", false
	}
	for _, p := range g.areas[country] {
		if p.Period.Contains(d) {
			return p.Area, true
		}
	}
	return "", false
}

// InVATArea returns the country whose VAT area country belongs to on d
// (VATArea), or country itself.
func (g *VATGeography) InVATArea(country string, d civil.Date) string {
	if area, ok := g.VATArea(country, d); ok {
		return area
	}
	return country
}

// NumberCountry returns the country whose scheme the VAT numbers of a
// registration with country's tax administration follow on d: Area for a
// place in another country's VAT area whose businesses get that
// country's numbers (France for Monaco), else country itself
// (Liechtenstein's own numbers, or a country in no other's area).
func (g *VATGeography) NumberCountry(country string, d civil.Date) string {
	if g == nil {
		return country
	}
	for _, p := range g.areas[country] {
		if p.Period.Contains(d) && !p.OwnNumbers {
			return p.Area
		}
	}
	return country
}

// VATAreaChanges returns the places (countries and special territories)
// that joined or left another country's VAT area on a day from from to
// to, both included (to zero for no end), sorted: Monaco on 1963-05-18,
// the Isle of Man on 1980-04-01. A lookup of a place there gives another
// tax area from that day, so the place's own tax area changed.
func (g *VATGeography) VATAreaChanges(from, to civil.Date) []string {
	if g == nil {
		return nil
	}
	var out []string
	for place, ps := range g.areas {
		if slices.ContainsFunc(ps, func(p VATAreaPeriod) bool { return p.Period.ChangesWithin(from, to) }) {
			out = append(out, place)
		}
	}
	slices.SortFunc(out, cmp.Compare)
	return out
}

// VATTerritory returns how the VAT special territory whose jurisdiction
// ID is id stands to its country's VAT on d; ok is false for any other
// jurisdiction.
func (g *VATGeography) VATTerritory(id string, d civil.Date) (t SpecialTerritory, ok bool) {
	if g == nil {
		return SpecialTerritory{}, false
	}
	if b := leadOf(id); g.leads[b/64]&(1<<(b%64)) == 0 {
		return SpecialTerritory{}, false
	}
	for _, p := range g.territories[id] {
		if p.Period.Contains(d) {
			return p, true
		}
	}
	return SpecialTerritory{}, false
}
