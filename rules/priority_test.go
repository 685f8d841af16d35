package rules

import (
	"context"
	"math"
	"testing"

	"github.com/levytax/levy/civil"
)

// TestPriorityExtremes checks that the higher priority wins between
// rules and between structures of equal specificity even when the
// priorities are as far apart as an int allows: the order may not
// depend on their difference, which overflows.
func TestPriorityExtremes(t *testing.T) {
	d := civil.MustParse("2026-06-01")
	env := &Env{JurisdictionID: "US-NY", Country: "US", Subdivision: "US-NY", ProductClass: "GADGET"}
	for _, pr := range [][2]int{{math.MaxInt, math.MinInt}, {math.MaxInt, -1}, {1, math.MinInt}, {5, 1}} {
		table, err := Compile([]Rule{
			{ID: "low", Outcome: Taxable, Priority: pr[1]},
			{ID: "high", Outcome: Exempt, Priority: pr[0]},
		})
		if err != nil {
			t.Fatal(err)
		}
		r, ok, err := table.Decide(context.Background(), env, d)
		if err != nil || !ok || r.ID != "high" {
			t.Errorf("priorities %d and %d: Decide chose %+v (%v, %v), want the rule of priority %d", pr[0], pr[1], r, ok, err, pr[0])
		}
		structs, err := CompileStructures([]Structure{
			{ID: "low", Kind: SingleRate, Priority: pr[1]},
			{ID: "high", Kind: SingleRate, Priority: pr[0]},
		})
		if err != nil {
			t.Fatal(err)
		}
		if s, ok := structs.Find(env, d); !ok || s.ID != "high" {
			t.Errorf("priorities %d and %d: Find chose %+v, want the structure of priority %d", pr[0], pr[1], s, pr[0])
		}
	}
}
