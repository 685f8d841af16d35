package money

import (
	"cmp"
	"math"
	"slices"

	"github.com/shopspring/decimal"
)

// unitLimit bounds the units of the last place of the rounded values and
// totals that unitTable takes, so that their sums and the units a column
// moves stay well within int64.
const unitLimit = 1 << 60

// maxShift is the largest power of ten unitTable scales a value by.
const maxShift = 18

// tenTo holds 10^k for 0 <= k <= maxShift. It is only read.
var tenTo = [maxShift + 1]int64{
	1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
}

// unitTable is a table of SettleRoundedTable in integers. The rounded
// values, already at places decimals, are counted in units of the last
// place; how far rounding took each from its exact value (its remainder)
// and how far each row stands from its exact sum are counted in fine
// units, the smallest place of any exact value, of which unit make one
// unit of the last place. Both fit int64 for every table that load
// accepts, whatever the settling does: a value moves by at most one unit
// in settling its column and only toward its exact value after.
type unitTable struct {
	unit  int64   // one unit of the last place, in fine units
	start []int   // column k's values are at start[k] to start[k+1] below
	units []int64 // each value as settled so far, in units
	orig  []int64 // each value rounded on its own, in units
	rem   []int64 // each value rounded on its own minus exact, in fine units
	left  []int64 // per column: the units to move, with their sign
	off   []int64 // per row: its values as settled minus exact, in fine units

	// scratch for settling one column
	order      []int
	gain, need []int64
}

// smallInt returns d's coefficient when it has at most 18 digits, and so
// fits an int64 with room to spare.
func smallInt(d decimal.Decimal) (int64, bool) {
	if d.NumDigits() > maxShift {
		return 0, false
	}
	return d.CoefficientInt64(), true
}

// scaleInt returns c times 10^shift, and false when shift is outside
// [0, maxShift] or the product overflows.
func scaleInt(c, shift int64) (int64, bool) {
	if c == 0 {
		return 0, true
	}
	if shift < 0 || shift > maxShift {
		return 0, false
	}
	p := tenTo[shift]
	if c > math.MaxInt64/p || c < -(math.MaxInt64/p) {
		return 0, false
	}
	return c * p, true
}

// subInt returns a - b, and false when it overflows or is MinInt64
// (whose absolute value does not fit).
func subInt(a, b int64) (int64, bool) {
	d := a - b
	if (b > 0 && d > a) || (b < 0 && d < a) || d == math.MinInt64 {
		return 0, false
	}
	return d, true
}

// absInt is the absolute value of x, which is not MinInt64.
func absInt(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// load reads the columns into t, and reports whether they fit: every
// column's Row, Exact and Rounded of one length, every Rounded value
// exactly at places decimals (as Round leaves it) and Total at no more,
// the exact values no more than 18 places finer than the rounded ones,
// every coefficient of 18 digits or fewer, the units to move in a column
// no more than its values, and the remainders small enough that a row's
// sum of them can not overflow. When it does not, the table is settled
// on decimals.
func (t *unitTable) load(cols []SettleColumn, places int32) bool {
	n := 0
	scale := int64(places)
	for _, c := range cols {
		if len(c.Row) != len(c.Exact) || len(c.Rounded) != len(c.Exact) {
			return false
		}
		n += len(c.Exact)
		for _, x := range c.Exact {
			scale = max(scale, -int64(x.Exponent()))
		}
	}
	if scale-int64(places) > maxShift {
		return false
	}
	t.unit = tenTo[scale-int64(places)]
	buf := make([]int64, 3*n+len(cols))
	t.units, t.orig, t.rem, t.left = buf[:n:n], buf[n:2*n:2*n], buf[2*n:3*n:3*n], buf[3*n:]
	t.start = make([]int, len(cols)+1)
	var maxRem int64
	i := 0
	for k, c := range cols {
		t.start[k] = i
		var acc int64
		for j, r := range c.Rounded {
			if r.Exponent() != -places {
				return false
			}
			u, ok := smallInt(r)
			if !ok || u > unitLimit || u < -unitLimit {
				return false
			}
			x := c.Exact[j]
			xc, ok := smallInt(x)
			if !ok {
				return false
			}
			xf, ok := scaleInt(xc, int64(x.Exponent())+scale)
			if !ok {
				return false
			}
			uf, ok := scaleInt(u, scale-int64(places))
			if !ok {
				return false
			}
			d, ok := subInt(uf, xf)
			if !ok {
				return false
			}
			maxRem = max(maxRem, absInt(d))
			if acc, ok = subInt(acc, -u); !ok {
				return false
			}
			t.units[i], t.orig[i], t.rem[i] = u, u, d
			i++
		}
		if len(c.Rounded) == 0 {
			continue // nothing to settle, whatever the total
		}
		tc, ok := smallInt(c.Total)
		if !ok {
			return false
		}
		tu, ok := scaleInt(tc, int64(c.Total.Exponent())+int64(places))
		if !ok || tu > unitLimit || tu < -unitLimit {
			return false
		}
		left, ok := subInt(tu, acc)
		if !ok || absInt(left) > int64(len(c.Rounded)) {
			return false
		}
		t.left[k] = left
	}
	t.start[len(cols)] = i
	// A row's distance from its exact sum adds up at most n remainders
	// and units; a value's need adds one more.
	return maxRem <= math.MaxInt64/int64(n+2)-t.unit
}

// store writes the values that settling moved back into the columns, at
// places decimals; the others are left as they were.
func (t *unitTable) store(cols []SettleColumn, places int32) {
	for k, c := range cols {
		lo := t.start[k]
		for j := range c.Rounded {
			if u := t.units[lo+j]; u != t.orig[lo+j] {
				c.Rounded[j] = decimal.New(u, -places)
			}
		}
	}
}

// settle is SettleRoundedTable on t: the columns each on its own, kept
// when every row is within one unit of its exact sum; otherwise settled
// again one after the other (settleCarried) and the rows rebalanced.
func (t *unitTable) settle(rows int, cols []SettleColumn) {
	longest := 0
	for k := range cols {
		longest = max(longest, t.start[k+1]-t.start[k])
	}
	t.order = make([]int, longest)
	scratch := make([]int64, 2*longest+rows)
	t.gain, t.need, t.off = scratch[:longest:longest], scratch[longest:2*longest:2*longest], scratch[2*longest:]
	for k := range cols {
		t.settleAlone(k)
	}
	for k, c := range cols {
		t.addRows(k, c.Row)
	}
	within := true
	for _, d := range t.off {
		if d >= t.unit || d <= -t.unit {
			within = false
			break
		}
	}
	if within {
		return
	}
	clear(t.off)
	copy(t.units, t.orig)
	for k, c := range cols {
		t.settleCarried(k, c.Row)
		t.addRows(k, c.Row)
	}
	t.rebalance(rows, cols)
}

// addRows adds column k's values as settled, each minus its exact value,
// to the rows' distances from their exact sums. A moved value counts its
// remainder and one unit, as a value moves by one unit at most here.
func (t *unitTable) addRows(k int, row []int) {
	lo := t.start[k]
	for j, r := range row {
		i := lo + j
		d := t.rem[i]
		switch {
		case t.units[i] > t.orig[i]:
			d += t.unit
		case t.units[i] < t.orig[i]:
			d -= t.unit
		}
		t.off[r] += d
	}
}

// settleAlone settles column k on its own, as SettleRounded does: its
// units go to the values that rounding took furthest from their exact
// values against the units' direction, the lower index first among
// equals.
func (t *unitTable) settleAlone(k int) {
	left := t.left[k]
	if left == 0 {
		return
	}
	lo, n := t.start[k], t.start[k+1]-t.start[k]
	step := int64(1)
	if left < 0 {
		step, left = -1, -left
	}
	order, gain := t.order[:n], t.gain[:n]
	for j := range n {
		order[j] = j
		gain[j] = t.rem[lo+j] * -step
	}
	slices.SortFunc(order, func(a, b int) int {
		if c := cmp.Compare(gain[b], gain[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	for _, j := range order[:left] {
		t.units[lo+j] += step
	}
}

// settleCarried settles column k given how far the rows stand from their
// exact sums in the columns before (t.off): the units go first to the
// values whose rounding they undo, of these to the rows that a unit
// brings closest to their exact sums, the lower index first among
// equals.
func (t *unitTable) settleCarried(k int, row []int) {
	left := t.left[k]
	if left == 0 {
		return
	}
	lo, n := t.start[k], t.start[k+1]-t.start[k]
	step := int64(1)
	if left < 0 {
		step, left = -1, -left
	}
	// gain[j]: how far rounding moved value j against step, positive
	// when a unit keeps it within one unit of its exact value; need[j],
	// for such a value: how far its row, with it, stands against step.
	order, gain, need := t.order[:n], t.gain[:n], t.need[:n]
	for j := range n {
		order[j] = j
		gain[j] = t.rem[lo+j] * -step
		need[j] = 0
		if gain[j] > 0 {
			need[j] = gain[j] - t.off[row[j]]*step
		}
	}
	slices.SortFunc(order, func(a, b int) int {
		pa, pb := gain[a] > 0, gain[b] > 0
		switch {
		case pa && !pb:
			return -1
		case pb && !pa:
			return 1
		case pa:
			if c := cmp.Compare(need[b], need[a]); c != 0 {
				return c
			}
		}
		if c := cmp.Compare(gain[b], gain[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	for _, j := range order[:left] {
		t.units[lo+j] += step
	}
}

// rebalance moves units between the rows of each column, as
// rebalanceRowsDecimal does, until every row is within one unit of its
// exact sum or no chain of columns brings a row closer.
func (t *unitTable) rebalance(rows int, cols []SettleColumn) {
	n := len(t.units)
	// diff[i]: value i as settled so far minus its exact value, in fine
	// units; col[i]: its column.
	diff := make([]int64, n)
	col := make([]int, n)
	for k := range cols {
		for i := t.start[k]; i < t.start[k+1]; i++ {
			diff[i] = t.rem[i] + (t.units[i]-t.orig[i])*t.unit
			col[i] = k
		}
	}
	// cells[first[r]:first[r+1]]: row r's values, column by column.
	first := make([]int, rows+1)
	for _, c := range cols {
		for _, r := range c.Row {
			first[r+1]++
		}
	}
	for r := range rows {
		first[r+1] += first[r]
	}
	cells := make([]int, n)
	for k, c := range cols {
		for j, r := range c.Row {
			cells[first[r]] = t.start[k] + j
			first[r]++
		}
	}
	copy(first[1:], first[:rows])
	first[0] = 0

	type link struct{ via, u, v int } // from row via: its value u, this row's value v
	links := make([]link, rows)
	seen := make([]bool, rows)
	expanded := make([]bool, len(cols))
	queue := make([]int, 0, rows)
	// movable: whether value i can move by dir units and stay less than
	// one unit from its exact value.
	movable := func(i int, dir int64) bool { return cmp.Compare(0, diff[i]) == int(dir) }
	// chain finds the shortest chain from row r, which must move by dir,
	// to a row that can move the other way; it returns that row, or -1.
	chain := func(r int, dir int64) int {
		clear(seen)
		clear(expanded)
		queue = append(queue[:0], r)
		seen[r] = true
		links[r] = link{via: -1}
		for h := 0; h < len(queue); h++ {
			u := queue[h]
			for _, ui := range cells[first[u]:first[u+1]] {
				k := col[ui]
				if expanded[k] || !movable(ui, dir) {
					continue
				}
				expanded[k] = true
				lo := t.start[k]
				for vj, v := range cols[k].Row {
					vi := lo + vj
					if seen[v] || !movable(vi, -dir) {
						continue
					}
					seen[v] = true
					links[v] = link{via: u, u: ui, v: vi}
					if int64(cmp.Compare(t.off[v], 0)) == dir {
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
			for t.off[r] >= t.unit || t.off[r] <= -t.unit {
				dir := int64(1)
				if t.off[r] > 0 {
					dir = -1
				}
				end := chain(r, dir)
				if end < 0 {
					break
				}
				step := dir * t.unit
				for v := end; links[v].via >= 0; v = links[v].via {
					l := links[v]
					t.units[l.u] += dir
					diff[l.u] += step
					t.units[l.v] -= dir
					diff[l.v] -= step
				}
				t.off[r] += step
				t.off[end] -= step
				changed = true
			}
		}
	}
}
