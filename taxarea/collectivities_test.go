package taxarea

import (
	"strings"
	"testing"

	"github.com/levytax/levy/wire"
)

// TestFrenchCollectivitiesByPostcode: a French address whose postcode is
// one of an overseas collectivity's (Saint-Barthélemy and Saint-Martin,
// whose postcodes begin as Guadeloupe's, Saint-Pierre and Miquelon,
// Wallis and Futuna, French Polynesia, New Caledonia) is placed in that
// collectivity, which France's VAT does not reach, with a NORMAL status
// that says so; Guadeloupe and Paris stay where they were.
func TestFrenchCollectivitiesByPostcode(t *testing.T) {
	for _, c := range []struct{ postcode, want string }{
		{"97133", "BL"}, {"97150", "MF"}, {"97500", "PM"}, {"98600", "WF"}, {"98714", "PF"}, {"98800", "NC"},
		{"97 133", "BL"}, {"F-97150", "MF"},
		{"97110", "FR-971"}, {"97100", "FR-971"}, {"75001", "FR"},
	} {
		res := lookupAddr(t, wire.PostalAddress{City: "X", PostalCode: c.postcode, Country: "FR"}).LookupResults[0]
		if got := leafID(res); got != c.want {
			t.Errorf("FR %s: %s, want %s", c.postcode, got, c.want)
			continue
		}
		said := len(res.Statuses) == 1 && res.Statuses[0].LookupResult == wire.Normal && strings.Contains(res.Statuses[0].Value, "which the taxes of FR (France) do not reach")
		if collectivity := !strings.HasPrefix(c.want, "FR"); collectivity != said {
			t.Errorf("FR %s: statuses %+v; a collectivity's status says so, another's does not", c.postcode, res.Statuses)
		}
	}
}
