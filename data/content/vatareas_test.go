package content

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/jurisdiction"
)

// loadVATAreas loads a VAT areas table of the given text, by detection.
func loadVATAreas(t *testing.T, text string) (*data.Overlay, error) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "areas.csv")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return Load(context.Background(), data.Default(), Options{AsOf: civil.MustParse("2026-06-01")}, Source{Path: p})
}

// TestLoadVATAreas: a user's VAT areas table, with the columns of the
// generator's vat-areas.csv, is detected by its header and its rows join
// the dataset's: with it, Jersey is in the United Kingdom's VAT area.
func TestLoadVATAreas(t *testing.T) {
	o, err := loadVATAreas(t, "place,area,own_numbers,effective,expiration,citation\nJE,GB,,2026-01-01,,a test\n")
	if err != nil {
		t.Fatal(err)
	}
	want := jurisdiction.VATAreaPeriod{Place: "JE", Area: "GB", Period: civil.Period{Effective: civil.MustParse("2026-01-01")}}
	if len(o.VATAreas) != 1 || o.VATAreas[0] != want || o.Name != "areas.csv" || !o.ChangesDataset() {
		t.Fatalf("overlay %+v", o)
	}
	ds, err := data.Default().WithOverlay(o)
	if err != nil {
		t.Fatal(err)
	}
	j, err := ds.Jurisdictions()
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := j.VATGeography().VATArea("JE", civil.MustParse("2026-06-01")); !ok || a != "GB" {
		t.Errorf("Jersey: %s %v, want GB", a, ok)
	}
	if ParseSource("vat-areas:x.csv").Format != FormatVATAreas {
		t.Error("ParseSource does not name the format")
	}
}

// TestLoadVATAreasFaults: every fault of a VAT areas table is reported
// with its line and column.
func TestLoadVATAreasFaults(t *testing.T) {
	_, err := loadVATAreas(t, "place,area,own_numbers,effective,expiration,citation\n"+
		"XX,GB,,,,c\n"+ // line 2: no such place
		"JE,ES-CN,,,,c\n"+ // line 3: the area is no country
		"JE,GB,maybe,,,c\n"+ // line 4: a bad flag
		"JE,GB,,2026-02-30,,c\n"+ // line 5: a bad date
		"JE,GB,,2026-01-01,2025-01-01,c\n"+ // line 6: an inverted period
		"JE,GB,,,,\n"+ // line 7: no citation
		"MC,IT,,,,c\n"+ // line 8: Monaco is in France's area already
		"JE,MC,,,,c\n") // line 9: a chain
	var es Errors
	if !errors.As(err, &es) {
		t.Fatalf("error %v", err)
	}
	want := []struct {
		line        int
		column, msg string
	}{
		{2, "place", "not a jurisdiction"}, {3, "area", "not a country"}, {4, "own_numbers", "neither yes"}, {5, "effective", "not a date"},
		{6, "expiration", "before the effective date"}, {7, "citation", "empty"}, {8, "place", "overlap"}, {9, "place", "in another's"},
	}
	if len(es) != len(want) {
		t.Fatalf("%d faults, want %d: %v", len(es), len(want), err)
	}
	for i, w := range want {
		if e := es[i]; e.File != "areas.csv" || e.Line != w.line || e.Column != w.column || !strings.Contains(e.Message, w.msg) {
			t.Errorf("fault %d: %+v, want line %d column %s saying %q", i, e, w.line, w.column, w.msg)
		}
	}
}
