package data

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/binfmt"
	"github.com/levytax/levy/jurisdiction"
	"github.com/shopspring/decimal"
)

// TestJurisdictionsReadBack checks the packed jurisdiction table against
// a plain decoding of the same file, with a string for every field and
// maps by ID and external code: every jurisdiction, its children, its
// external code and its rates must read back the same.
func TestJurisdictionsReadBack(t *testing.T) {
	file, err := Default().file(jurisFile)
	if err != nil {
		t.Fatal(err)
	}
	j, err := decodeJurisdictions(file)
	if err != nil {
		t.Fatal(err)
	}
	want, err := plainJurisdictions(file)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(j.All(), want.all) {
		t.Fatal("All differs")
	}
	if j.Len() != len(want.all) {
		t.Fatalf("Len = %d, want %d", j.Len(), len(want.all))
	}
	d := civil.MustParse("2026-06-01")
	for i, x := range want.all {
		if k, ok := j.Index(x.ID); !ok || k != i || !reflect.DeepEqual(j.At(k), x) {
			t.Fatalf("Index(%s) = %d, %v", x.ID, k, ok)
		}
		if got, ok := j.ByID(x.ID); !ok || !reflect.DeepEqual(got, x) {
			t.Fatalf("ByID(%s) = %+v", x.ID, got)
		}
		if got, w := j.Children(x.ID), want.pick(want.kids[want.kidsOff[i]:want.kidsOff[i+1]]); !reflect.DeepEqual(got, w) {
			t.Fatalf("Children(%s) = %d, want %d", x.ID, len(got), len(w))
		}
		if got, w := j.ByExternalCode(x.Country, x.ExternalCode), want.pick(want.byExt[extKey{x.Country, x.ExternalCode}]); !reflect.DeepEqual(got, w) {
			t.Fatalf("ByExternalCode(%s, %s) = %d, want %d", x.Country, x.ExternalCode, len(got), len(w))
		}
		rs := want.rates[want.ratesOff[i]:want.ratesOff[i+1]]
		if len(rs) == 0 {
			rs = nil
		}
		if got := j.Rates(x.ID); !reflect.DeepEqual(got, rs) {
			t.Fatalf("Rates(%s) = %v, want %v", x.ID, got, rs)
		}
		var on []jurisdiction.Rate
		for _, r := range rs {
			if r.Contains(d) {
				on = append(on, r)
			}
		}
		if got := j.RatesOn(x.ID, d); !reflect.DeepEqual(got, on) {
			t.Fatalf("RatesOn(%s) = %v, want %v", x.ID, got, on)
		}
	}
	for _, id := range []string{"", "U", "US-", "us", "US-CA-", "ZZ"} {
		if _, ok := j.ByID(id); ok {
			t.Errorf("ByID(%q) exists", id)
		}
		if j.Rates(id) != nil || j.RatesOn(id, d) != nil || j.Children(id) != nil {
			t.Errorf("%q has rates or children", id)
		}
	}
	if j.ByExternalCode("US", "") != nil || j.ByExternalCode("", "06037") != nil || j.ByExternalCode("CA", "06037") != nil {
		t.Error("ByExternalCode finds what is not there")
	}
	if !reflect.DeepEqual(j.Exceptions(), want.excepts) {
		t.Error("Exceptions differ")
	}
	geo := j.VATGeography()
	if !reflect.DeepEqual(geo.Areas(), want.areas) || len(want.areas) == 0 {
		t.Errorf("VAT areas %v, want %v", geo.Areas(), want.areas)
	}
	if !reflect.DeepEqual(geo.Territories(), want.territories) || len(want.territories) == 0 {
		t.Errorf("special territories %v, want %v", geo.Territories(), want.territories)
	}
	if !reflect.DeepEqual(j.TerritoryBoxes(), want.boxes) || len(want.boxes) == 0 {
		t.Errorf("territory boxes %v, want %v", j.TerritoryBoxes(), want.boxes)
	}
	if !reflect.DeepEqual(j.PostcodeCountries(), want.postcodes) || len(want.postcodes) == 0 {
		t.Errorf("postcode countries %v, want %v", j.PostcodeCountries(), want.postcodes)
	}
	if !reflect.DeepEqual(geo.Regions(), want.regions) || len(want.regions) == 0 {
		t.Errorf("VAT regions %v, want %v", geo.Regions(), want.regions)
	}
	if !reflect.DeepEqual(j.LowValueLimits().All(), want.lowValue) || len(want.lowValue) == 0 {
		t.Errorf("low-value limits %v, want %v", j.LowValueLimits().All(), want.lowValue)
	}
	var accruals []jurisdiction.TaxAccrual
	for _, x := range want.all {
		accruals = append(accruals, j.TaxAccruals(x.ID)...)
	}
	if !reflect.DeepEqual(accruals, want.accruals) || len(want.accruals) == 0 {
		t.Errorf("tax accruals %v, want %v", accruals, want.accruals)
	}
	if !reflect.DeepEqual(j.DomesticReverseCharges().All(), want.domesticRC) || len(want.domesticRC) == 0 {
		t.Errorf("domestic reverse charges %v, want %v", j.DomesticReverseCharges().All(), want.domesticRC)
	}
}

// plainJuris is the jurisdiction table decoded the obvious way.
type plainJuris struct {
	all      []jurisdiction.Jurisdiction
	byID     map[string]int32
	kids     []int32
	kidsOff  []int32
	byExt    map[extKey][]int32
	rates    []jurisdiction.Rate
	ratesOff []int32
	excepts  []VATException
	// The VAT geography, in the file's order.
	areas       []jurisdiction.VATAreaPeriod
	territories []jurisdiction.SpecialTerritory
	boxes       []TerritoryBox
	postcodes   []PostcodeCountry
	regions     []jurisdiction.VATRegion
	// The taxes' properties (format 4), in the file's order.
	lowValue []jurisdiction.LowValue
	accruals []jurisdiction.TaxAccrual
	// The domestic reverse charges (format 5), in the file's order.
	domesticRC []jurisdiction.DomesticReverseCharge
}

type extKey struct{ country, code string }

func (j *plainJuris) pick(idx []int32) []jurisdiction.Jurisdiction {
	if len(idx) == 0 {
		return nil
	}
	out := make([]jurisdiction.Jurisdiction, len(idx))
	for k, c := range idx {
		out[k] = j.all[c]
	}
	return out
}

func plainJurisdictions(file []byte) (*plainJuris, error) {
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
	j := &plainJuris{
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
	date := func() civil.Date {
		if v := r.Uvarint(); v != 0 {
			return civil.FromDays(int32(int64(v) - jurisDateOffset))
		}
		return civil.Date{}
	}
	for range r.Count(4) {
		a := jurisdiction.VATAreaPeriod{Place: r.String(), Area: r.String(), OwnNumbers: r.Bool()}
		a.Period = civil.Period{Effective: date(), Expiration: date()}
		j.areas = append(j.areas, a)
	}
	for range r.Count(6) {
		ji := r.Uvarint()
		t := jurisdiction.SpecialTerritory{Kind: jurisdiction.TerritoryKind(r.Uvarint()), Area: r.String(), KeepsReduced: r.Bool(), LocalTax: r.String()}
		t.Period = civil.Period{Effective: date(), Expiration: date()}
		if ji >= uint64(n) {
			return nil, fmt.Errorf("%w: territory refers to jurisdiction %d", binfmt.ErrCorrupt, ji)
		}
		t.Jurisdiction = j.all[ji].ID
		j.territories = append(j.territories, t)
	}
	for range r.Count(4) {
		b := TerritoryBox{Country: r.String(), FoundIn: r.String()}
		ji := r.Uvarint()
		if ji >= uint64(n) {
			return nil, fmt.Errorf("%w: box refers to jurisdiction %d", binfmt.ErrCorrupt, ji)
		}
		b.Jurisdiction = j.all[ji].ID
		b.LatMin, b.LatMax = float64(r.Varint())/1e6, float64(r.Varint())/1e6
		b.LngMin, b.LngMax = float64(r.Varint())/1e6, float64(r.Varint())/1e6
		j.boxes = append(j.boxes, b)
	}
	for range r.Count(4) {
		p := PostcodeCountry{Country: r.String(), Prefix: r.String(), Place: r.String()}
		p.Period = civil.Period{Effective: date(), Expiration: date()}
		j.postcodes = append(j.postcodes, p)
	}
	strs := func() []string {
		out := make([]string, r.Count(1))
		for i := range out {
			out[i] = r.String()
		}
		return out
	}
	for range r.Count(5) {
		g := jurisdiction.VATRegion{Code: r.String(), Country: r.String(), Name: r.String()}
		g.PostcodeAreas, g.Divisions = strs(), strs()
		for range r.Count(5) {
			excluded := r.Bool()
			b := jurisdiction.VATBox{LatMin: float64(r.Varint()) / 1e6, LatMax: float64(r.Varint()) / 1e6,
				LngMin: float64(r.Varint()) / 1e6, LngMax: float64(r.Varint()) / 1e6}
			if excluded {
				g.Excluded = append(g.Excluded, b)
			} else {
				g.Boxes = append(g.Boxes, b)
			}
		}
		j.regions = append(j.regions, g)
	}
	for range r.Count(8) {
		v := jurisdiction.LowValue{Country: r.String(), Scheme: r.String()}
		v.Period = civil.Period{Effective: date(), Expiration: date()}
		v.Currency = r.String()
		coef := r.Varint()
		v.Amount = decimal.New(coef, int32(r.Varint()))
		v.Strict, v.PerItem, v.BusinessReverseCharge = r.Bool(), r.Bool(), r.Bool()
		v.Source = r.String()
		v.EU = v.Country == "EU"
		j.lowValue = append(j.lowValue, v)
	}
	for range r.Count(5) {
		ji := r.Uvarint()
		if ji >= uint64(n) {
			return nil, fmt.Errorf("%w: tax accrual refers to jurisdiction %d", binfmt.ErrCorrupt, ji)
		}
		a := jurisdiction.TaxAccrual{Jurisdiction: j.all[ji].ID, Tax: jurisdiction.Tax(r.String()), Accrual: jurisdiction.Accrual(r.Uvarint())}
		a.Period = civil.Period{Effective: date(), Expiration: date()}
		a.Source = r.String()
		j.accruals = append(j.accruals, a)
	}
	for range r.Count(8) {
		v := jurisdiction.DomesticReverseCharge{Country: r.String(), Class: r.String()}
		v.Period = civil.Period{Effective: date(), Expiration: date()}
		coef := r.Varint()
		v.Threshold = decimal.New(coef, int32(r.Varint()))
		v.Currency = r.String()
		v.Above = r.Bool()
		v.Group, v.Provision, v.Condition, v.Source = r.String(), r.String(), r.String(), r.String()
		j.domesticRC = append(j.domesticRC, v)
	}
	if err := r.Done(); err != nil {
		return nil, err
	}
	return j, nil
}
