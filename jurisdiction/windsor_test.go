package jurisdiction

import (
	"testing"

	"github.com/levytax/levy/civil"
)

// TestEUGoodsMember: XI, Northern Ireland, stands as a member state for
// goods from 2021-01-01, when the Protocol on Ireland/Northern Ireland
// took effect; GB did until 2020-12-31 and no longer; the member states
// as EUMember says.
func TestEUGoodsMember(t *testing.T) {
	for _, c := range []struct {
		code, date string
		want       bool
	}{
		{"XI", "2020-12-31", false},
		{"XI", "2021-01-01", true},
		{"XI", "2026-06-01", true},
		{"GB", "2020-12-31", true},
		{"GB", "2021-01-01", false},
		{"DE", "2026-06-01", true},
		{"CH", "2026-06-01", false},
	} {
		if got := EUGoodsMember(c.code, civil.MustParse(c.date)); got != c.want {
			t.Errorf("EUGoodsMember(%s, %s) = %v, want %v", c.code, c.date, got, c.want)
		}
	}
}
