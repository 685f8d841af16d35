package datagen

import (
	"strings"
	"testing"
)

// TestEUPeriodBadDateNamesTheField: an entry of the EU VAT source whose
// effective_from is missing (the key renamed upstream, say) or not a date
// is an error naming the file, the country and the field, not only
// "civil: "" is not a date".
func TestEUPeriodBadDateNamesTheField(t *testing.T) {
	for _, from := range []string{"", "2025-13-01", "1 July 2025"} {
		_, err := euPeriods("AT", []euPeriod{{EffectiveFrom: "0000-01-01"}, {EffectiveFrom: from}})
		if err == nil {
			t.Errorf("effective_from %q: no error", from)
			continue
		}
		for _, want := range []string{euVATFile, "AT", "effective_from"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("effective_from %q: %v, want it to name %s", from, err, want)
			}
		}
	}
}
