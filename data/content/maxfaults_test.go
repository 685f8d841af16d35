package content

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
)

// faultyRows is the number of rows, one fault each, of the tables below:
// past MaxFaults the faults kept stop growing.
const faultyRows = MaxFaults + 100

// dayOf returns the i-th day from 2000-01-01, as YYYY-MM-DD.
func dayOf(i int) string {
	return time.Date(2000, 1, 1+i, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
}

// wantPastCap checks that err lists MaxFaults faults and the one that
// says the rest are not listed, and that no row came back with them.
func wantPastCap(t *testing.T, err error, rows int) {
	t.Helper()
	var es Errors
	if !errors.As(err, &es) || len(es) != MaxFaults+1 {
		t.Fatalf("got %v, want MaxFaults faults and one that says the rest are not listed", err)
	}
	if rows != 0 {
		t.Errorf("%d rows with a fault returned as good; want none", rows)
	}
}

// TestReadFranchisePastMaxFaults reads a franchise table of rows whose
// basis is none: past MaxFaults no fee may come back as good. Before,
// a row's faults were told by the faults kept growing, and the rows
// from the 1,002nd on came back as fees of no basis.
func TestReadFranchisePastMaxFaults(t *testing.T) {
	var b strings.Builder
	b.WriteString("franchise_area_id,name,jurisdiction,basis,rate,amount,effective,expiration\n")
	for i := range faultyRows {
		fmt.Fprintf(&b, "A%d,Fee,,monthly,,1,,\n", i)
	}
	fees, err := ReadFranchise("monthly.csv", strings.NewReader(b.String()), nil)
	wantPastCap(t, err, len(fees))
}

// newTestBuilder returns a builder over the default dataset.
func newTestBuilder(t *testing.T) *builder {
	t.Helper()
	b, err := newBuilder(data.Default(), Options{AsOf: civil.MustParse("2026-06-01")})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLowValueLimitsPastMaxFaults reads a low-value limits table of rows
// whose business_reverse_charge is neither yes nor empty, each of its own
// day: past MaxFaults no row may be taken as good. Before, the rows from
// the 1,002nd on were checked against the rows before them and kept as
// limits without reverse charge.
func TestLowValueLimitsPastMaxFaults(t *testing.T) {
	var b strings.Builder
	b.WriteString(lowValueHeader)
	for i := range faultyRows {
		fmt.Fprintf(&b, "AU,%s,%s,1000,AUD,,,maybe,Low-value goods,a test\n", dayOf(i), dayOf(i))
	}
	rows, err := newTestBuilder(t).readLowValueLimits("maybe.csv", strings.NewReader(b.String()))
	wantPastCap(t, err, len(rows))
}

// TestVATAreasPastMaxFaults reads a VAT areas table of rows without a
// citation, each of its own day: past MaxFaults no row may be taken as
// good. Before, the rows from the 1,002nd on were checked against the
// VAT geography with the rows before them and kept.
func TestVATAreasPastMaxFaults(t *testing.T) {
	var b strings.Builder
	b.WriteString("place,area,own_numbers,effective,expiration,citation\n")
	for i := range faultyRows {
		fmt.Fprintf(&b, "JE,GB,,%s,%s,\n", dayOf(i), dayOf(i))
	}
	rows, err := newTestBuilder(t).readVATAreas("uncited.csv", strings.NewReader(b.String()))
	wantPastCap(t, err, len(rows))
}
