package money

import (
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
)

// TestCurrencyInUseFromIntroduction: a currency was in use on every date
// before its withdrawal, the Caribbean guilder (introduced 2025-03-31,
// ISO 4217 amendment 176) in 2024 too. It is in use from its
// introduction, and a table whose currency is introduced on or after its
// withdrawal is refused.
func TestCurrencyInUseFromIntroduction(t *testing.T) {
	xcg := Currency{Alpha: "XCG", Numeric: 532, Name: "Caribbean Guilder", MinorUnits: 2, Introduced: civil.MustParse("2025-03-31")}
	for d, want := range map[string]bool{"2024-06-01": false, "2025-03-30": false, "2025-03-31": true, "2026-01-01": true} {
		if got := xcg.InUseOn(civil.MustParse(d)); got != want {
			t.Errorf("XCG in use on %s: %v, want %v", d, got, want)
		}
	}
	both := Currency{Alpha: "SLL", Numeric: 694, MinorUnits: 2, Introduced: civil.MustParse("2020-01-01"), Withdrawn: civil.MustParse("2024-01-01")}
	for d, want := range map[string]bool{"2019-12-31": false, "2020-01-01": true, "2023-12-31": true, "2024-01-01": false} {
		if got := both.InUseOn(civil.MustParse(d)); got != want {
			t.Errorf("a currency of 2020 to 2023 in use on %s: %v, want %v", d, got, want)
		}
	}
	bad := Currency{Alpha: "ABC", Numeric: 1, MinorUnits: 2, Introduced: civil.MustParse("2024-01-01"), Withdrawn: civil.MustParse("2024-01-01")}
	if _, err := NewCurrencies([]Currency{bad}); err == nil || !strings.Contains(err.Error(), "ABC: introduced on 2024-01-01") {
		t.Errorf("a currency introduced on its withdrawal: %v, want an error naming it", err)
	}
}
