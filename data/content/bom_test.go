package content

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
)

// TestLoadReadsAByteOrderMarkBeforeComments loads the documented
// example files with a UTF-8 byte order mark before them, as
// spreadsheets save "CSV UTF-8", detected and with their format named:
// each loads as it does without one. The files whose first line is a
// comment were refused: the mark hid the comment, which was read as the
// header ("not a content file Levy reads", or "unknown column # An
// example...").
func TestLoadReadsAByteOrderMarkBeforeComments(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		path   string
		format Format
	}{
		{"testdata/levy-texas.csv", FormatLevy},
		{"testdata/franchise-example.csv", FormatFranchise},
		{"../../engine/testdata/golden-content/br-iss-tenant.csv", FormatBRISS},
		{"testdata/zip5-washington.csv", FormatZIP5},
		{"testdata/vat-areas-example.csv", FormatVATAreas},
		{"testdata/low-value-limits-example.csv", FormatLowValueLimits},
	} {
		raw, err := os.ReadFile(c.path)
		if err != nil {
			t.Fatal(err)
		}
		want := overlaySummary(t, Source{Path: c.path})
		name := "bom-" + filepath.Base(c.path)
		bom := writeContent(t, dir, name, "\ufeff"+string(raw))
		for _, src := range []Source{bom, {Path: bom.Path, Format: c.format}} {
			o, err := Load(context.Background(), data.Default(), Options{AsOf: civil.MustParse("2026-06-01")}, src)
			if err != nil {
				t.Errorf("%s (format %q): %v", name, src.Format, err)
				continue
			}
			if got := summary(o); got != want {
				t.Errorf("%s (format %q) loads %s, without the mark %s", name, src.Format, got, want)
			}
		}
	}
}

// overlaySummary loads src and summarizes its overlay.
func overlaySummary(t *testing.T, src Source) string {
	t.Helper()
	o, err := Load(context.Background(), data.Default(), Options{AsOf: civil.MustParse("2026-06-01")}, src)
	if err != nil {
		t.Fatal(err)
	}
	return summary(o)
}

// summary counts what an overlay holds.
func summary(o *data.Overlay) string {
	return fmt.Sprintf("%d states, %d jurisdictions, %d rates, %d areas, %d ISS rates, %d franchise fees, %d VAT areas, %d low-value limits",
		len(o.States), len(o.Jurisdictions), len(o.Rates), len(o.Local.Areas), len(o.ISS), len(o.Franchise), len(o.VATAreas), len(o.LowValueLimits))
}
