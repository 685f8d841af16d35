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

// TestReadFranchiseCurrency: the franchise table's optional currency
// column gives a per-line fee's currency, in upper case whatever case it
// was written in; a fee without one has none (the engine's rule of US
// dollars in the US, the document's currency elsewhere). A code of
// another form, a currency on a fee of a rate, and a code that is not a
// currency of the dataset are each a fault of the column, on its line.
// Before, the column was unknown and the table refused.
func TestReadFranchiseCurrency(t *testing.T) {
	src := "franchise_area_id,name,basis,rate,amount,currency\n" +
		"PAR-1,Redevance,per-line,,0.40,eur\n" +
		"SEA-2,Video Service Fee,per-line,,0.85,\n" +
		"CHI-3,Cable Franchise Fee,revenue,5%,,\n"
	fees, err := ReadFranchise("f.csv", strings.NewReader(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(fees) != 3 || fees[0].Currency != "EUR" || fees[1].Currency != "" || fees[2].Currency != "" {
		t.Fatalf("fees %+v, want the currencies EUR, none, none", fees)
	}

	bad := "franchise_area_id,name,basis,rate,amount,currency\n" +
		"A1,Fee,per-line,,1,EURO\n" + // line 2: not a code
		"A2,Fee,revenue,1%,,EUR\n" + // line 3: a currency for a rate
		"A3,Fee,per-line,,1,E1R\n" // line 4: not a code
	_, err = ReadFranchise("g.csv", strings.NewReader(bad), nil)
	var es Errors
	if !errors.As(err, &es) {
		t.Fatalf("error %v", err)
	}
	got := map[int]string{}
	for _, e := range es {
		got[e.Line] = e.Column
	}
	for _, line := range []int{2, 3, 4} {
		if got[line] != "currency" {
			t.Errorf("line %d: fault in column %q, want currency (%v)", line, got[line], err)
		}
	}

	// Loaded as the server's content, the currency must be the dataset's.
	path := filepath.Join(t.TempDir(), "fees.csv")
	if err := os.WriteFile(path, []byte("franchise_area_id,name,basis,rate,amount,currency\n"+
		"A1,Fee,per-line,,1,EUR\n"+
		"A2,Fee,per-line,,1,XQQ\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = Load(context.Background(), data.Default(), Options{AsOf: civil.MustParse("2026-06-01")}, Source{Path: path, Format: FormatFranchise})
	es = nil
	if !errors.As(err, &es) || len(es) != 1 || es[0].Line != 3 || es[0].Column != "currency" || !strings.Contains(es[0].Message, "XQQ") {
		t.Fatalf("load with the currency XQQ on line 3: %v, want one fault of its currency column", err)
	}
}
