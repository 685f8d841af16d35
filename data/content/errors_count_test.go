package content

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
)

// TestFaultCountAgrees loads a Levy file with one bad row and one with
// two, and checks that the message counts them in words that agree with
// the number: "1 fault in content", "2 faults in content". Before, a
// single fault was announced as "1 faults in content".
func TestFaultCountAgrees(t *testing.T) {
	dir := t.TempDir()
	const header = "state,jurisdiction,type,name,code,rate,category,effective,expiration,where,source\n"
	const bad = "TX,US-4835000,CITY,Houston,4835000,bad,general,,,place:4835000,x\n"
	for n, want := range map[int]string{1: "1 fault in content:", 2: "2 faults in content:"} {
		path := filepath.Join(dir, "bad.csv")
		if err := os.WriteFile(path, []byte(header+strings.Repeat(bad, n)), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(context.Background(), data.Default(), Options{AsOf: civil.MustParse("2026-06-01")},
			Source{Path: path, Format: FormatLevy})
		if err == nil {
			t.Fatalf("%d bad rows: Load took the file", n)
		}
		if msg := err.Error(); !strings.HasPrefix(msg, want) {
			t.Errorf("%d bad rows: message %q, want it to start %q", n, msg, want)
		}
	}
}
