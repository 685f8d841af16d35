package content

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
)

// TestReadFranchise reads the example table and checks each fee.
func TestReadFranchise(t *testing.T) {
	o, err := Load(context.Background(), data.Default(), Options{AsOf: civil.MustParse("2026-06-01")},
		Source{Path: "testdata/franchise-example.csv"})
	if err != nil {
		t.Fatal(err)
	}
	if len(o.States) != 0 || len(o.Franchise) != 3 || o.Name != "franchise-example.csv" {
		t.Fatalf("overlay %q: states %v, %d fees", o.Name, o.States, len(o.Franchise))
	}
	f := o.Franchise[0]
	if f.AreaID != "CHI-CABLE-1" || f.Name != "Cable Franchise Fee" || f.Jurisdiction != "US-1714000" || f.PerLine ||
		f.Rate.String() != "0.05" || f.Period.Effective != civil.MustParse("2026-01-01") || f.Line != 3 {
		t.Errorf("first fee %+v", f)
	}
	if g := o.Franchise[2]; !g.PerLine || g.Amount.String() != "0.85" || g.Jurisdiction != "" {
		t.Errorf("per-line fee %+v", g)
	}
}

// TestReadFranchiseFaults reports each bad cell with its line and column.
func TestReadFranchiseFaults(t *testing.T) {
	src := "franchise_area_id,name,jurisdiction,basis,rate,amount,effective,expiration\n" +
		"A1,Fee,US-NOWHERE,revenue,5%,,,\n" + // line 2: unknown jurisdiction
		"A2,Fee,,per-line,,-1,,\n" + // line 3: negative amount
		"A3,Fee,,monthly,,1,,\n" + // line 4: bad basis
		",Fee,,revenue,1%,,,\n" + // line 5: no ID
		"A5,Fee,,revenue,150%,,,\n" + // line 6: rate above 1
		"A6,Fee,,revenue,1%,,2026-05-01,2026-01-01\n" + // line 7: expires before it starts
		"A7,Fee,,revenue,1%,,2026-01-01,\n" +
		"A7,fee,,revenue,2%,,2026-06-01,\n" // line 9: overlaps line 8
	_, err := ReadFranchise("f.csv", strings.NewReader(src), func(id string) bool { return id == "US-1714000" })
	var es Errors
	if !errors.As(err, &es) {
		t.Fatalf("error %v", err)
	}
	want := map[int]string{2: "jurisdiction", 3: "amount", 4: "basis", 5: "franchise_area_id", 6: "rate", 7: "expiration", 9: "effective"}
	got := map[int]string{}
	for _, e := range es {
		got[e.Line] = e.Column
	}
	for line, col := range want {
		if got[line] != col {
			t.Errorf("line %d: fault in column %q, want %q (%v)", line, got[line], col, err)
		}
	}
	if _, err := ReadFranchise("g.csv", strings.NewReader("franchise_area_id,name,colour\n"), nil); err == nil || !strings.Contains(err.Error(), "colour") {
		t.Errorf("unknown column: %v", err)
	}
}
