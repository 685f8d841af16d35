package engine

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/wire"
	"github.com/shopspring/decimal"
)

// verifiedRate is a row of testdata/us-verified-rates.csv: an address
// and the combined rate a state revenue department publishes for it.
type verifiedRate struct {
	line                int
	state, place        string
	zip, plus4          string
	combined, tolerance decimal.Decimal // percent
	publication         string
}

// readVerifiedRates reads testdata/us-verified-rates.csv.
func readVerifiedRates(t testing.TB) []verifiedRate {
	t.Helper()
	recs, lines := readTestCSV(t, "testdata/us-verified-rates.csv", "state,place,zip,plus4,combined_pct,tolerance_pct,publication")
	out := make([]verifiedRate, 0, len(recs))
	for i, rec := range recs {
		line := lines[i]
		v := verifiedRate{line: line, state: rec[0], place: rec[1], zip: rec[2], plus4: rec[3], publication: rec[6]}
		var err error
		if v.combined, err = decimal.NewFromString(rec[4]); err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		if v.tolerance, err = decimal.NewFromString(rec[5]); err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		out = append(out, v)
	}
	return out
}

// readTestCSV reads a CSV file of testdata whose lines starting with #
// are comments and whose header must be header; it returns the records
// and their line numbers.
func readTestCSV(t testing.TB, path, header string) ([][]string, []int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comment = '#'
	head, err := r.Read()
	if err != nil || strings.Join(head, ",") != header {
		t.Fatalf("%s: header %v, want %s: %v", path, head, header, err)
	}
	var recs [][]string
	var lines []int
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return recs, lines
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		line, _ := r.FieldPos(0)
		recs = append(recs, rec)
		lines = append(lines, line)
	}
}

// verifiedDate is the date the verified rates speak for: the grid was
// checked in mid-2026.
var verifiedDate = civil.MustParse("2026-08-01")

// combinedRate sells 10,000.00 of general goods (100 articles of 100.00,
// below every single-article cap, such as Tennessee's $1,600 local cap
// and Florida's $5,000 surtax cap, since a published combined rate is the
// rate of an ordinary article) to an address from a seller at the same
// address and returns the tax as a percentage of the price, and the
// jurisdictions taxed.
func combinedRate(e *Engine, v verifiedRate) (decimal.Decimal, []string, error) {
	city := v.place
	if i := strings.Index(city, " ("); i > 0 {
		city = city[:i]
	}
	zip := v.zip
	if v.plus4 != "" {
		zip += "-" + v.plus4
	}
	loc := &wire.Location{City: city, MainDivision: v.state, PostalCode: zip, Country: "US"}
	resp, err := e.Sale(context.Background(), saleHere(loc, verifiedDate, "100"))
	if err != nil {
		return decimal.Zero, nil, err
	}
	var ids []string
	for _, tx := range resp.LineItems[0].Taxes {
		ids = append(ids, tx.Jurisdiction.JurisdictionID)
	}
	return resp.TotalTax.Decimal().Div(decimal.NewFromInt(100)), ids, nil
}

// TestUSVerifiedRates calculates a sale to every address of
// testdata/us-verified-rates.csv and compares the combined rate with the
// published one, state by state. A state may not match fewer addresses
// than testdata/us-verified-match.csv records (run with -update to
// record a better result); the test logs the table.
func TestUSVerifiedRates(t *testing.T) {
	e := testEngine(t)
	rows := readVerifiedRates(t)
	type tally struct{ rows, exact, close int }
	got := map[string]*tally{}
	var misses []string
	for _, v := range rows {
		ty := got[v.state]
		if ty == nil {
			ty = &tally{}
			got[v.state] = ty
		}
		ty.rows++
		rate, ids, err := combinedRate(e, v)
		if err != nil {
			misses = append(misses, fmt.Sprintf("line %d %s %s %s: %v", v.line, v.state, v.place, v.zip, err))
			continue
		}
		diff := rate.Sub(v.combined).Abs()
		switch {
		case diff.LessThanOrEqual(decimal.New(5, -4)): // within half a cent on 10,000.00
			ty.exact++
			ty.close++
		case diff.LessThanOrEqual(v.tolerance):
			ty.close++
			misses = append(misses, fmt.Sprintf("line %d %s %s %s-%s: %s%%, published %s%% (within the row's tolerance); %v", v.line, v.state, v.place, v.zip, v.plus4, rate, v.combined, ids))
		default:
			misses = append(misses, fmt.Sprintf("line %d %s %s %s-%s: %s%%, published %s%%; %v", v.line, v.state, v.place, v.zip, v.plus4, rate, v.combined, ids))
		}
	}
	var b strings.Builder
	b.WriteString("state,rows,exact,within_tolerance\n")
	total := tally{}
	for _, st := range slices.Sorted(maps.Keys(got)) {
		ty := got[st]
		fmt.Fprintf(&b, "%s,%d,%d,%d\n", st, ty.rows, ty.exact, ty.close)
		total.rows += ty.rows
		total.exact += ty.exact
		total.close += ty.close
	}
	t.Logf("verified addresses: %d, combined rate exact at %d (%.1f%%), within the published tolerance at %d (%.1f%%)\n%s",
		total.rows, total.exact, 100*float64(total.exact)/float64(total.rows), total.close, 100*float64(total.close)/float64(total.rows), b.String())
	if testing.Verbose() {
		for _, m := range misses {
			t.Log(m)
		}
	}
	const baseline = "testdata/us-verified-match.csv"
	if *update {
		if err := os.WriteFile(baseline, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	raw, err := os.ReadFile(baseline)
	if err != nil {
		t.Fatalf("%v (run go test -run TestUSVerifiedRates -update)", err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(raw)), "\n")[1:] {
		f := strings.Split(l, ",")
		if len(f) != 4 {
			t.Fatalf("%s: bad line %q", baseline, l)
		}
		want, _ := strconv.Atoi(f[2])
		if ty := got[f[0]]; ty == nil || ty.exact < want {
			n := 0
			if ty != nil {
				n = ty.exact
			}
			t.Errorf("%s: %d verified addresses exact, %s records %d (run with -v to see the differences)", f[0], n, baseline, want)
		}
	}
}
