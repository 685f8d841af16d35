package taxarea

import (
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestAreaIDIsTheHashOfTheJoinedIDs checks AreaID against its definition
// in the package documentation: FNV-1a of the sorted IDs joined by "|",
// kept to 53 bits, in decimal; the order of the IDs does not matter, and
// sets larger than the stack buffer give the same answer. (No IDs have
// no taxAreaId: TestAreaIDOfNoIDs.)
func TestAreaIDIsTheHashOfTheJoinedIDs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n < 40; n++ {
		ids := make([]string, n)
		for i := range ids {
			ids[i] = "US-" + strconv.Itoa(rng.IntN(100000))
		}
		sorted := slices.Clone(ids)
		slices.Sort(sorted)
		h := fnv.New64a()
		h.Write([]byte(strings.Join(sorted, "|")))
		want := strconv.FormatUint(h.Sum64()&(1<<53-1), 10)
		if got := AreaID(ids); got != want {
			t.Fatalf("AreaID(%q) = %s, want %s", ids, got, want)
		}
		rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		if got := AreaID(ids); got != want {
			t.Fatalf("AreaID of the shuffled %q = %s, want %s", ids, got, want)
		}
	}
}

// TestAreaIDOfNoIDs: a nil or empty set of IDs has no taxAreaId: AreaID
// returns "", which ValidateTaxAreaID refuses, and not the hash of an
// empty string (the FNV-1a offset kept to 53 bits), which would pass for
// an area's ID; a set of one ID has a real one.
func TestAreaIDOfNoIDs(t *testing.T) {
	empty := strconv.FormatUint(fnvOffset&(1<<53-1), 10)
	for name, ids := range map[string][]string{"nil": nil, "empty": {}} {
		got := AreaID(ids)
		if got != "" {
			t.Errorf("AreaID(%s) = %q, want \"\"", name, got)
		}
		if got == empty {
			t.Errorf("AreaID(%s) is the hash of nothing, %s", name, empty)
		}
		if ValidateTaxAreaID("taxAreaId", got) == nil {
			t.Errorf("AreaID(%s) = %q passes ValidateTaxAreaID", name, got)
		}
	}
	if got := AreaID([]string{"US"}); got == "" || ValidateTaxAreaID("taxAreaId", got) != nil {
		t.Errorf("AreaID([US]) = %q, want a valid taxAreaId", got)
	}
}
