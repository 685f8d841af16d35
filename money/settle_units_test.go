package money

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// unitsCase is a table for comparing SettleRoundedTable with the decimal
// implementation it replaced, which settle.go keeps for the tables the
// integer path does not take (settleTableDecimal).
type unitsCase struct {
	rows   int
	places int32
	cols   []SettleColumn
}

// clone is a deep copy of the case's columns, to settle once each way.
func (c unitsCase) clone() []SettleColumn {
	out := make([]SettleColumn, len(c.cols))
	for k, col := range c.cols {
		out[k] = SettleColumn{
			Row:     slices.Clone(col.Row),
			Exact:   slices.Clone(col.Exact),
			Rounded: slices.Clone(col.Rounded),
			Total:   col.Total,
		}
	}
	return out
}

// randomUnitsCase draws a table: one to eight rows, or now and then a few
// hundred or a thousand; one to six columns, each reaching every row or
// only some; exact values of both signs with up to six places beyond
// places, drawn now and then from a few values only (so that remainders
// tie) or on the half unit; rounded on their own and in total with one
// of the rounding modes. With odd set, some rounded values and totals
// are then moved by a unit or two, as no caller should pass them, some
// rounded values written a place finer (1.010 for 1.01), and now and
// then an exact value has more digits than an int64 holds.
func randomUnitsCase(r *rand.Rand, odd bool) unitsCase {
	c := unitsCase{rows: 1 + r.IntN(8), places: int32(r.IntN(5))}
	switch r.IntN(20) {
	case 0:
		c.rows = 200 + r.IntN(200)
	case 1:
		c.rows = 1000
	case 2:
		c.places = -1 // to tens
	}
	ncols := 1 + r.IntN(6)
	extra := int32(r.IntN(7)) // places of the exact values beyond places
	mode := RoundingMode(r.IntN(int(Down) + 1))
	present := []float64{1, 0.8, 0.5, 0.2}[r.IntN(4)]
	spread := []int64{9, 30, 1000, 1e6}[r.IntN(4)] // in units
	fine := int64(1)
	for range extra {
		fine *= 10
	}
	pool := make([]int64, 1+r.IntN(3)) // values to draw ties from, in fine units
	for i := range pool {
		pool[i] = r.Int64N(spread*fine+1) - spread*fine/2
	}
	half := r.IntN(6) == 0 && extra > 0
	for range ncols {
		var col SettleColumn
		sum := decimal.Zero
		for i := range c.rows {
			if r.Float64() >= present {
				continue
			}
			var v int64
			switch {
			case r.IntN(3) == 0:
				v = pool[r.IntN(len(pool))]
			case half:
				v = (2*(r.Int64N(2*spread+1)-spread) + 1) * (fine / 2) // a unit and a half
			default:
				v = r.Int64N(2*spread*fine+1) - spread*fine
				if r.IntN(3) > 0 {
					v = absValue(v) // mostly sales, some returns
				}
			}
			x := decimal.New(v, -c.places-extra)
			if odd && r.IntN(15) == 0 {
				x = x.Add(decimal.RequireFromString("0.0000000000000000000000013"))
			}
			col.Row = append(col.Row, i)
			col.Exact = append(col.Exact, x)
			col.Rounded = append(col.Rounded, New(x).Round(c.places, mode).Decimal())
			sum = sum.Add(x)
		}
		col.Total = New(sum).Round(c.places, mode).Decimal()
		if odd {
			unit := decimal.New(1, -c.places)
			for j := range col.Rounded {
				switch r.IntN(12) {
				case 0, 1:
					col.Rounded[j] = col.Rounded[j].Add(unit.Mul(decimal.NewFromInt(int64(r.IntN(5) - 2))))
				case 2:
					col.Rounded[j] = col.Rounded[j].Round(c.places + 1) // the same value, a place finer
				}
			}
			if r.IntN(4) == 0 {
				col.Total = col.Total.Add(unit.Mul(decimal.NewFromInt(int64(r.IntN(7) - 3))))
			}
		}
		c.cols = append(c.cols, col)
	}
	return c
}

func absValue(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// describe writes the case for a failure message, in full when small.
func (c unitsCase) describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d rows, %d places", c.rows, c.places)
	if c.rows > 12 {
		return b.String()
	}
	for k, col := range c.cols {
		fmt.Fprintf(&b, "\ncolumn %d total %s:", k, col.Total)
		for j := range col.Row {
			fmt.Fprintf(&b, " r%d %s~%s", col.Row[j], col.Exact[j], col.Rounded[j])
		}
	}
	return b.String()
}

// compareUnits settles the case with SettleRoundedTable and with the
// decimal oracle and fails unless every value is the same, in value and
// in exponent. It reports whether the integer path took the table and
// whether settling each column on its own left a row out (the second
// pass and the rebalancing ran).
func compareUnits(t *testing.T, name string, c unitsCase) (integer, carried bool) {
	t.Helper()
	got, want, alone := c.clone(), c.clone(), c.clone()
	var probe unitTable
	integer = probe.load(c.clone(), c.places)
	SettleRoundedTable(c.rows, got, c.places)
	settleTableDecimal(c.rows, want, c.places)
	for k := range alone {
		SettleRounded(alone[k].Exact, alone[k].Rounded, alone[k].Total, c.places)
	}
	for k := range want {
		for j := range want[k].Rounded {
			g, w := got[k].Rounded[j], want[k].Rounded[j]
			if !g.Equal(w) || g.Exponent() != w.Exponent() {
				t.Fatalf("%s (integer path %v): column %d value %d (row %d, exact %s, rounded %s) settled to %s, the decimal implementation %s\n%s",
					name, integer, k, j, c.cols[k].Row[j], c.cols[k].Exact[j], c.cols[k].Rounded[j], g, w, c.describe())
			}
			if !w.Equal(alone[k].Rounded[j]) {
				carried = true
			}
		}
	}
	return integer, carried
}

// TestSettleRoundedTableUnitsMatchDecimal: over random tables (few rows or
// a thousand; sparse columns; both signs; tied remainders; every
// rounding mode; 0 to 4 places and tens), SettleRoundedTable settles
// every value exactly as the decimal implementation it replaced did, on
// the integer path for nearly all of them and through the second pass
// for many.
func TestSettleRoundedTableUnitsMatchDecimal(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 23))
	const n = 3000
	integer, carried := 0, 0
	for iter := range n {
		i, c := compareUnits(t, fmt.Sprintf("iter %d", iter), randomUnitsCase(r, false))
		if i {
			integer++
		}
		if c {
			carried++
		}
	}
	if integer < n*99/100 {
		t.Errorf("only %d of %d tables took the integer path", integer, n)
	}
	if carried < n/20 {
		t.Errorf("only %d of %d tables needed the second pass", carried, n)
	}
	t.Logf("%d of %d on the integer path, %d through the second pass", integer, n, carried)
}

// TestSettleRoundedTableUnitsOddInput: where the rounded values or totals
// are off by units (which no caller should pass), a rounded value is
// written a place finer than places or an exact value has more digits
// than an int64 holds, the integer path, when it takes the
// table at all, still settles as the decimal implementation did, and
// the decimal path takes the rest.
func TestSettleRoundedTableUnitsOddInput(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 31))
	const n = 2000
	integer := 0
	for iter := range n {
		if i, _ := compareUnits(t, fmt.Sprintf("iter %d", iter), randomUnitsCase(r, true)); i {
			integer++
		}
	}
	if integer == 0 || integer == n {
		t.Errorf("%d of %d odd tables took the integer path; want both paths tried", integer, n)
	}
	t.Logf("%d of %d on the integer path", integer, n)
}

// TestUnitTableLoadFallsBack: tables whose values do not fit the integer
// path are left to the decimal one.
func TestUnitTableLoadFallsBack(t *testing.T) {
	d := decimal.RequireFromString
	col := func(exact, rounded, total string) []SettleColumn {
		return []SettleColumn{{Row: []int{0}, Exact: []decimal.Decimal{d(exact)}, Rounded: []decimal.Decimal{d(rounded)}, Total: d(total)}}
	}
	for _, c := range []struct {
		name string
		cols []SettleColumn
		want bool
	}{
		{"fits", col("1.005", "1.01", "1.01"), true},
		{"rounded not at places", col("1.005", "1.010", "1.01"), false},
		{"total finer than places", col("1.005", "1.01", "1.010"), false},
		{"total coarser than places", col("1.005", "1.00", "1"), true},
		{"exact 19 digits", col("1.000000000000000001", "1.00", "1.00"), false},
		{"exact 19 places finer", col("0.0000000000000000000001", "0.00", "0.00"), false},
		{"rounded beyond the limit", col("2000000000000000000", "2000000000000000000.00", "2000000000000000000.00"), false},
		{"units to move beyond the values", col("1.005", "1.01", "1.03"), false},
		{"row and values of different lengths", []SettleColumn{{Row: []int{0, 1}, Exact: []decimal.Decimal{d("1")}, Rounded: []decimal.Decimal{d("1.00")}, Total: d("1.00")}}, false},
	} {
		var tb unitTable
		if got := tb.load(c.cols, 2); got != c.want {
			t.Errorf("%s: load %v, want %v", c.name, got, c.want)
		}
	}
}

// FuzzSettleRoundedTableUnits compares SettleRoundedTable with the
// decimal implementation on tables drawn from the fuzzed seeds.
func FuzzSettleRoundedTableUnits(f *testing.F) {
	for i := range uint64(8) {
		f.Add(i, i*7919, i%2 == 1)
	}
	f.Fuzz(func(t *testing.T, s1, s2 uint64, odd bool) {
		compareUnits(t, "fuzz", randomUnitsCase(rand.New(rand.NewPCG(s1, s2)), odd))
	})
}

// benchTable is a document's taxes for the benchmarks: rows lines, each
// with a tax in each of six jurisdictions at rates like Los Angeles's,
// every line's amount equal (a thousand lines of 0.01) or drawn between
// 1.00 and 1000.00.
func benchTable(rows int, equal bool) []SettleColumn {
	r := rand.New(rand.NewPCG(41, 43))
	rates := []decimal.Decimal{
		decimal.RequireFromString("0.06"), decimal.RequireFromString("0.0025"),
		decimal.RequireFromString("0.0075"), decimal.RequireFromString("0.0225"),
		decimal.RequireFromString("0.005"), decimal.RequireFromString("0.0025"),
	}
	amounts := make([]decimal.Decimal, rows)
	for i := range amounts {
		amounts[i] = decimal.New(1, -2)
		if !equal {
			amounts[i] = decimal.New(100+r.Int64N(99901), -2)
		}
	}
	cols := make([]SettleColumn, len(rates))
	for k, rate := range rates {
		sum := decimal.Zero
		for i, a := range amounts {
			x := a.Mul(rate)
			cols[k].Row = append(cols[k].Row, i)
			cols[k].Exact = append(cols[k].Exact, x)
			cols[k].Rounded = append(cols[k].Rounded, New(x).Round(2, HalfUp).Decimal())
			sum = sum.Add(x)
		}
		cols[k].Total = New(sum).Round(2, HalfUp).Decimal()
	}
	return cols
}

// BenchmarkSettleRoundedTable settles a document's taxes with
// SettleRoundedTable (units) and with the decimal implementation it
// replaced (decimal), each iteration from the same rounded values.
func BenchmarkSettleRoundedTable(b *testing.B) {
	for _, tc := range []struct {
		name  string
		rows  int
		equal bool
	}{
		{"Lines100", 100, false},
		{"EqualLines1000", 1000, true},
		{"Lines1000", 1000, false},
	} {
		for _, impl := range []struct {
			name   string
			settle func(int, []SettleColumn, int32)
		}{
			{"decimal", settleTableDecimal},
			{"units", SettleRoundedTable},
		} {
			b.Run(tc.name+"/impl="+impl.name, func(b *testing.B) {
				pristine := benchTable(tc.rows, tc.equal)
				cols := benchTable(tc.rows, tc.equal)
				b.ReportAllocs()
				for b.Loop() {
					for k := range cols {
						copy(cols[k].Rounded, pristine[k].Rounded)
					}
					impl.settle(tc.rows, cols, 2)
				}
			})
		}
	}
}
