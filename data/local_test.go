package data

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/levytax/levy/internal/binfmt"
)

// plainLocal is local.lvd decoded the plain way: lists of strings and
// structs, no packing.
type plainLocal struct {
	states []LocalState
	places []Place
	keys   [][]string // of each place
	areas  []LocalArea
	hints  map[uint32]int
}

func decodePlainLocal(t *testing.T, file []byte) plainLocal {
	t.Helper()
	r, err := binfmt.Open(file, localKind, localVersion)
	if err != nil {
		t.Fatal(err)
	}
	var p plainLocal
	for range r.Count(8) {
		s := LocalState{Code: r.String(), Title: r.String(), Status: r.String()}
		for range r.Count(1) {
			s.Origin = append(s.Origin, r.String())
		}
		if r.Bool() {
			r.Varint()
			r.Int()
		}
		s.Sourcing = r.String()
		for range r.Count(1) {
			s.Sources = append(s.Sources, r.String())
		}
		s.NotCovered = r.String()
		s.Jurisdictions, s.Places, s.ZIPs, s.Areas = r.Int(), r.Int(), r.Int(), r.Int()
		p.states = append(p.states, s)
	}
	for range r.Count(6) {
		pl := Place{Code: r.String(), State: r.String(), Name: r.String()}
		var keys []string
		for range r.Count(1) {
			keys = append(keys, r.String())
		}
		flags := r.Uvarint()
		pl.Incorporated, pl.Boundary = flags&1 != 0, flags&2 != 0
		for range r.Count(1) {
			pl.Counties = append(pl.Counties, fmt.Sprintf("%05d", r.Uvarint()))
		}
		p.places = append(p.places, pl)
		p.keys = append(p.keys, keys)
	}
	var ids []string
	for range r.Count(2) {
		ids = append(ids, r.String())
	}
	for range r.Count(3) {
		a := LocalArea{State: r.String(), County: fmt.Sprintf("%05d", r.Uvarint())}
		if pl := r.Uvarint(); pl > 0 {
			a.Place = p.places[pl-1].Code
		}
		for range r.Count(1) {
			a.Jurisdictions = append(a.Jurisdictions, ids[r.Uvarint()])
		}
		p.areas = append(p.areas, a)
	}
	p.hints = map[uint32]int{}
	zip := uint64(0)
	for range r.Count(2) {
		zip += r.Uvarint()
		p.hints[uint32(zip)] = int(r.Uvarint())
	}
	if err := r.Done(); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLocalReadsBack checks the packed local table against a plain
// decoding of the same file: every state, place, name key, area and ZIP
// hint, and the lookups by name, code, county and place.
func TestLocalReadsBack(t *testing.T) {
	file, err := Default().file(localFile)
	if err != nil {
		t.Fatal(err)
	}
	l, err := decodeLocal(file)
	if err != nil {
		t.Fatal(err)
	}
	p := decodePlainLocal(t, file)
	if len(p.states) < 50 || len(p.places) < 10000 || len(p.areas) < 3000 || len(p.hints) < 10000 {
		t.Fatalf("%d states, %d places, %d areas, %d hints: the table looks empty", len(p.states), len(p.places), len(p.areas), len(p.hints))
	}
	got := l.States()
	for i := range got {
		got[i].LocalCap = nil // compared below
	}
	if !reflect.DeepEqual(got, p.states) {
		t.Error("States differ from the plain decoding")
	}
	if tx, ok := l.State("TX"); !ok || tx.LocalCap == nil || tx.LocalCap.String() != "0.02" {
		t.Errorf("Texas's local cap = %v", tx.LocalCap)
	}
	if l.NumPlaces() != len(p.places) {
		t.Fatalf("%d places, want %d", l.NumPlaces(), len(p.places))
	}
	for i, want := range p.places {
		if got := l.PlaceAt(i); !reflect.DeepEqual(got, want) {
			t.Fatalf("place %d = %+v, want %+v", i, got, want)
		}
		if l.PlaceIndex(want.Code) != i || l.PlaceCode(i) != want.Code || l.PlaceName(i) != want.Name || l.PlaceIncorporated(i) != want.Incorporated {
			t.Fatalf("place %s read back wrong", want.Code)
		}
		if !slices.Equal(p.keys[i], PlaceKeys(want.Name)) {
			t.Fatalf("place %s: keys %q in the file, %q by PlaceKeys", want.Code, p.keys[i], PlaceKeys(want.Name))
		}
		// Every place is found by each of its keys, in each of its
		// counties.
		for _, k := range p.keys[i] {
			found := false
			l.PlacesNamed(want.State, k, func(j int) bool {
				found = found || j == i
				return !found
			})
			if !found {
				t.Fatalf("place %s is not found by its key %q", want.Code, k)
			}
			for _, c := range want.Counties {
				n := fipsNumber(c)
				j := l.FindPlace(want.State, k, n)
				if j < 0 || PlaceKey(l.PlaceName(j)) != k && !slices.Contains(PlaceKeys(l.PlaceName(j)), k) || !l.PlaceInCounty(j, n) {
					t.Fatalf("FindPlace(%s, %q, %s) = %d", want.State, k, c, j)
				}
			}
		}
	}
	if l.PlaceIndex("9999999") != -1 || l.FindPlace("TX", "No Such Town At All", 0) != -1 {
		t.Error("a place that does not exist was found")
	}
	if l.NumAreas() != len(p.areas) {
		t.Fatalf("%d areas, want %d", l.NumAreas(), len(p.areas))
	}
	for i, want := range p.areas {
		if got := l.AreaAt(i); !reflect.DeepEqual(got, want) {
			t.Fatalf("area %d = %+v, want %+v", i, got, want)
		}
		county := fipsNumber(want.County)
		place := -1
		if want.Place != "" {
			place = l.PlaceIndex(want.Place)
		}
		if k := l.Area(county, place); k != i {
			t.Fatalf("Area(%s, %s) = %d, want %d", want.County, want.Place, k, i)
		}
		var ids []string
		l.AreaMembers(i, func(id string) { ids = append(ids, id) })
		if !slices.Equal(ids, want.Jurisdictions) || !strings.HasPrefix(ids[0], "US-"+want.County) {
			t.Fatalf("members of area %d = %v, want %v starting with the county", i, ids, want.Jurisdictions)
		}
	}
	for zip, want := range p.hints {
		if got := l.ZIPHint(zip); got != want {
			t.Fatalf("ZIPHint(%05d) = %d, want %d", zip, got, want)
		}
	}
	if l.ZIPHint(99999) != -1 && p.hints[99999] == 0 {
		t.Error("a hint for a ZIP without one")
	}
	if l.HasZIPAreas() {
		t.Error("the embedded table has ZIP areas, which only content gives")
	}
}

// fipsNumber reads a FIPS code, which may start with zeros, as a number.
func fipsNumber(s string) uint32 {
	n, _ := strconv.ParseUint(s, 10, 32)
	return uint32(n)
}
