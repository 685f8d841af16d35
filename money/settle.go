package money

import (
	"fmt"
	"slices"

	"github.com/shopspring/decimal"
)

// SettleRounded moves the values of rounded, each the value of exact at
// the same index rounded on its own to places decimals, by single units
// of the last place until they add up to total, the exact values' sum
// rounded once. A unit short (or over) goes to the value that rounding
// took furthest down (or up) from its exact value (the largest
// remainder), the lower index first among equals; that value then lies
// on the other side of its exact value and still less than one unit from
// it. total is less than one unit from the exact sum, so as many values
// as there are units to move were rounded the way the units undo. Values
// of both signs are settled alike: five taxes of 0.00625 and one of
// -0.01875 (0.0125 in all) settle to 0.00, 0.00, 0.01, 0.01, 0.01 and
// -0.02, where the return alone used to take the difference (-0.04).
//
// The engine spreads a document's tax rounded once over its lines with
// it, and the e-invoice renderer a line's net and a breakdown's VAT.
func SettleRounded(exact, rounded []decimal.Decimal, total decimal.Decimal, places int32) {
	acc := decimal.Zero
	for _, r := range rounded {
		acc = acc.Add(r)
	}
	unit := decimal.New(1, -places)
	left := total.Sub(acc).Div(unit).IntPart() // the units to move, with their sign
	if left == 0 || len(rounded) == 0 {
		return
	}
	step := unit
	if left < 0 {
		step, left = unit.Neg(), -left
	}
	// gain[i]: how far rounding moved value i against step; the first
	// in order gains most by a step.
	order := make([]int, len(rounded))
	gain := make([]decimal.Decimal, len(rounded))
	for i := range rounded {
		order[i] = i
		gain[i] = exact[i].Sub(rounded[i])
		if step.Sign() < 0 {
			gain[i] = gain[i].Neg()
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return gain[b].Cmp(gain[a]) })
	for n := int64(0); n < left; n++ {
		i := order[n%int64(len(order))]
		rounded[i] = rounded[i].Add(step)
	}
}

// SettleColumn is one column of a table that SettleRoundedTable settles:
// values each on a row of the table (Row, the same length as Exact and
// Rounded), Rounded each the value of Exact rounded on its own, and
// Total the sum of Exact rounded once, which the settled values add up
// to. A row has at most one value in a column; a column need not reach
// every row.
type SettleColumn struct {
	Row            []int
	Exact, Rounded []decimal.Decimal
	Total          decimal.Decimal
}

// SettleRoundedTable settles each column as SettleRounded does (its
// values add up to its Total, each less than one unit of the last place
// from its exact value), and chooses the values that bear the units so
// that each row's values add up to less than one unit from the sum of
// its exact values wherever it can. rows is the number of rows; rows
// below zero, or a Row outside [0, rows), is a programming error and
// panics.
//
// Columns settled each on its own break ties between equal remainders
// the same way, lowest index first: a thousand equal lines in six
// jurisdictions gave the units of all six to the first lines, which bore
// six units of tax for an exact thousandth of one. The columns are first
// settled each on its own, and kept so when every row is within the
// bound; otherwise they are settled again one after the other, the
// units of a column going to the values of the rows furthest below (or
// above) their exact sums so far, this column's value rounded on its own
// included, among the values that rounding took the way the unit undoes.
// A row that earlier columns took up is then passed over, and the units
// spread down the rows. A row still a unit or more from its exact sum
// then trades units with the others along chains of columns
// (unitTable.rebalance), which brings every row within the bound whenever
// some settling of the columns can: the columns' totals, each rounded
// on its own, can together stand further from the rows' exact sums than
// the rows can make up, and only then does a row stay out.
//
// The table is settled in integers (unitTable) when its values fit: every
// Rounded value exactly at places decimals, the exact values' digits
// and the units to move small enough for int64. Otherwise, with the same
// results, it is settled on decimals (settleTableDecimal).
func SettleRoundedTable(rows int, cols []SettleColumn, places int32) {
	if rows < 0 {
		panic(fmt.Sprintf("money: SettleRoundedTable with %d rows", rows))
	}
	var t unitTable
	if t.load(cols, places) {
		t.settle(rows, cols)
		t.store(cols, places)
		return
	}
	settleTableDecimal(rows, cols, places)
}

// settleTableDecimal is SettleRoundedTable on decimals throughout, for
// tables whose values do not fit the integers of unitTable.
func settleTableDecimal(rows int, cols []SettleColumn, places int32) {
	unit := decimal.New(1, -places)
	// rem[k][j]: value j of column k rounded on its own minus its exact
	// value; a settled value is that plus the unit it may have moved.
	orig := make([][]decimal.Decimal, len(cols))
	rem := make([][]decimal.Decimal, len(cols))
	for k, c := range cols {
		orig[k] = slices.Clone(c.Rounded)
		rem[k] = make([]decimal.Decimal, len(c.Rounded))
		for j := range c.Rounded {
			rem[k][j] = c.Rounded[j].Sub(c.Exact[j])
		}
		SettleRounded(c.Exact, c.Rounded, c.Total, places)
	}
	off := make([]decimal.Decimal, rows) // settled minus exact, per row
	addRows := func(k int) {
		c := cols[k]
		for j, r := range c.Row {
			off[r] = off[r].Add(rem[k][j])
			switch c.Rounded[j].Cmp(orig[k][j]) {
			case 1:
				off[r] = off[r].Add(unit)
			case -1:
				off[r] = off[r].Sub(unit)
			}
		}
	}
	for k := range cols {
		addRows(k)
	}
	within := true
	for _, d := range off {
		if d.Abs().GreaterThanOrEqual(unit) {
			within = false
			break
		}
	}
	if within {
		return
	}
	clear(off)
	for k, c := range cols {
		copy(c.Rounded, orig[k])
		settleCarriedDecimal(c, rem[k], off, unit)
		addRows(k)
	}
	rebalanceRowsDecimal(rows, cols, off, unit)
}

// rebalanceRowsDecimal moves units between the rows of each column, keeping the
// columns' sums and each value within one unit of its exact value, until
// every row is within one unit of its exact sum (off, settled minus
// exact per row) or no move brings a row closer. A row a unit or more
// over gives a unit of one of its values that lies over its exact value
// to another row's value of that column that lies under; that row, if it
// is not under its exact sum, passes a unit on the same way, and so on:
// the shortest such chain (found breadth first) that ends on a row under
// its exact sum, each row along it unchanged but the first and the last,
// and the last still within the bound. A row under is mended alike, the
// other way. When no chain exists for a row, no settling of the columns
// brings it closer while keeping the others within the bound.
func rebalanceRowsDecimal(rows int, cols []SettleColumn, off []decimal.Decimal, unit decimal.Decimal) {
	type link struct{ via, k, uj, vj int } // from row via by column k: its value uj, this row's vj
	cells := make([][][2]int, rows)        // per row: column and index of its values
	for k, c := range cols {
		for j, r := range c.Row {
			cells[r] = append(cells[r], [2]int{k, j})
		}
	}
	links := make([]link, rows)
	seen := make([]bool, rows)
	expanded := make([]bool, len(cols))
	queue := make([]int, 0, rows)
	// movable: whether value j of column k can move by dir units and stay
	// less than one unit from its exact value.
	movable := func(k, j, dir int) bool { return cols[k].Exact[j].Cmp(cols[k].Rounded[j]) == dir }
	// chain finds the shortest chain from row r, which must move by dir,
	// to a row that can move the other way; it returns that row, or -1.
	chain := func(r, dir int) int {
		clear(seen)
		clear(expanded)
		queue = append(queue[:0], r)
		seen[r] = true
		links[r] = link{via: -1}
		for len(queue) > 0 {
			u := queue[0]
			queue = queue[1:]
			for _, ce := range cells[u] {
				k, uj := ce[0], ce[1]
				if expanded[k] || !movable(k, uj, dir) {
					continue
				}
				expanded[k] = true
				for vj, v := range cols[k].Row {
					if seen[v] || !movable(k, vj, -dir) {
						continue
					}
					seen[v] = true
					links[v] = link{via: u, k: k, uj: uj, vj: vj}
					if off[v].Sign() == dir {
						return v
					}
					queue = append(queue, v)
				}
			}
		}
		return -1
	}
	for changed := true; changed; {
		changed = false
		for r := range rows {
			for off[r].Abs().GreaterThanOrEqual(unit) {
				dir := -off[r].Sign()
				t := chain(r, dir)
				if t < 0 {
					break
				}
				step := unit
				if dir < 0 {
					step = unit.Neg()
				}
				for v := t; links[v].via >= 0; v = links[v].via {
					l := links[v]
					c := cols[l.k]
					c.Rounded[l.uj] = c.Rounded[l.uj].Add(step)
					c.Rounded[l.vj] = c.Rounded[l.vj].Sub(step)
				}
				off[r] = off[r].Add(step)
				off[t] = off[t].Sub(step)
				changed = true
			}
		}
	}
}

// settleCarriedDecimal settles one column of SettleRoundedTable given rem, how
// far rounding took each of its values from its exact value, and off,
// how far each row's values in the columns before stand from their exact
// sum: the units go first to the values whose rounding the unit undoes
// (as in SettleRounded), of these to the rows that a unit brings closest
// to their exact sums, the lower index first among equals.
func settleCarriedDecimal(c SettleColumn, rem, off []decimal.Decimal, unit decimal.Decimal) {
	acc := decimal.Zero
	for _, r := range c.Rounded {
		acc = acc.Add(r)
	}
	left := c.Total.Sub(acc).Div(unit).IntPart()
	if left == 0 || len(c.Rounded) == 0 {
		return
	}
	step := unit
	if left < 0 {
		step, left = unit.Neg(), -left
	}
	// gain[j]: how far rounding moved value j against step, which must
	// be positive for a unit to keep it within one unit of its exact
	// value; need[j], for such a value: how far its row, with it, stands
	// against step.
	order := make([]int, len(c.Rounded))
	gain := make([]decimal.Decimal, len(c.Rounded))
	need := make([]decimal.Decimal, len(c.Rounded))
	for j := range c.Rounded {
		order[j] = j
		if step.Sign() > 0 {
			gain[j] = rem[j].Neg()
			if gain[j].Sign() > 0 {
				need[j] = gain[j].Sub(off[c.Row[j]])
			}
		} else {
			gain[j] = rem[j]
			if gain[j].Sign() > 0 {
				need[j] = gain[j].Add(off[c.Row[j]])
			}
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		pa, pb := gain[a].Sign() > 0, gain[b].Sign() > 0
		switch {
		case pa && !pb:
			return -1
		case pb && !pa:
			return 1
		case !pa:
			return gain[b].Cmp(gain[a])
		}
		if n := need[b].Cmp(need[a]); n != 0 {
			return n
		}
		return gain[b].Cmp(gain[a])
	})
	for n := int64(0); n < left; n++ {
		j := order[n%int64(len(order))]
		c.Rounded[j] = c.Rounded[j].Add(step)
	}
}
