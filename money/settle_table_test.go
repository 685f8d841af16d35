package money_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/levytax/levy/money"
	"github.com/shopspring/decimal"
)

// table is a random table for SettleRoundedTable, its values in
// thousandths of a unit (of the last of places places).
type table struct {
	rows, places int
	cells        [][]tableCell // per column
}

type tableCell struct {
	row   int
	milli int64 // the exact value in thousandths of a unit
}

// floorDiv is a divided by b rounded toward minus infinity.
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// halfUp is milli thousandths rounded to a whole unit, halves away from
// zero.
func halfUp(milli int64) int64 {
	if milli < 0 {
		return -halfUp(-milli)
	}
	return (milli + 500) / 1000
}

// columns is the table as SettleColumns, each value rounded half up on
// its own and each total the column's sum rounded so.
func (tb table) columns() []money.SettleColumn {
	unit := decimal.New(1, -int32(tb.places))
	milli := decimal.New(1, -int32(tb.places)-3)
	cols := make([]money.SettleColumn, len(tb.cells))
	for k, cs := range tb.cells {
		var sum int64
		for _, c := range cs {
			cols[k].Row = append(cols[k].Row, c.row)
			cols[k].Exact = append(cols[k].Exact, decimal.NewFromInt(c.milli).Mul(milli))
			cols[k].Rounded = append(cols[k].Rounded, decimal.NewFromInt(halfUp(c.milli)).Mul(unit))
			sum += c.milli
		}
		cols[k].Total = decimal.NewFromInt(halfUp(sum)).Mul(unit)
	}
	return cols
}

// feasible reports whether the table's values can be settled with every
// row within one unit of its exact sum, trying each choice of the values
// that bear its units in every column.
func (tb table) feasible() bool {
	off := make([]int64, tb.rows) // in thousandths
	var try func(k int) bool
	try = func(k int) bool {
		if k == len(tb.cells) {
			for _, o := range off {
				if o <= -1000 || o >= 1000 {
					return false
				}
			}
			return true
		}
		cs := tb.cells[k]
		var sum, floors int64
		for _, c := range cs {
			sum += c.milli
			floors += floorDiv(c.milli, 1000)
		}
		ups := halfUp(sum) - floors // the values to take up to their ceiling
		for mask := 0; mask < 1<<len(cs); mask++ {
			n, ok := int64(0), true
			for j, c := range cs {
				if mask&(1<<j) != 0 {
					if c.milli%1000 == 0 {
						ok = false // an exact value has no ceiling above it
					}
					n++
				}
			}
			if !ok || n != ups {
				continue
			}
			for j, c := range cs {
				v := floorDiv(c.milli, 1000) * 1000
				if mask&(1<<j) != 0 {
					v += 1000
				}
				off[c.row] += v - c.milli
			}
			found := try(k + 1)
			for j, c := range cs {
				v := floorDiv(c.milli, 1000) * 1000
				if mask&(1<<j) != 0 {
					v += 1000
				}
				off[c.row] -= v - c.milli
			}
			if found {
				return true
			}
		}
		return false
	}
	return try(0)
}

// randomTable is a table of rows rows and cols columns, a cell present
// with probability present, its value up to spread thousandths of a unit
// either way (only positive when !signs).
func randomTable(r *rand.Rand, rows, cols int, present float64, spread int64, signs bool) table {
	tb := table{rows: rows, places: r.IntN(4)}
	for range cols {
		var cs []tableCell
		for i := range rows {
			if r.Float64() >= present {
				continue
			}
			v := r.Int64N(spread + 1)
			if signs && r.IntN(3) == 0 {
				v = -v
			}
			cs = append(cs, tableCell{row: i, milli: v})
		}
		tb.cells = append(tb.cells, cs)
	}
	return tb
}

// checkTable settles the table and checks its columns (each adds up to
// its total, each value less than one unit from its exact value) and,
// when rows must hold, its rows (each less than one unit from its exact
// sum).
func checkTable(t *testing.T, name string, tb table, rows bool) {
	t.Helper()
	cols := tb.columns()
	money.SettleRoundedTable(tb.rows, cols, int32(tb.places))
	unit := decimal.New(1, -int32(tb.places))
	off := make([]decimal.Decimal, tb.rows)
	for k, c := range cols {
		acc := decimal.Zero
		for j := range c.Rounded {
			acc = acc.Add(c.Rounded[j])
			if d := c.Rounded[j].Sub(c.Exact[j]); d.Abs().GreaterThanOrEqual(unit) {
				t.Fatalf("%s: column %d value %d %s for %s: a unit or more away", name, k, j, c.Rounded[j], c.Exact[j])
			}
			off[c.Row[j]] = off[c.Row[j]].Add(c.Rounded[j].Sub(c.Exact[j]))
		}
		if !acc.Equal(c.Total) {
			t.Fatalf("%s: column %d adds up to %s, want %s", name, k, acc, c.Total)
		}
	}
	if !rows {
		return
	}
	for i, d := range off {
		if d.Abs().GreaterThanOrEqual(unit) {
			if tb.rows > 10 {
				t.Fatalf("%s: row %d is %s from its exact sum, a unit or more (%d places)", name, i, d, tb.places)
			}
			t.Fatalf("%s: row %d is %s from its exact sum, a unit or more (%d places; table %+v)", name, i, d, tb.places, tb.cells)
		}
	}
}

// TestSettleRoundedTableProperties: over random tables (lines and
// jurisdictions; values of both signs, sales and returns; sparse or
// full), every column adds up to its rounded total with each value
// within one unit of its own, and every row is within one unit of its
// exact sum whenever some choice of the values that bear the units can
// make it so (tried exhaustively on small tables).
func TestSettleRoundedTableProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for iter := range 4000 {
		rows, cols := 1+r.IntN(5), 1+r.IntN(3)
		if iter%4 == 0 {
			rows, cols = 1+r.IntN(4), 4
		}
		spread := []int64{900, 3000, 200000}[r.IntN(3)]
		tb := randomTable(r, rows, cols, []float64{0.6, 1}[r.IntN(2)], spread, iter%2 == 1)
		checkTable(t, fmt.Sprintf("iter %d", iter), tb, tb.feasible())
	}
}

// TestSettleRoundedTableLarge: a thousand lines in six jurisdictions,
// each a small tax of about the same size as the others (where the units
// of every column used to land on the same rows), of one sign or both,
// equal or not: columns and rows within their bounds.
func TestSettleRoundedTableLarge(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for iter := range 40 {
		tb := table{rows: 1000, places: 2}
		equal := iter%2 == 0
		for k := range 6 {
			var cs []tableCell
			for i := range tb.rows {
				v := int64(10 + 20*k)
				if !equal {
					v = r.Int64N(200)
				}
				if iter%4 >= 2 && i%3 == 2 {
					v = -v // a return
				}
				cs = append(cs, tableCell{row: i, milli: v})
			}
			tb.cells = append(tb.cells, cs)
		}
		checkTable(t, fmt.Sprintf("iter %d", iter), tb, true)
	}
}

// TestSettleRoundedTableKeepsSettled: where settling each column on its
// own already leaves every row within a unit, the table is settled as
// SettleRounded settles each column.
func TestSettleRoundedTableKeepsSettled(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	kept := 0
	for iter := range 2000 {
		tb := randomTable(r, 1+r.IntN(8), 1+r.IntN(4), 0.8, 3000, iter%2 == 0)
		cols := tb.columns()
		alone := tb.columns()
		unit := decimal.New(1, -int32(tb.places))
		off := make([]decimal.Decimal, tb.rows)
		for _, c := range alone {
			money.SettleRounded(c.Exact, c.Rounded, c.Total, int32(tb.places))
			for j := range c.Rounded {
				off[c.Row[j]] = off[c.Row[j]].Add(c.Rounded[j].Sub(c.Exact[j]))
			}
		}
		within := true
		for _, d := range off {
			within = within && d.Abs().LessThan(unit)
		}
		if !within {
			continue
		}
		kept++
		money.SettleRoundedTable(tb.rows, cols, int32(tb.places))
		for k := range cols {
			for j := range cols[k].Rounded {
				if !cols[k].Rounded[j].Equal(alone[k].Rounded[j]) {
					t.Fatalf("iter %d: column %d value %d settled to %s, on its own to %s", iter, k, j, cols[k].Rounded[j], alone[k].Rounded[j])
				}
			}
		}
	}
	if kept < 500 {
		t.Fatalf("only %d of 2000 tables had every row within a unit when settled column by column", kept)
	}
}
