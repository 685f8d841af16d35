package engine

import (
	"testing"

	"github.com/levytax/levy/money"
)

// TestRoundingStateKeyCoversFIPSIDs: a rounding key "US-TX*" matches
// every Texas jurisdiction, those the dataset names by FIPS code
// ("US-48113", Dallas County; "US-4819000", Dallas) as well as the state
// and its districts, and no other state's; "BR-SP*" a São Paulo
// municipality named by IBGE code. A longer key wins, and of keys as
// long an exact ID, then one that the ID starts with, whatever the map's
// order.
func TestRoundingStateKeyCoversFIPSIDs(t *testing.T) {
	s := Settings{Rounding: map[string]money.RoundingMode{"US-TX*": money.Down, "BR-SP*": money.Up}}
	for id, want := range map[string]money.RoundingMode{
		"US-TX": money.Down, "US-TX-D-ANAHUAC_MDD": money.Down, "US-48113": money.Down, "US-4819000": money.Down,
		"US-06037": money.HalfUp, "US-0644000": money.HalfUp, "US-CA": money.HalfUp, "US": money.HalfUp,
		"BR-SP": money.Up, "BR-3509502": money.Up, "BR-3304557": money.HalfUp,
	} {
		if got := s.rounding(id); got != want {
			t.Errorf("rounding(%q) with %v = %v, want %v", id, s.Rounding, got, want)
		}
	}

	s = Settings{Rounding: map[string]money.RoundingMode{"US-TX*": money.Down, "US-48*": money.Up, "US-48113*": money.HalfEven, "US-4819000": money.HalfUp}}
	for id, want := range map[string]money.RoundingMode{
		"US-TX": money.Down, "US-48201": money.Up, "US-48113": money.HalfEven, "US-4819000": money.HalfUp, "US-4835000": money.Up,
	} {
		for range 20 { // map order varies from one range to the next
			if got := s.rounding(id); got != want {
				t.Fatalf("rounding(%q) with %v = %v, want %v", id, s.Rounding, got, want)
			}
		}
	}
	s = Settings{Rounding: map[string]money.RoundingMode{"US-TX": money.Down, "US-T*": money.Up}}
	for range 20 {
		if got := s.rounding("US-TX"); got != money.Down {
			t.Fatalf("rounding(US-TX) with %v = %v, want the exact key's %v", s.Rounding, got, money.Down)
		}
	}
}
