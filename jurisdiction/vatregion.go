package jurisdiction

import (
	"fmt"
	"slices"
	"strings"
)

// VATRegion is a part of a country that a rule of Levy's treats apart
// from the rest of the country although the dataset's tax areas do not
// tell the two apart: Northern Ireland, whose goods follow the EU's VAT
// rules as those of the member state XI (WindsorFramework), in the
// United Kingdom's tax area GB with London. Where the region lies is
// data (the generator's curated table vat-regions.csv, read through
// VATGeography); what it means is the rule's, in code.
//
// A location is found in the region by its postcode, by the name of its
// mainDivision or by its coordinates; which of them decides when a
// location sends several is the reader's rule (the engine's: the first
// of the three that it sends).
type VATRegion struct {
	// Code stands for the region where a rule needs a code of its own
	// ("XI"); an address may give it as its country. It is no ISO 3166-1
	// code.
	Code string
	// Country is the ISO 3166-1 alpha-2 code of the country whose tax
	// areas hold the region ("GB").
	Country string
	// Name is the region's English name ("Northern Ireland").
	Name string
	// PostcodeAreas are the letters that begin the region's postcodes,
	// before their first digit: "BT" for BT1 to BT94.
	PostcodeAreas []string
	// Divisions are the names a mainDivision gives the region, or one of
	// its parts, by ("Northern Ireland", "GB-NIR", "Antrim"), as written.
	// They match without regard to case or runs of spaces, and after a
	// leading "County", "Co." or "Co" (a county's name) is dropped.
	Divisions []string
	// Boxes hold the region's points: a point of Country inside one of
	// them and inside none of Excluded lies in the region.
	Boxes    []VATBox
	Excluded []VATBox
}

// VATBox is a box of latitude and longitude, in degrees, its edges
// included.
type VATBox struct {
	LatMin, LatMax float64
	LngMin, LngMax float64
}

// Contains reports whether the point at lat, lng lies in the box.
func (b VATBox) Contains(lat, lng float64) bool {
	return lat >= b.LatMin && lat <= b.LatMax && lng >= b.LngMin && lng <= b.LngMax
}

// check refuses an empty or inverted box, or one off the globe.
func (b VATBox) check() error {
	switch {
	case b.LatMin > b.LatMax || b.LngMin > b.LngMax:
		return fmt.Errorf("box %+v is inverted", b)
	case b.LatMin < -90 || b.LatMax > 90 || b.LngMin < -180 || b.LngMax > 180:
		return fmt.Errorf("box %+v lies off the globe", b)
	}
	return nil
}

// clone returns r with slices of its own.
func (r VATRegion) clone() VATRegion {
	r.PostcodeAreas = slices.Clone(r.PostcodeAreas)
	r.Divisions = slices.Clone(r.Divisions)
	r.Boxes = slices.Clone(r.Boxes)
	r.Excluded = slices.Clone(r.Excluded)
	return r
}

// regionIndex is a region as a geography holds it, with its division
// names folded (FoldDivision).
type regionIndex struct {
	VATRegion
	divisions map[string]bool
}

// FoldDivision folds the name of a mainDivision as VATRegion.Divisions
// match it: lower case, runs of spaces as one, and a leading "county ",
// "co. " or "co " dropped ("County  Antrim" and "Co. Antrim" fold to
// "antrim").
func FoldDivision(s string) string {
	s = strings.ToLower(strings.Join(strings.Fields(s), " "))
	for _, p := range [...]string{"county ", "co. ", "co "} {
		s = strings.TrimPrefix(s, p)
	}
	return s
}

// IsAlpha2Form reports whether s has the form of an ISO 3166-1 alpha-2
// code: two upper-case letters (whether or not ISO assigns it).
func IsAlpha2Form(s string) bool {
	return len(s) == 2 && s[0] >= 'A' && s[0] <= 'Z' && s[1] >= 'A' && s[1] <= 'Z'
}

// WithRegions returns the geography with the regions (replacing any it
// had), checked: each has a code of two upper-case letters that is no
// ISO 3166-1 code, a country, a name, and a way to be found; its postcode
// areas are one or two letters; its division names fold to names of their
// own; its boxes are boxes; no two share a code, a name, or a postcode
// area or division name of one country. g is unchanged.
func (g *VATGeography) WithRegions(regions []VATRegion) (*VATGeography, error) {
	out := &VATGeography{areas: map[string][]VATAreaPeriod{}, territories: map[string][]SpecialTerritory{}}
	if g != nil {
		out.areas, out.territories, out.leads = g.areas, g.territories, g.leads // immutable: shared
	}
	type countryKey struct{ country, key string }
	postcodes, divisions := map[countryKey]string{}, map[countryKey]string{}
	for _, r := range regions {
		if !IsAlpha2Form(r.Code) {
			return nil, fmt.Errorf("jurisdiction: VAT region %q: the code is not two upper-case letters", r.Code)
		}
		if _, iso := CountryAlpha3(r.Code); iso {
			return nil, fmt.Errorf("jurisdiction: VAT region %s: the code is a country's (ISO 3166-1)", r.Code)
		}
		if _, iso := CountryAlpha3(r.Country); !iso {
			return nil, fmt.Errorf("jurisdiction: VAT region %s: %q is no ISO 3166-1 alpha-2 country code", r.Code, r.Country)
		}
		if strings.TrimSpace(r.Name) == "" {
			return nil, fmt.Errorf("jurisdiction: VAT region %s without a name", r.Code)
		}
		if len(r.PostcodeAreas) == 0 && len(r.Divisions) == 0 && len(r.Boxes) == 0 {
			return nil, fmt.Errorf("jurisdiction: VAT region %s: no postcode area, division or box finds it", r.Code)
		}
		for _, o := range out.regions {
			if o.Code == r.Code || strings.EqualFold(o.Name, r.Name) {
				return nil, fmt.Errorf("jurisdiction: VAT region %s: its code or name is region %s's too", r.Code, o.Code)
			}
		}
		x := &regionIndex{VATRegion: r.clone(), divisions: map[string]bool{}}
		for _, a := range r.PostcodeAreas {
			if len(a) < 1 || len(a) > 2 || strings.Trim(a, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
				return nil, fmt.Errorf("jurisdiction: VAT region %s: postcode area %q is not one or two upper-case letters", r.Code, a)
			}
			k := countryKey{r.Country, a}
			if o, dup := postcodes[k]; dup {
				return nil, fmt.Errorf("jurisdiction: VAT region %s: postcode area %s is region %s's too", r.Code, a, o)
			}
			postcodes[k] = r.Code
		}
		for _, d := range r.Divisions {
			f := FoldDivision(d)
			if f == "" || f != strings.ToLower(strings.Join(strings.Fields(d), " ")) {
				return nil, fmt.Errorf("jurisdiction: VAT region %s: division %q is empty or begins with County or Co (write the county's name alone)", r.Code, d)
			}
			k := countryKey{r.Country, f}
			if o, dup := divisions[k]; dup {
				return nil, fmt.Errorf("jurisdiction: VAT region %s: division %q is region %s's too, or written twice", r.Code, d, o)
			}
			divisions[k] = r.Code
			x.divisions[f] = true
		}
		for _, b := range slices.Concat(r.Boxes, r.Excluded) {
			if err := b.check(); err != nil {
				return nil, fmt.Errorf("jurisdiction: VAT region %s: %w", r.Code, err)
			}
		}
		if len(r.Excluded) > 0 && len(r.Boxes) == 0 {
			return nil, fmt.Errorf("jurisdiction: VAT region %s: boxes excluded from no box", r.Code)
		}
		out.regions = append(out.regions, x)
	}
	slices.SortFunc(out.regions, func(a, b *regionIndex) int { return strings.Compare(a.Code, b.Code) })
	return out, nil
}

// Regions returns the VAT regions, sorted by code.
func (g *VATGeography) Regions() []VATRegion {
	if g == nil || len(g.regions) == 0 {
		return nil
	}
	out := make([]VATRegion, len(g.regions))
	for i, x := range g.regions {
		out[i] = x.VATRegion.clone()
	}
	return out
}

// region returns the region of code, or nil.
func (g *VATGeography) region(code string) *regionIndex {
	if g == nil {
		return nil
	}
	for _, x := range g.regions {
		if x.Code == code {
			return x
		}
	}
	return nil
}

// RegionNamed returns the region whose code or name s is, ignoring case
// and surrounding spaces: "XI", "xi" or "Northern Ireland" for Northern
// Ireland. An address's country may name a region so.
func (g *VATGeography) RegionNamed(s string) (VATRegion, bool) {
	if g == nil {
		return VATRegion{}, false
	}
	s = strings.Join(strings.Fields(s), " ")
	for _, x := range g.regions {
		if strings.EqualFold(s, x.Code) || strings.EqualFold(s, x.Name) {
			return x.VATRegion.clone(), true
		}
	}
	return VATRegion{}, false
}

// RegionCountry returns the country whose tax areas hold the region of
// code; ok is false when the geography has no such region.
func (g *VATGeography) RegionCountry(code string) (country string, ok bool) {
	if x := g.region(code); x != nil {
		return x.Country, true
	}
	return "", false
}

// RegionHasPostcode reports whether a postcode of the region's country
// lies in the region of code: its letters before the first digit, once
// spaces are trimmed and case ignored, are one of the region's postcode
// areas ("BT1 5GS" is of the area BT; "BTX" and "B1 1AA" are not).
func (g *VATGeography) RegionHasPostcode(code, pc string) bool {
	x := g.region(code)
	if x == nil {
		return false
	}
	pc = strings.ToUpper(strings.TrimSpace(pc))
	for _, a := range x.PostcodeAreas {
		if len(pc) > len(a) && strings.HasPrefix(pc, a) && pc[len(a)] >= '0' && pc[len(a)] <= '9' {
			return true
		}
	}
	return false
}

// RegionHasDivision reports whether a mainDivision of the region's
// country names the region of code or one of its parts (FoldDivision).
func (g *VATGeography) RegionHasDivision(code, name string) bool {
	x := g.region(code)
	return x != nil && x.divisions[FoldDivision(name)]
}

// RegionHasPoint reports whether a point that the lookup put in the
// region's country lies in the region of code: inside one of its boxes
// and none of its excluded ones.
func (g *VATGeography) RegionHasPoint(code string, lat, lng float64) bool {
	x := g.region(code)
	if x == nil {
		return false
	}
	in := func(bs []VATBox) bool {
		return slices.ContainsFunc(bs, func(b VATBox) bool { return b.Contains(lat, lng) })
	}
	return in(x.Boxes) && !in(x.Excluded)
}
