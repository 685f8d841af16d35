package content

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/data"
)

// TestTwoFilesOfOneNameAreRefused: two content files of the same name in
// two folders (a host's quarters, 2026q2/tx.csv and 2026q3/tx.csv) could
// not be told apart, as every fault and explanation names a file by its
// name alone: their overlap was refused as "tx.csv:2: ... overlaps its
// rate ... (tx.csv:2)", and a rate that loaded was explained as from
// "tx.csv" of either. The second is refused, naming both paths; the same
// file given twice, by one path or two, still loads.
func TestTwoFilesOfOneNameAreRefused(t *testing.T) {
	dir := t.TempDir()
	const head = "state,jurisdiction,type,name,code,rate,category,effective,expiration,where,source\n"
	q2, q3 := filepath.Join(dir, "2026q2", "tx.csv"), filepath.Join(dir, "2026q3", "tx.csv")
	for path, row := range map[string]string{
		q2: "TX,US-4835000,CITY,Houston,4835000,0.01,general,2026-04-01,2026-06-30,place:4835000,Comptroller\n",
		q3: "TX,US-4835000,CITY,Houston,4835000,0.015,general,2026-07-01,2026-09-30,place:4835000,Comptroller\n",
	} {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(head+row), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	_, err := Load(context.Background(), data.Default(), Options{}, Source{Path: q2}, Source{Path: q3})
	var es Errors
	if !errors.As(err, &es) || len(es) != 1 || es[0].File != "tx.csv" ||
		!strings.Contains(es[0].Message, q2) || !strings.Contains(es[0].Message, q3) || !strings.Contains(es[0].Message, "rename one") {
		t.Fatalf("two tx.csv of two folders: %v, want one fault naming both paths", err)
	}

	link := filepath.Join(dir, "current", "tx.csv")
	if err := os.MkdirAll(filepath.Dir(link), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(q2, link); err != nil {
		t.Fatal(err)
	}
	for _, again := range []string{q2, filepath.Join(dir, "2026q3", "..", "2026q2", "tx.csv"), link} {
		if _, err := Load(context.Background(), data.Default(), Options{}, Source{Path: q2}, Source{Path: again}); err != nil {
			t.Errorf("%s twice, the second time as %s: %v", q2, again, err)
		}
	}
}
