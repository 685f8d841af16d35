package cli

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/levytax/levy/data"
)

// TestPrintLacks: levy data coverage names, on standard error, each file
// its dataset lacks and what is off; nothing for the embedded dataset.
func TestPrintLacks(t *testing.T) {
	var b strings.Builder
	if err := printLacks(data.Default(), &b); err != nil || b.Len() != 0 {
		t.Fatalf("printLacks(Default) = %v, wrote %q; want nothing", err, b.String())
	}
	older := data.Open(fstest.MapFS{"jurisdictions.lvd": &fstest.MapFile{}}, "older")
	if err := printLacks(older, &b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !strings.Contains(out, "levy: dataset older lacks comms.lvd: ") || !strings.Contains(out, "levy: dataset older lacks intrastat.lvd: ") {
		t.Errorf("printLacks of a folder without comms.lvd and intrastat.lvd wrote:\n%s", out)
	}
}
