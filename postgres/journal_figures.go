package postgres

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/bits"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
)

// The sales figures live in journal_figures (migrations/007), one row per
// tenant, day, company, area and part, and in the deltas that units
// appended since the last fold (journal_figure_deltas, migrations/012,
// see journal_figure_deltas.go), which every read adds to the rows. A
// unit appends its figures there, tagged with the part of its
// connection, and a fold adds every part's to the rows of part 0 (the
// rows of other parts are those of earlier versions). The parts
// date from when a unit added to the rows itself, with the upserts below
// (which ReplaceFigures still uses, and the fold with its own
// statement): its part was the number of the pool's connection it runs
// on (partOf, connSlots), so that the units of one node that post into
// the same state on the same day at the same time, which a busy seller's
// are, added to different rows and did not wait for each other's row
// locks (with parts chosen by a hash of the unit's first transaction ID,
// 8 concurrent units met on a row more often than not, and a post with
// figures spent a third to a half of its time in the server waiting for
// another's commit, BenchmarkJournalPostFigures/writers=8); a read adds
// the parts up, whichever unit wrote them. The upserts add to the rows'
// numbers in key order, so that two writers of one part take their locks
// in the same order. A unit that creates one transaction ID writes its
// version, its head and its figures' deltas in one statement
// (figureStatements.first, deltaSQL).

// The figures of AreaEU have monthly totals as well, in
// journal_figure_months (migrations/008): a fold adds to the month's row
// of a part what it adds to the days, in the same statement, after the
// days (foldFiguresSQL), as a unit did before the deltas (unitFigures,
// monthsOfSQL), so that every writer takes the row locks of its days
// before those of its months. A calculation of an EU distance sale adds
// up more than a year of them (AreaSums), and then reads the months it
// holds whole from the totals (with the deltas of their days), the
// others day by day.

// figureParts is the number of parts of a day's figures: the
// connections of a pool larger than that share parts, by their number
// modulo figureParts.
const figureParts = 8

// figurePart returns the part a unit over ids adds its figures to when
// its connection has no number (partOf): a hash of its first ID.
func figurePart(tenant string, ids []string) int16 {
	if len(ids) == 0 {
		return 0
	}
	h := fnv.New32a()
	h.Write([]byte(tenant))
	h.Write([]byte{0})
	h.Write([]byte(ids[0]))
	return int16(h.Sum32() % figureParts)
}

// figureNumbers are the number columns of journal_figures and
// journal_figure_months, in the order in which the statements send and
// read them (that of figureNumbersOf), each with its name in the FROM
// item u of a statement: the seller's own sales (d_) then those made
// through a marketplace facilitator (m_), each a journal.Tally's gross,
// exempt, taxable, count, unconverted and exempt_other (Tally.ExemptOther,
// migrations/009).
var figureNumbers = [...]struct{ column, alias string }{
	{"d_gross", "dg"}, {"d_exempt", "de"}, {"d_taxable", "dt"}, {"d_count", "dc"}, {"d_unconverted", "du"}, {"d_exempt_other", "dx"},
	{"m_gross", "mg"}, {"m_exempt", "me"}, {"m_taxable", "mt"}, {"m_count", "mc"}, {"m_unconverted", "mu"}, {"m_exempt_other", "mx"},
}

// numberCount is the count of figureNumbers.
const numberCount = len(figureNumbers)

// figureNumbersOf returns the numbers of f in the order of
// figureNumbers.
func figureNumbersOf(f *journal.Figure) [numberCount]int64 {
	d, m := &f.Direct, &f.Marketplace
	return [numberCount]int64{d.Gross, d.Exempt, d.Taxable, d.Count, d.Unconverted, d.ExemptOther,
		m.Gross, m.Exempt, m.Taxable, m.Count, m.Unconverted, m.ExemptOther}
}

// scanNumbers returns the destinations of the numbers of a row, in the
// order of figureNumbers, in d (the direct sales) and m (the
// marketplace's).
func scanNumbers(d, m *journal.Tally) []any {
	return []any{&d.Gross, &d.Exempt, &d.Taxable, &d.Count, &d.Unconverted, &d.ExemptOther,
		&m.Gross, &m.Exempt, &m.Taxable, &m.Count, &m.Unconverted, &m.ExemptOther}
}

// numberGroups are the groups of figureNumbers, as ranges of their
// indexes, that a unit's statement of scalars leaves out when its
// figures have none of them other than zero (numberSetOf): the seller's
// own gross, exempt, taxable and count, its unconverted and exempt_other,
// then the same two groups of the marketplace's. A seller's sale has
// only numbers of the first group: the statement that upserts its
// figures sends and adds four numbers of each instead of twelve (eight
// parameters fewer a figure, a SET list of four columns instead of
// twelve). In the CPU time of the server and the client
// (BenchmarkJournalFigureStatementsCPU), the post's statement with every
// number took 1.00 to 1.06 times as long as with a sale's groups alone
// for one figure, 1.00 to 1.08 for two, and 1.20 to 1.28 for four (a
// Canadian consumer's sale). A number left out is one that adds zero:
// the row keeps it as it was, or takes its default of zero when the
// unit inserts it.
var numberGroups = [...]struct{ from, to int }{{0, 4}, {4, 6}, {6, 10}, {10, 12}}

// numberSet is a set of numberGroups, the group i its bit 1<<i.
type numberSet uint8

// allNumbers is the set of every group, the numbers of the statements
// of arrays and of the reads.
const allNumbers = numberSet(1<<len(numberGroups) - 1)

// has reports whether the group of the number figureNumbers[i] is in s.
func (s numberSet) has(i int) bool {
	for g, r := range numberGroups {
		if i >= r.from && i < r.to {
			return s&(1<<g) != 0
		}
	}
	return false
}

// count returns the count of the numbers of s.
func (s numberSet) count() int {
	n := 0
	for g, r := range numberGroups {
		if s&(1<<g) != 0 {
			n += r.to - r.from
		}
	}
	return n
}

// numberSetOf returns the groups in which some figure of figs has a
// number other than zero, or the first group when none has: a statement
// always has a number to add.
func numberSetOf(figs []journal.Figure) numberSet {
	var s numberSet
	for i := range figs {
		nums := figureNumbersOf(&figs[i])
		for g, r := range numberGroups {
			for _, v := range nums[r.from:r.to] {
				if v != 0 {
					s |= 1 << g
					break
				}
			}
		}
	}
	if s == 0 {
		s = 1
	}
	return s
}

// numberList returns the number columns (figureNumbers) of nums, each
// written by format from its column and its alias, joined by commas.
func numberList(nums numberSet, format func(column, alias string) string) string {
	out := make([]string, 0, numberCount)
	for i, n := range figureNumbers {
		if nums.has(i) {
			out = append(out, format(n.column, n.alias))
		}
	}
	return strings.Join(out, ", ")
}

// maxUnits is math.MaxInt64, the bound within which the figures' numbers
// are held (journal.SumUnits): a sum beyond it, of rows or of a row and
// a unit's figures, is held at ±maxUnits, where PostgreSQL refused the
// statement ("bigint out of range") and with it the post of a sale.
const maxUnits = "9223372036854775807"

// heldSum returns the sum of the bigint expression e over a group, held
// within ±maxUnits, as a bigint.
func heldSum(e string) string {
	return "least(greatest(sum(" + e + "), -" + maxUnits + "), " + maxUnits + ")::bigint"
}

// heldAdd returns a+b of the bigint expressions a and b held within
// ±maxUnits, as journal.SumUnits adds them, in bigint arithmetic alone.
// The bound less b is computed only in the branch of b's sign, where it
// cannot overflow: the CASE decides the order of evaluation, which an
// AND does not (maxUnits - b of a negative b is out of range).
func heldAdd(a, b string) string {
	return "CASE WHEN " + b + " > 0 THEN CASE WHEN " + a + " > " + maxUnits + " - " + b + " THEN " + maxUnits + " ELSE " + a + " + " + b + " END" +
		" WHEN " + b + " < 0 THEN CASE WHEN " + a + " < -" + maxUnits + " - " + b + " THEN -" + maxUnits + " ELSE " + a + " + " + b + " END" +
		" ELSE " + a + " END"
}

// exactAdd returns a+b of the bigint expressions a and b, which the
// server refuses (numeric_value_out_of_range, 22003, see overflowed)
// exactly when the sum lies beyond ±maxUnits: it is computed as
// -(-a - b), and -a - b is out of range when a+b is above maxUnits, its
// negation when a+b is math.MinInt64, one below -maxUnits, which a+b
// alone would store. a itself is a stored number, within ±maxUnits, so
// -a is in range (a row of math.MinInt64 is refused as well, and held).
//
// A unit's upserts add with it, and with heldAdd only when the server
// refused them (figureStatements.held): the CASE of heldAdd, twelve
// times over in a statement, costs the server's executor some 15 to 25
// µs a post to set up and run (BenchmarkJournalPostFiguresCPU), where the
// three operators of exactAdd cost a few.
func exactAdd(a, b string) string {
	return "-(-" + a + " - " + b + ")"
}

// The pieces of the statements of figures, of the numbers of nums: the
// number columns, their names in u, the numbers of u, and the sums of
// u's (each held within ±maxUnits).
func numberColumns(nums numberSet) string {
	return numberList(nums, func(c, _ string) string { return c })
}
func uColumns(nums numberSet) string { return numberList(nums, func(_, a string) string { return a }) }
func numbersOfU(nums numberSet) string {
	return numberList(nums, func(_, a string) string { return "u." + a })
}
func sumsOfU(nums numberSet) string {
	return numberList(nums, func(_, a string) string { return heldSum("u." + a) })
}

// The sums of every number of x's and of the table's rows, held within
// ±maxUnits, which the reads return.
var (
	sumsOfX    = numberList(allNumbers, func(c, _ string) string { return heldSum("x." + c) })
	sumsOfRows = numberList(allNumbers, func(c, _ string) string { return heldSum(c) })
)

// addTallies and holdTallies return the SET lists of the numbers of nums
// of the conflict clauses of the upserts of figures and of monthly
// totals: a row already there takes the sums, exact or refused
// (exactAdd), or held within ±maxUnits (heldAdd).
func addTallies(nums numberSet) string {
	return "\n\t\t" + numberList(nums, func(c, _ string) string { return c + " = " + exactAdd("f."+c, "EXCLUDED."+c) })
}
func holdTallies(nums numberSet) string {
	return "\n\t\t" + numberList(nums, func(c, _ string) string { return c + " = " + heldAdd("f."+c, "EXCLUDED."+c) })
}

// insertFigures begins the upserts of the numbers nums of figures, and
// onFigureConflict ends them with the SET list set (addTallies or
// holdTallies).
func insertFigures(nums numberSet) string {
	return `INSERT INTO journal_figures AS f (tenant, part, day, company, area,
		` + numberColumns(nums) + `)`
}

// onFigureConflict returns the conflict clause of the upserts of
// figures, whose rows already there take set.
func onFigureConflict(set string) string {
	return `
	ON CONFLICT (tenant, day, company, area, part) DO UPDATE SET` + set
}

// upsertFiguresSQL returns the upsert of a unit's figures whose
// parameters start at $first: the tenant, the part, then one array per
// column; a row already there takes set. A unit of more than
// smallFigures figures is stored by it.
func upsertFiguresSQL(first int, set string) string {
	p := func(i int) string { return fmt.Sprintf("$%d", first+i) }
	return insertFigures(allNumbers) + `
	SELECT ` + p(0) + `, ` + p(1) + `, u.day::date, u.company, u.area, ` + numbersOfU(allNumbers) + `
	FROM ` + figureArrays(first) + `
	ORDER BY u.day, u.company, u.area
` + onFigureConflict(set)
}

// figureArrays returns the FROM item u of the arrays of
// upsertFiguresSQL(first): one row per figure, its columns day,
// company, area and the numbers (figureNumbers).
func figureArrays(first int) string {
	p := func(i int) string { return fmt.Sprintf("$%d", first+i) }
	arrays := []string{p(2) + "::text[]", p(3) + "::text[]", p(4) + "::text[]"}
	for i := range numberCount {
		arrays = append(arrays, p(5+i)+"::bigint[]")
	}
	return `unnest(` + strings.Join(arrays, ", ") + `)
		AS u(day, company, area, ` + uColumns(allNumbers) + `)`
}

// smallFigures is the most figures a unit upserts with a statement of
// scalar parameters, a row of VALUES per figure (upsertRowsSQL); more go
// through arrays (upsertFiguresSQL). A sale keeps one figure in the US
// and two or four in Canada (the country's and the province's, and the
// consumers' of each). The statement of arrays has a fixed cost that
// the rows do not explain: on PostgreSQL 15, with the same rows and
// the same WAL, its execution takes some 40 to 60 µs more than that of
// VALUES (the scan of thirteen unnest calls, each materialized, and its
// set-up), and the round trip of a post's statement about 1.6 to 1.9
// times as long (BenchmarkJournalFigureStatements, docs/nexus.md). A
// statement of scalars is one per count of figures, each prepared once
// per connection by the driver's statement cache.
const smallFigures = 4

// figureValues returns the FROM item u of n figures of scalar
// parameters from $first on, figureParamsOf(nums) per figure: the day,
// the company, the area, then the numbers of nums (figureNumbers).
func figureValues(first, n int, nums numberSet) string {
	per := figureParamsOf(nums)
	rows := make([]string, n)
	for r := range n {
		p := func(i int) string { return fmt.Sprintf("$%d", first+per*r+i) }
		vals := []string{p(0) + "::date", p(1) + "::text", p(2) + "::text"}
		for i := 3; i < per; i++ {
			vals = append(vals, p(i)+"::bigint")
		}
		rows[r] = "(" + strings.Join(vals, ", ") + ")"
	}
	return `(VALUES ` + strings.Join(rows, ",\n\t\t") + `)
		AS u(day, company, area, ` + uColumns(nums) + `)`
}

// figureParamsOf returns the count of scalar parameters of a figure of
// the numbers nums: its day, company and area, and those numbers.
func figureParamsOf(nums numberSet) int { return 3 + nums.count() }

// upsertRowsSQL returns the upsert of the numbers nums of a unit's n
// figures (1 to smallFigures) whose parameters start at $first: the
// tenant, the part, then the figureParamsOf(nums) of each figure
// (figureValues); a row already there takes set. Of several figures,
// it writes the rows in the order of the statement of arrays (by day,
// company and area, in the server's collation), so that two units, of
// whatever number of figures, take the locks of their common rows in
// the same order.
func upsertRowsSQL(first, n int, nums numberSet, set string) string {
	p := func(i int) string { return fmt.Sprintf("$%d", first+i) }
	if n == 1 {
		vals := []string{p(0), p(1), p(2) + "::date", p(3), p(4)}
		for i := range nums.count() {
			vals = append(vals, p(5+i)+"::bigint")
		}
		return insertFigures(nums) + `
	VALUES (` + strings.Join(vals, ", ") + `)
` + onFigureConflict(set)
	}
	return insertFigures(nums) + `
	SELECT ` + p(0) + `, ` + p(1) + `, u.day, u.company, u.area, ` + numbersOfU(nums) + `
	FROM ` + figureValues(first+2, n, nums) + `
	ORDER BY u.day, u.company, u.area
` + onFigureConflict(set)
}

// onMonthConflict returns the conflict clause of the upserts of monthly
// totals, whose rows already there take set.
func onMonthConflict(set string) string {
	return `
	ON CONFLICT (tenant, company, area, month, part) DO UPDATE SET` + set
}

// insertMonths begins the upserts of the numbers nums of monthly
// totals.
func insertMonths(nums numberSet) string {
	return `INSERT INTO journal_figure_months AS f (tenant, part, month, company, area,
		` + numberColumns(nums) + `)`
}

// The upserts of a unit's figures with their monthly totals, in one
// statement: the days' upsert is a WITH query d (RETURNING a row per
// day), and the months' upsert writes only when the count of d's rows
// is not zero, so that d has run to its end, every day's row lock
// taken, before the first month's row is written. Every unit thus takes its days' locks before
// its months', each in key order, and two units of one part cannot
// wait for each other. The months' rows are the days' parameters again,
// those of the areas that keep months (keepsMonths), added up by month.

// monthsOfSQL returns the upsert of the monthly totals of the numbers
// nums of the figures u (figureArrays or figureValues) of the tenant
// $tenant in the part $tenant+1, after d; a row already there takes set.
func monthsOfSQL(tenant int, u string, nums numberSet, set string) string {
	return insertMonths(nums) + `
	SELECT $` + fmt.Sprint(tenant) + `, $` + fmt.Sprint(tenant+1) + `, date_trunc('month', u.day::date)::date, u.company, u.area,
		` + sumsOfU(nums) + `
	FROM ` + u + `,
		(SELECT count(*) AS n FROM d) AS done
	WHERE done.n > 0 AND u.area = '` + journal.AreaEU + `'
	GROUP BY 3, u.company, u.area
	ORDER BY u.company, u.area, 3
` + onMonthConflict(set)
}

// monthOfOneSQL returns the upsert of the monthly total of the figure of
// upsertRowsSQL(first, 1, nums, set), after d; a row already there takes
// set.
func monthOfOneSQL(first int, nums numberSet, set string) string {
	p := func(i int) string { return fmt.Sprintf("$%d", first+i) }
	vals := []string{p(0), p(1), "date_trunc('month', " + p(2) + "::date)::date", p(3), p(4)}
	for i := range nums.count() {
		vals = append(vals, p(5+i)+"::bigint")
	}
	return insertMonths(nums) + `
	SELECT ` + strings.Join(vals, ", ") + ` FROM (SELECT count(*) AS n FROM d) AS done WHERE done.n > 0
` + onMonthConflict(set)
}

// keepsMonths reports whether the figures of area have monthly totals
// (journal.KeepsMonthTotals).
func keepsMonths(area string) bool { return journal.KeepsMonthTotals(area) }

// unitFigures returns a unit's figures added up by key (MergeFigures,
// in a copy: figs are left as they are), and whether they add anything
// to a monthly total: whether those of a company in an area that keeps
// them (keepsMonths) add up to something over a month. The statement of
// the unit then writes the months as well. It merges once: the merged
// figures hold a company's month in an area side by side (the order of
// CompareFigureKeys), so the months are added up in one pass over them.
func unitFigures(figs []journal.Figure) (merged []journal.Figure, months bool) {
	if len(figs) == 1 {
		// One figure is merged as it is, and sorted in place by
		// figureArgs without a change: figs is left as it was.
		if !figs[0].IsZero() {
			merged = figs[:1:1]
		}
	} else {
		merged = journal.MergeFigures(slices.Clone(figs))
	}
	for i := 0; i < len(merged) && !months; {
		f := &merged[i]
		if !keepsMonths(f.Area) {
			i++
			continue
		}
		var sum journal.Sum
		j := i
		for ; j < len(merged) && merged[j].Company == f.Company && merged[j].Area == f.Area &&
			merged[j].Day.Year == f.Day.Year && merged[j].Day.Month == f.Day.Month; j++ {
			sum = sum.AddFigure(&merged[j])
		}
		months = sum != journal.Sum{}
		i = j
	}
	return merged, months
}

// figureStatements are the statements that store a unit's figures of
// one form (arrays, or scalars of a number of figures): the upsert as a
// statement of its own, its parameters from $1 (the tenant, the part,
// the figures), and after the first version of an ID (insertFirstVersion
// in the same statement, its parameters, then the upsert's from $9);
// each also with the figures' monthly totals. Their rows already there
// take the exact sums (addTallies), which the server refuses beyond
// ±maxUnits; held are the same statements whose rows take the sums held
// within ±maxUnits (holdTallies), which a unit sends again after the
// refusal (overflowed), in a transaction of its own: the figures come
// out as journal.SumUnits adds them either way.
type figureStatements struct {
	alone, aloneMonths string
	first, firstMonths string
	held               *figureStatements
}

// firstVersionWith begins the statements of figureStatements.first:
// insertFirstVersion's inserts as WITH queries.
const firstVersionWith = `WITH v AS (INSERT INTO journal_versions (tenant, id, version, body) VALUES ($1, $2, $3, $4::jsonb)),
	h AS (INSERT INTO journal_heads (tenant, id, latest, deleted, reversed_by, posting_date) VALUES ($1, $2, $5, $6, $7, $8::date))`

// newFigureStatements returns the statements of the upsert upsert(first,
// set) and the months' upsert months(first, set), first the number of
// the upsert's first parameter and set the SET list of their conflict
// clauses of the numbers nums: addTallies, and holdTallies in held.
func newFigureStatements(nums numberSet, upsert, months func(first int, set string) string) figureStatements {
	of := func(set string) figureStatements {
		return figureStatements{
			alone: upsert(1, set),
			aloneMonths: `WITH d AS (` + upsert(1, set) + ` RETURNING 1)
	` + months(1, set),
			first: firstVersionWith + `
	` + upsert(9, set),
			firstMonths: firstVersionWith + `,
	d AS (` + upsert(9, set) + ` RETURNING 1)
	` + months(9, set),
		}
	}
	st, held := of(addTallies(nums)), of(holdTallies(nums))
	st.held = &held
	return st
}

// arrayFigureSQL are the statements of a unit of more than smallFigures
// figures, of every number. They are built once; the driver prepares
// each on a connection the first time it runs there.
var arrayFigureSQL = newFigureStatements(allNumbers, upsertFiguresSQL, func(first int, set string) string {
	return monthsOfSQL(first, figureArrays(first), allNumbers, set)
})

// scalarFigureSQL returns the statements of a unit of n figures (1 to
// smallFigures) with scalars, of the numbers nums. Those of a set of
// numbers are built the first time a unit needs them, at most
// 1<<len(numberGroups) sets.
func scalarFigureSQL(n int, nums numberSet) *figureStatements {
	sets := &scalarFigureSets[nums]
	sets.once.Do(func() {
		sets.of[0] = newFigureStatements(nums, func(first int, set string) string { return upsertRowsSQL(first, 1, nums, set) },
			func(first int, set string) string { return monthOfOneSQL(first, nums, set) })
		for k := 2; k <= smallFigures; k++ {
			sets.of[k-1] = newFigureStatements(nums, func(first int, set string) string { return upsertRowsSQL(first, k, nums, set) },
				func(first int, set string) string {
					return monthsOfSQL(first, figureValues(first+2, k, nums), nums, set)
				})
		}
	})
	return &sets.of[n-1]
}

// scalarFigureSets are the statements of scalarFigureSQL by set of
// numbers, of(n-1) those of n figures.
var scalarFigureSets [allNumbers + 1]struct {
	once sync.Once
	of   [smallFigures]figureStatements
}

// scalarForm reports whether a unit of n figures takes scalar
// parameters: when it has at most scalars figures, and at most
// smallFigures. figureSQL and figureArgs both follow it, so that a
// statement and its arguments are always of one form.
func scalarForm(n, scalars int) bool { return n <= min(scalars, smallFigures) }

// unitNumbers returns the numbers that the statement of a unit's merged
// figures figs sends, of which a unit of at most scalars figures takes
// scalar parameters: of the statement of scalars, the groups in which a
// figure has a number other than zero (numberSetOf); of the statement of
// arrays, every number. figureSQL and figureArgs both take it, so that a
// statement and its arguments always have the same numbers.
func unitNumbers(figs []journal.Figure, scalars int) numberSet {
	if !scalarForm(len(figs), scalars) {
		return allNumbers
	}
	return numberSetOf(figs)
}

// figureSQL returns the statements of a unit of n figures, n > 0, of
// which a unit of at most scalars figures (1 to smallFigures) takes
// scalar parameters (scalarForm), of the numbers nums (unitNumbers).
func figureSQL(n, scalars int, nums numberSet) *figureStatements {
	if !scalarForm(n, scalars) {
		return &arrayFigureSQL
	}
	return scalarFigureSQL(n, nums)
}

// figureSQLOf returns figureSQL(n, scalars, nums), or its held
// statements when held.
func figureSQLOf(n, scalars int, nums numberSet, held bool) *figureStatements {
	st := figureSQL(n, scalars, nums)
	if held {
		return st.held
	}
	return st
}

// overflowed reports whether err is the server's refusal of a number out
// of range (22003), which the exact sums of a unit's figures meet beyond
// ±maxUnits (exactAdd): the unit's transaction is rolled back, and the
// unit is sent again with the held statements (figureStatements.held).
func overflowed(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "22003"
}

// scalars returns the most figures a unit upserts with scalar
// parameters: smallFigures, or what a benchmark set.
func (b *journalBackend) scalars() int {
	if b.scalarFigures > 0 {
		return b.scalarFigures
	}
	return smallFigures
}

// figureArgs returns the arguments of the upsert of figs in part
// (figureSQL(len(figs), scalars, unitNumbers(figs, scalars))) after the
// tenant: the part, then the figures, as scalars (figureParamsOf per
// figure) or as arrays (one per column). figs are a unit's merged
// figures (unitFigures), which it sorts by day, company and area.
func figureArgs(part int16, figs []journal.Figure, scalars int) []any {
	return appendFigureArgs(nil, part, figs, scalars, unitNumbers(figs, scalars))
}

// figureArgCount returns the count of the arguments figureArgs returns
// of n figures of the numbers nums.
func figureArgCount(n, scalars int, nums numberSet) int {
	if scalarForm(n, scalars) {
		return 1 + figureParamsOf(nums)*n
	}
	return 4 + numberCount
}

// appendFigureArgs appends figureArgs(part, figs, scalars) to args, so
// that a statement's arguments are had in one slice; nums are
// unitNumbers(figs, scalars).
func appendFigureArgs(args []any, part int16, figs []journal.Figure, scalars int, nums numberSet) []any {
	slices.SortFunc(figs, func(a, c journal.Figure) int {
		if x := a.Day.Compare(c.Day); x != 0 {
			return x
		}
		if x := cmp.Compare(a.Company, c.Company); x != 0 {
			return x
		}
		return cmp.Compare(a.Area, c.Area)
	})
	if scalarForm(len(figs), scalars) {
		return appendFigureScalars(args, part, figs, nums)
	}
	return append(args, figureColumns(part, figs)...)
}

// figureScalars returns the arguments of upsertRowsSQL of the numbers
// nums after the tenant: the part, then the figureParamsOf(nums) of each
// of figs.
func figureScalars(part int16, figs []journal.Figure, nums numberSet) []any {
	return appendFigureScalars(make([]any, 0, 1+figureParamsOf(nums)*len(figs)), part, figs, nums)
}

// appendFigureScalars appends figureScalars(part, figs, nums) to args.
func appendFigureScalars(args []any, part int16, figs []journal.Figure, nums numberSet) []any {
	args = append(args, part)
	for i := range figs {
		f := &figs[i]
		args = append(args, f.Day.String(), f.Company, f.Area)
		for k, v := range figureNumbersOf(f) {
			if nums.has(k) {
				args = append(args, v)
			}
		}
	}
	return args
}

// figureColumns returns the arguments of upsertFiguresSQL after the
// tenant: the part, then an array per column of figs.
func figureColumns(part int16, figs []journal.Figure) []any {
	n := len(figs)
	days, companies, areas := make([]string, n), make([]string, n), make([]string, n)
	var cols [numberCount][]int64
	for i := range cols {
		cols[i] = make([]int64, n)
	}
	for i := range figs {
		f := &figs[i]
		days[i], companies[i], areas[i] = f.Day.String(), f.Company, f.Area
		for k, v := range figureNumbersOf(f) {
			cols[k][i] = v
		}
	}
	args := []any{part, days, companies, areas}
	for i := range cols {
		args = append(args, cols[i])
	}
	return args
}

// AddFigures implements journal.State: the figures are kept until the
// unit's writes are sent.
func (s *journalState) AddFigures(figs []journal.Figure) error {
	if !s.write {
		return errReadOnly
	}
	s.figures = append(s.figures, figs...)
	return nil
}

// queueFigures queues on b the upsert of figs in part, if any, with
// their monthly totals if they have any; a unit of at most scalars
// figures takes scalar parameters (figureSQL). Its rows take the exact
// sums (queueFiguresOf).
func queueFigures(b *pgx.Batch, tenant string, part int16, figs []journal.Figure, scalars int) {
	queueFiguresOf(b, tenant, part, figs, scalars, false)
}

// queueFiguresOf is queueFigures, with the held statements when held
// (figureStatements.held).
func queueFiguresOf(b *pgx.Batch, tenant string, part int16, figs []journal.Figure, scalars int, held bool) {
	merged, months := unitFigures(figs)
	if len(merged) == 0 {
		return
	}
	nums := unitNumbers(merged, scalars)
	st := figureSQLOf(len(merged), scalars, nums, held)
	sql := st.alone
	if months {
		sql = st.aloneMonths
	}
	args := make([]any, 1, 1+figureArgCount(len(merged), scalars, nums))
	args[0] = tenant
	b.Queue(sql, appendFigureArgs(args, part, merged, scalars, nums)...)
}

// figuresSQL reads the figures of tenant ($1) whose day lies from $2 to
// $3, as they are stored: the rows of journal_figures (a day's of a
// company in an area, one per part) and the deltas that no fold has
// moved yet (journal_figure_deltas), one result row per company and area
// with an array per column (the days as days since 1970-01-01, then the
// numbers of figureNumbers), which the client adds up by day
// (figureGroup.each). The queries of one company (figuresOfCompanySQL)
// and of one company's area (figuresOfAreaSQL) follow it with their
// conditions. An open bound is sent as -infinity or infinity
// (figureBounds), never as NULL: the predicates are plain comparisons
// with the key's columns, so that every plan, the generic one that a
// prepared statement keeps after five executions as well, reads the
// primary key's range of the tenant's days and no row outside it. A
// bound that may be NULL ($2 IS NULL OR day >= $2) leaves the generic
// plan only the tenant's prefix of the key, all of the tenant's days
// read and filtered.
//
// The server used to add the parts and the deltas up itself (a GROUP BY
// of day, company and area, each number summed in numeric and held
// within ±maxUnits) and to send a row per day. Of a nexus report over
// 45 states and two years, that was a hash aggregate of some 33,000 to
// 270,000 rows into 32,850 groups, which spilled to disk at the default
// work_mem, and 32,850 result rows for the driver to decode one by one;
// arrays of some 45 rows cost the server an append per value and the
// client a decode per array (BenchmarkReportPostgres, docs/nexus.md).
var figuresSQL = `SELECT company, area, array_agg(day - DATE '1970-01-01'), ` +
	numberList(allNumbers, func(c, _ string) string { return "array_agg(" + c + ")" }) + `
	FROM (SELECT day, company, area, ` + numberColumns(allNumbers) + ` FROM journal_figures
		WHERE tenant = $1 AND day >= $2::date AND day <= $3::date%[1]s
	UNION ALL
	SELECT day, company, area, ` + numberColumns(allNumbers) + ` FROM journal_figure_deltas
		WHERE tenant = $1 AND day >= $2::date AND day <= $3::date%[1]s) AS x
	GROUP BY company, area`

// The queries of figures: every company's, those of one company ($4) in
// every area, those of one company ($4) in one area ($5). Each is a
// statement of its own with plain conditions, so that the plan checks
// the company (and the area) in the key's index and reads no other
// company's rows. Each adds the deltas that no fold has moved yet
// (journal_figure_deltas) to the folded rows.
var (
	allFiguresSQL       = fmt.Sprintf(figuresSQL, "")
	figuresOfCompanySQL = fmt.Sprintf(figuresSQL, " AND company = $4")
	figuresOfAreaSQL    = fmt.Sprintf(figuresSQL, " AND company = $4 AND area = $5")
)

// figureBounds returns the parameters $2 and $3 of figuresSQL for the
// period from to to: a zero date, an open bound, is -infinity (from) or
// infinity (to), which every stored day lies between.
func figureBounds(from, to civil.Date) (lo, hi string) {
	lo, hi = "-infinity", "infinity"
	if !from.IsZero() {
		lo = from.String()
	}
	if !to.IsZero() {
		hi = to.String()
	}
	return lo, hi
}

// storableText reports whether PostgreSQL can hold s in a text column:
// valid UTF-8 without a NUL. A company code that is not has no figures.
func storableText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }

// wideSum is an exact sum of int64 numbers in 128 bits (hi·2⁶⁴ + lo),
// which no count of stored numbers can overflow.
type wideSum struct {
	hi int64
	lo uint64
}

// add adds v to s.
func (s *wideSum) add(v int64) {
	var carry uint64
	s.lo, carry = bits.Add64(s.lo, uint64(v), 0)
	s.hi += int64(carry)
	if v < 0 {
		s.hi--
	}
}

// held returns s held within ±maxUnits, as the server's sums of the
// rows are (heldSum) and journal.SumUnits holds a sum.
func (s wideSum) held() int64 {
	switch {
	case s.hi > 0 || s.hi == 0 && s.lo > math.MaxInt64:
		return math.MaxInt64
	case s.hi < -1 || s.hi == -1 && s.lo <= 1<<63:
		return -math.MaxInt64
	}
	return int64(s.lo)
}

// setFigureNumbers sets the numbers of f from nums, in the order of
// figureNumbers.
func setFigureNumbers(f *journal.Figure, nums *[numberCount]int64) {
	d, m := &f.Direct, &f.Marketplace
	d.Gross, d.Exempt, d.Taxable, d.Count, d.Unconverted, d.ExemptOther = nums[0], nums[1], nums[2], nums[3], nums[4], nums[5]
	m.Gross, m.Exempt, m.Taxable, m.Count, m.Unconverted, m.ExemptOther = nums[6], nums[7], nums[8], nums[9], nums[10], nums[11]
}

// figureGroup is a row of figuresSQL: the stored rows of company in
// area, days their days (days since 1970-01-01) and cols[k][i] the k-th
// number (figureNumbers) of the i-th row.
type figureGroup struct {
	company, area string
	days          []int32
	cols          [numberCount][]int64
}

// check reports arrays of another length than days.
func (g *figureGroup) check() error {
	for k := range g.cols {
		if len(g.cols[k]) != len(g.days) {
			return fmt.Errorf("%d numbers of %s for %d days", len(g.cols[k]), figureNumbers[k].column, len(g.days))
		}
	}
	return nil
}

// each calls fn with the figures of g in the order of their days: the
// rows of one day (its parts, its deltas) are added up into one figure
// whose every number is their exact sum held within ±maxUnits, the
// numbers the server's GROUP BY gave; a figure of zeros is left out.
// fn's error stops it and is returned.
func (g *figureGroup) each(fn func(journal.Figure) error) error {
	if err := g.check(); err != nil {
		return err
	}
	days := g.days
	order := make([]int32, len(days))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return cmp.Compare(days[a], days[b]) })
	for i := 0; i < len(order); {
		j := i + 1
		for j < len(order) && days[order[j]] == days[order[i]] {
			j++
		}
		var nums [numberCount]int64
		for k := range g.cols {
			var sum wideSum
			for _, r := range order[i:j] {
				sum.add(g.cols[k][r])
			}
			nums[k] = sum.held()
		}
		f := journal.Figure{Day: civil.FromDays(days[order[i]]), Company: g.company, Area: g.area}
		setFigureNumbers(&f, &nums)
		if !f.IsZero() {
			if err := fn(f); err != nil {
				return err
			}
		}
		i = j
	}
	return nil
}

// Figures implements journal.Backend, in one statement that reads the
// parts and the deltas not yet folded by company and area
// (figuresSQL); a day's are added up here (figureGroup.each), after the
// statement succeeded, so that a retry calls fn with nothing twice.
func (b *journalBackend) Figures(ctx context.Context, tenant string, q journal.FigureQuery, fn func(journal.Figure) error) error {
	if b.closed.Load() {
		return journal.ErrClosed
	}
	if q.ByCompany() && (!storableText(q.Company) || !storableText(q.Area)) {
		return nil
	}
	lo, hi := figureBounds(q.From, q.To)
	sql, args := allFiguresSQL, []any{tenant, lo, hi}
	switch {
	case q.Area != "":
		sql, args = figuresOfAreaSQL, append(args, q.Company, q.Area)
	case q.OneCompany:
		sql, args = figuresOfCompanySQL, append(args, q.Company)
	}
	var groups []figureGroup
	err := b.db.retry(ctx, "figures", nil, func() error {
		groups = groups[:0]
		rows, err := b.db.pool.Query(ctx, sql, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			// A group of its own each row: the driver fills new slices.
			var g figureGroup
			dest := []any{&g.company, &g.area, &g.days}
			for k := range g.cols {
				dest = append(dest, &g.cols[k])
			}
			if err := rows.Scan(dest...); err != nil {
				return err
			}
			if err := g.check(); err != nil {
				return err
			}
			groups = append(groups, g)
		}
		return rows.Err()
	})
	if err != nil {
		return wrap("figures", err)
	}
	for i := range groups {
		if err := groups[i].each(fn); err != nil {
			return err
		}
	}
	return nil
}

// ReplaceFigures implements journal.Backend, in one transaction: the
// figures go to part 0.
func (b *journalBackend) ReplaceFigures(ctx context.Context, tenant string, figs []journal.Figure) error {
	if b.closed.Load() {
		return journal.ErrClosed
	}
	err := b.db.tx(ctx, "replace figures", pgx.TxOptions{IsoLevel: pgx.ReadCommitted}, func(tx pgx.Tx) error {
		// No fold runs meanwhile (foldFigures): the tenant's deltas go
		// with its rows.
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, foldLock); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM journal_figure_deltas WHERE tenant = $1`, tenant); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM journal_figures WHERE tenant = $1`, tenant); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM journal_figure_months WHERE tenant = $1`, tenant); err != nil {
			return err
		}
		// A rebuild's figures may add up beyond ±maxUnits: they are held
		// from the first.
		var batch pgx.Batch
		queueFiguresOf(&batch, tenant, 0, figs, b.scalars(), true)
		if batch.Len() == 0 {
			return nil
		}
		return tx.SendBatch(ctx, &batch).Close()
	})
	if err == nil {
		// The tenant's deltas deleted are dead rows that every read of
		// the figures would scan, as a fold's are (deltaVacuum).
		b.db.deltas.request()
	}
	return err
}

// sumsSQL reads, in one statement, the monthly totals of company ($2)
// in area ($3) of the months $4 and the days' figures in the ranges from
// $5 to $6, each row a month's (true) or a day's (false), its parts
// added up, and then the deltas not yet folded of the days of those
// months and ranges, a row per day (which the caller adds to the spans
// that hold the day, whole months among them). Each month and each range is looked up in its table's key
// on its own (LATERAL, OFFSET 0 so that the planner keeps it a lookup):
// the plan that the driver's prepared statement keeps for any
// parameters (a generic plan) otherwise reads every row of the seller's
// area and filters them, which costs a seller with years of sales more
// than the read of every day that the totals replace.
var sumsSQL = `SELECT true, m.month, ` + sumsOfX + `
	FROM unnest($4::date[]) AS m(month),
		LATERAL (SELECT * FROM journal_figure_months
			WHERE tenant = $1 AND company = $2 AND area = $3 AND month = m.month OFFSET 0) AS x
	GROUP BY m.month
	UNION ALL
	SELECT false, x.day, ` + sumsOfX + `
	FROM unnest($5::date[], $6::date[]) AS r(lo, hi),
		LATERAL (SELECT * FROM journal_figures
			WHERE tenant = $1 AND day BETWEEN r.lo AND r.hi AND company = $2 AND area = $3 OFFSET 0) AS x
	GROUP BY x.day
	UNION ALL
	SELECT false, x.day, ` + sumsOfX + `
	FROM journal_figure_deltas AS x
	WHERE x.tenant = $1 AND x.company = $2 AND x.area = $3
		AND (date_trunc('month', x.day)::date = ANY($4::date[])
			OR EXISTS (SELECT FROM unnest($5::date[], $6::date[]) AS r(lo, hi) WHERE x.day BETWEEN r.lo AND r.hi))
	GROUP BY x.day`

// AreaSums implements journal.Backend, in one statement: of an area that
// keeps monthly totals, the months that every span touching them holds
// whole from the totals and the others' days, of another area every
// day the spans touch.
func (b *journalBackend) AreaSums(ctx context.Context, tenant, company, area string, spans []journal.Span) ([]journal.Sum, error) {
	if b.closed.Load() {
		return nil, journal.ErrClosed
	}
	plan := journal.PlanMonthReads(spans)
	whole, partial := plan.Whole, plan.Partial
	if !keepsMonths(area) {
		whole, partial = nil, slices.Concat(plan.Whole, plan.Partial)
		slices.SortFunc(partial, civil.Date.Compare)
	}
	months := make([]string, len(whole))
	for i, m := range whole {
		months[i] = m.String()
	}
	// The months read day by day, as ranges of days, the months that
	// follow each other joined.
	var los, his []string
	for i := 0; i < len(partial); {
		j := i + 1
		for j < len(partial) && partial[j] == civil.New(partial[j-1].Year, partial[j-1].Month+1, 1) {
			j++
		}
		last := civil.New(partial[j-1].Year, partial[j-1].Month+1, 1).AddDays(-1)
		los, his = append(los, partial[i].String()), append(his, last.String())
		i = j
	}
	var sums []journal.Sum
	err := b.db.retry(ctx, "sums", nil, func() error {
		sums = make([]journal.Sum, len(spans))
		rows, err := b.db.pool.Query(ctx, sumsSQL, tenant, company, area, months, los, his)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var isMonth bool
			var day time.Time
			var s journal.Sum
			if err := rows.Scan(append([]any{&isMonth, &day}, scanNumbers(&s.Direct, &s.Marketplace)...)...); err != nil {
				return err
			}
			if isMonth {
				journal.AddMonth(sums, spans, civil.Of(day), s)
				continue
			}
			f := journal.Figure{Company: company, Area: area, Day: civil.Of(day), Direct: s.Direct, Marketplace: s.Marketplace}
			journal.AddDay(sums, spans, &f)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, wrap("sums", err)
	}
	return sums, nil
}
