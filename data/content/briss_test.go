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
)

// TestBrazilISS loads a table of municipal ISS rates and checks that the
// dataset finds them by municipality, item and date.
func TestBrazilISS(t *testing.T) {
	o, err := Load(context.Background(), data.Default(), Options{}, Source{Path: "testdata/br-iss-tenant.csv"})
	if err != nil {
		t.Fatal(err)
	}
	if len(o.ISS) != 3 || o.Name != "br-iss-tenant.csv" {
		t.Fatalf("overlay %s with %d ISS rows", o.Name, len(o.ISS))
	}
	ds, err := data.Default().WithOverlay(o)
	if err != nil {
		t.Fatal(err)
	}
	br, err := ds.Brazil()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		mun, item, day, rate string
		ok                   bool
	}{
		{"3550308", "1.05", "2026-09-01", "0.05", true},
		{"3550308", "01.05", "2027-09-01", "0.05", true},
		{"3550308", "1.07", "2027-01-01", "", false},
		{"3550308", "1.07", "2026-01-01", "0.02", true},
		{"3304557", "7.02", "2026-06-01", "0.015", true},
		{"3304557", "1.05", "2026-06-01", "", false},
	} {
		r, ok := br.ISSRate(c.mun, c.item, civil.MustParse(c.day))
		if ok != c.ok || ok && r.Rate.String() != c.rate {
			t.Errorf("%s %s on %s: %v %v, want %s %v", c.mun, c.item, c.day, r.Rate, ok, c.rate, c.ok)
		}
	}
	if base, _ := data.Default().Brazil(); len(mustRates(base)) != 0 {
		t.Error("the default dataset changed")
	}
}

func mustRates(b *data.Brazil) []data.BRISSRate { r, _ := b.ISSRates(); return r }

// TestBrazilISSRefused checks that every fault of an ISS table is
// reported with its line and column: a rate outside 2% to 5% (but for
// the items that may go below), an unknown municipality or item, a bad
// date, and rates of one municipality and item that overlap.
func TestBrazilISSRefused(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	bad := write("bad.csv", "ibge_code,item,rate,effective,expiration,source\n"+
		"3550308,1.05,6,,,above\n"+
		"3550308,1.05,1.5,,,below\n"+
		"3550308,1.05,0.05,,,a fraction\n"+
		"9999999,1.05,3,,,no municipality\n"+
		"3550308,1,3,,,a group\n"+
		"3550308,1.05,3,2026-13-01,,bad date\n")
	_, err := Load(context.Background(), data.Default(), Options{}, Source{Path: bad})
	var errs Errors
	if !errors.As(err, &errs) || len(errs) != 6 {
		t.Fatalf("got %v, want 6 faults", err)
	}
	want := []struct {
		line int
		col  string
	}{{2, "rate"}, {3, "rate"}, {4, "rate"}, {5, "ibge_code"}, {6, "item"}, {7, "effective"}}
	for i, w := range want {
		if errs[i].Line != w.line || errs[i].Column != w.col {
			t.Errorf("fault %d: %v, want line %d column %s", i, errs[i], w.line, w.col)
		}
	}
	overlap := write("overlap.csv", "ibge_code,item,rate,effective,expiration,source\n"+
		"3550308,1.05,3,2026-01-01,2026-12-31,a\n"+
		"3550308,1.05,4,2026-06-01,,b\n")
	if _, err := Load(context.Background(), data.Default(), Options{}, Source{Path: overlap}); err == nil || !strings.Contains(err.Error(), "overlap") {
		t.Errorf("overlapping rates: %v", err)
	}
}
