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
// sets larger than the stack buffer give the same answer.
func TestAreaIDIsTheHashOfTheJoinedIDs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 40 {
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
