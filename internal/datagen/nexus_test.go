package datagen_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/internal/datagen"
)

// TestNexusCuratedTable: the curated thresholds read and check, and a bad
// value names its line and column.
func TestNexusCuratedTable(t *testing.T) {
	f, err := os.Open("curated/us-nexus.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rules, err := datagen.ReadNexusCSV(f, "us-nexus.csv")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := data.NewNexusRules(rules); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile("curated/us-nexus.csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(raw), "\n")
	for _, c := range []struct{ from, to, field string }{
		{"TX,2019-10-01,,500000,", "TX,2019-10-01,,-500000,", "sales_threshold"},
		{"TX,2019-10-01,", "TX,2219-10-01,", "effective"},
		{"TX,2019-10-01,,500000,at-least,,,sales,12-months,gross,included", "TX,2019-10-01,,500000,at-least,,,sales,12-months,gross,sometimes", "marketplace"},
	} {
		bad := make([]string, len(lines))
		copy(bad, lines)
		n := 0
		for i, l := range bad {
			if strings.HasPrefix(l, c.from) {
				bad[i], n = strings.Replace(l, c.from, c.to, 1), i+1
			}
		}
		if n == 0 {
			t.Fatalf("no line starts with %q", c.from)
		}
		_, err := datagen.ReadNexusCSV(strings.NewReader(strings.Join(bad, "\n")), "us-nexus.csv")
		var le *levy.Error
		if !errors.As(err, &le) || le.Field != c.field || !strings.Contains(err.Error(), "column "+c.field) || !strings.Contains(err.Error(), "line ") {
			t.Errorf("%s: %v, want an error naming the line and column %s", c.field, err, c.field)
		}
	}
}
