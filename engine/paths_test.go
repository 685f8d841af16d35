package engine

import (
	"strconv"
	"testing"
)

// TestItemPathsAreTheConcatenatedOnes checks that the paths itemPaths
// hands out are path + "[" + i + "]", for lists of every length up to
// past a thousand items, at the top and below it.
func TestItemPathsAreTheConcatenatedOnes(t *testing.T) {
	for _, path := range []string{"lineItems", "lineItems[3].lineItems", ""} {
		for _, n := range []int{0, 1, 2, 9, 10, 11, 99, 100, 101, 1001} {
			p := newItemPaths(path, n)
			for i := range n {
				if got, want := p.next(), path+"["+strconv.Itoa(i)+"]"; got != want {
					t.Fatalf("item %d of %d of %q: path %q, want %q", i, n, path, got, want)
				}
			}
			if p.off != len(p.all) {
				t.Fatalf("%d items of %q: %d bytes made, %d handed out", n, path, len(p.all), p.off)
			}
		}
	}
}
