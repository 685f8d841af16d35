package badger

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// TestReplaceFiguresOfManyKeys: a tenant's figures may have more keys
// than a Badger transaction holds (here 120,000: 100 companies, 50
// states, 24 months), which a rebuild's repair replaces all the same;
// a second repair to the same figures writes nothing and changes
// nothing, and one that changes a figure and drops a company changes
// those alone.
func TestReplaceFiguresOfManyKeys(t *testing.T) {
	ctx := context.Background()
	j := openTest(t, t.TempDir())
	defer j.Close()
	var figs []journal.Figure
	for c := range 100 {
		for a := range 50 {
			for m := range 24 {
				figs = append(figs, journal.Figure{Company: fmt.Sprintf("C%03d", c), Area: fmt.Sprintf("US-%c%c", 'A'+a/26, 'A'+a%26),
					Day: civil.New(2025+m/12, time.Month(m%12+1), 1+c%28), Direct: journal.Tally{Gross: int64(10000 * (c + 1)), Count: 1}})
			}
		}
	}
	check := func(what string, want []journal.Figure) {
		t.Helper()
		got, err := j.Figures(ctx, "t", civil.Date{}, civil.Date{})
		if err != nil {
			t.Fatal(err)
		}
		if d := journal.CompareFigures(got, journal.MergeFigures(want)); len(d) > 0 {
			t.Fatalf("%s: %d figures differ from those replaced, the first %+v", what, len(d), d[0])
		}
	}
	if err := j.ReplaceFigures(ctx, "t", figs); err != nil {
		t.Fatalf("ReplaceFigures of %d figures: %v", len(figs), err)
	}
	check("after the first repair", append([]journal.Figure(nil), figs...))
	if err := j.ReplaceFigures(ctx, "t", figs); err != nil {
		t.Fatalf("ReplaceFigures again: %v", err)
	}
	check("after the same repair again", append([]journal.Figure(nil), figs...))
	// Company C000 goes, and one figure of C001 changes.
	next := append([]journal.Figure(nil), figs[50*24:]...)
	next[0].Direct.Gross++
	if err := j.ReplaceFigures(ctx, "t", next); err != nil {
		t.Fatalf("ReplaceFigures of a change: %v", err)
	}
	check("after a change", append([]journal.Figure(nil), next...))
}
