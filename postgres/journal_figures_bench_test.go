package postgres

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/journal"
	"github.com/levytax/levy/journal/journaltest"
	"github.com/levytax/levy/money"
)

// BenchmarkJournalPostFigures posts invoices, each a new transaction ID,
// to the PostgreSQL journal, alternating by slices of sliceOps in one
// run: invoices into a US state, whose unit adds its sales figures
// (journal_figures, one upsert in the same round trip), and the same
// invoices placed in no state, whose unit keeps none. ns/op is a post
// with figures, without-ns/op one without; ratio is the first over the
// second: what keeping the figures costs a post.
//
// The test cluster runs without fsync, so that a commit costs no flush
// and the ratio is the CPU's; LEVY_BENCH_FSYNC=1 turns fsync on for the
// run (ALTER SYSTEM, reloaded, and reset after), as a product database
// has it.
func BenchmarkJournalPostFigures(b *testing.B) {
	for _, writers := range benchWriters {
		b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) {
			db := benchDB(b)
			s := db.Journal()
			ctx := context.Background()
			if os.Getenv("LEVY_BENCH_FSYNC") == "1" {
				for _, q := range []string{"ALTER SYSTEM SET fsync = on", "SELECT pg_reload_conf()"} {
					if _, err := db.pool.Exec(ctx, q); err != nil {
						b.Fatal(err)
					}
				}
				b.Cleanup(func() {
					for _, q := range []string{"ALTER SYSTEM RESET fsync", "SELECT pg_reload_conf()"} {
						_, _ = db.pool.Exec(context.Background(), q)
					}
				})
			}
			with := func(n int64) error {
				_, err := s.Post(ctx, "acme", posting(fmt.Sprintf("INV-%d", n), "SO-1"))
				return err
			}
			without := func(n int64) error {
				tx := posting(fmt.Sprintf("INV-%d", n), "SO-1")
				tx.Lines[0].Taxes[0].JurisdictionID = "06"
				_, err := s.Post(ctx, "acme", tx)
				return err
			}
			var n atomic.Int64
			var a, c time.Duration
			b.ResetTimer()
			for done := 0; done < b.N; done += sliceOps {
				k := min(sliceOps, b.N-done)
				a += journaltest.TimeOps(b, writers, k, &n, with)
				c += journaltest.TimeOps(b, writers, k, &n, without)
			}
			b.ReportMetric(float64(a.Nanoseconds())/float64(b.N), "ns/op")
			b.ReportMetric(float64(c.Nanoseconds())/float64(b.N), "without-ns/op")
			b.ReportMetric(float64(a)/float64(c), "ratio")
		})
	}
}

// BenchmarkJournalPostEUFigures is BenchmarkJournalPostFigures for EU
// distance sales: invoices in euros whose line is such a sale, whose unit
// adds to the day's figures and to the month's total of AreaEU
// (journal_figure_months), alternating with the same invoices without
// the sale, whose unit keeps no figures. ratio is the first over the
// second.
func BenchmarkJournalPostEUFigures(b *testing.B) {
	for _, writers := range benchWriters {
		b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) {
			db := benchDB(b)
			s := db.Journal()
			ctx := context.Background()
			post := func(n int64, eu bool) error {
				tx := posting(fmt.Sprintf("INV-%d", n), "SO-1")
				tx.Currency = "EUR"
				tx.Lines[0].Taxes[0].JurisdictionID = "06"
				tx.Lines[0].EUDistanceSale = eu
				_, err := s.Post(ctx, "acme", tx)
				return err
			}
			with := func(n int64) error { return post(n, true) }
			without := func(n int64) error { return post(n, false) }
			var n atomic.Int64
			var a, c time.Duration
			b.ResetTimer()
			for done := 0; done < b.N; done += sliceOps {
				k := min(sliceOps, b.N-done)
				a += journaltest.TimeOps(b, writers, k, &n, with)
				c += journaltest.TimeOps(b, writers, k, &n, without)
			}
			b.ReportMetric(float64(a.Nanoseconds())/float64(b.N), "ns/op")
			b.ReportMetric(float64(c.Nanoseconds())/float64(b.N), "without-ns/op")
			b.ReportMetric(float64(a)/float64(c), "ratio")
		})
	}
}

// canadaPosting is posting's invoice sold in Canadian dollars to a
// consumer in province, as the engine records such a sale: the GST's
// record ("CA", 5%) and the province's (its PST, or the provincial part
// of its HST) at rate. Its unit keeps four figures: Canada's, the
// province's and the consumers' of both.
func canadaPosting(id, province, rate string) *journal.Transaction {
	tx := posting(id, "SO-1")
	tx.Currency = "CAD"
	l := &tx.Lines[0]
	l.Destination = province
	l.Taxes, l.TotalTax = nil, money.Amount{}
	for _, j := range [][2]string{{"CA", "0.05"}, {province, rate}} {
		r := money.MustParse(j[1])
		t := journal.Tax{JurisdictionID: j[0], Taxable: l.Amount, Rate: r, Tax: money.New(l.Amount.MulRate(r.Decimal()).Decimal().Round(2))}
		l.Taxes = append(l.Taxes, t)
		l.TotalTax = l.TotalTax.Add(t.Tax)
	}
	tx.TotalTax = l.TotalTax
	tx.Total = tx.SubTotal.Add(tx.TotalTax)
	return tx
}

// BenchmarkJournalPostCanadaFigures is BenchmarkJournalPostFigures for
// Canadian sales: kinds of post alternate by slices of sliceOps in one
// run, in one schema: none, a Toronto invoice delivered outside the US
// and Canada (Destination "GB"), whose unit keeps no figures; us,
// posting's invoice into California (one figure); on, the sale to a
// consumer in Toronto, GST and Ontario's part of the HST (four figures,
// four rows of journal_figures in the same round trip); onb, the same
// sale to a business registered for the GST/HST (two figures: CA,
// CA-ON); bc, the sale to a consumer in Vancouver, GST and B.C.'s PST
// (four figures). A unit of up to smallFigures figures is upserted by a
// statement of scalars. on-arrays, onb-arrays and bc-arrays are the
// same sales posted as Levy stored them before those statements, every
// unit of two figures or more through the statement of arrays (a
// journal over the same DB whose scalarFigures is 1), so that one run
// measures both. ns/op is the Toronto post's, kind-ns/op each kind's,
// and x/y the ratio of x's time to y's. LEVY_BENCH_FSYNC is not read:
// the ratios are the CPU's and the statements'.
func BenchmarkJournalPostCanadaFigures(b *testing.B) {
	for _, writers := range benchWriters {
		b.Run(fmt.Sprintf("writers=%d", writers), func(b *testing.B) {
			db := benchDB(b)
			s := db.Journal()
			before := journal.NewStore(&journalBackend{db: db, scalarFigures: 1})
			ctx := context.Background()
			registered := &journal.Party{Business: true, Name: "Northwind Ltd.",
				Registrations: []journal.Registration{{Country: "CA", Number: "123456789RT0001"}}}
			kinds := []struct {
				name    string
				tx      func(id string) *journal.Transaction
				figures int
			}{
				{"none", func(id string) *journal.Transaction {
					tx := canadaPosting(id, "CA-ON", "0.08")
					tx.Lines[0].Destination = "GB"
					return tx
				}, 0},
				{"us", func(id string) *journal.Transaction { return posting(id, "SO-1") }, 1},
				{"on", func(id string) *journal.Transaction { return canadaPosting(id, "CA-ON", "0.08") }, 4},
				{"onb", func(id string) *journal.Transaction {
					tx := canadaPosting(id, "CA-ON", "0.08")
					tx.Customer = registered
					return tx
				}, 2},
				{"bc", func(id string) *journal.Transaction { return canadaPosting(id, "CA-BC", "0.07") }, 4},
			}
			var names []string
			var ops []func(int64) error
			for _, kd := range kinds {
				if got := len(journal.Contribution(kd.tx("X"))); got != kd.figures {
					b.Fatalf("%s: %d figures, want %d", kd.name, got, kd.figures)
				}
				names = append(names, kd.name)
				ops = append(ops, func(n int64) error {
					_, err := s.Post(ctx, "acme", kd.tx(fmt.Sprintf("INV-%d", n)))
					return err
				})
				if kd.figures > 1 {
					names = append(names, kd.name+"-arrays")
					ops = append(ops, func(n int64) error {
						_, err := before.Post(ctx, "acme", kd.tx(fmt.Sprintf("INV-%d", n)))
						return err
					})
				}
			}
			var n atomic.Int64
			took := make([]time.Duration, len(ops))
			b.ResetTimer()
			for done := 0; done < b.N; done += sliceOps {
				k := min(sliceOps, b.N-done)
				for i, op := range ops {
					took[i] += journaltest.TimeOps(b, writers, k, &n, op)
				}
			}
			journaltest.ReportKinds(b, "on", names, took, [][2]string{
				{"us", "none"}, {"on", "us"}, {"onb", "us"}, {"bc", "us"},
				{"on-arrays", "us"}, {"onb-arrays", "us"}, {"bc-arrays", "us"},
				{"on-arrays", "on"}, {"onb-arrays", "onb"}, {"bc-arrays", "bc"}})
		})
	}
}

// BenchmarkJournalFigureStatements times the statement that stores a
// post (the first version of an ID, its head, and the unit's figures,
// in one round trip) by itself, without the journal around it: kinds of
// statement alternate by slices of sliceOps in one run, on one
// connection at a time (one writer). none is the version and the head
// alone (insertFirstVersion); scalars-n the statement of n figures with
// scalar parameters, of the numbers of their groups (numberSetOf; n
// from 1 to smallFigures, what a post now sends);
// arrays-n the same figures through the statement of arrays, which
// stored every unit of two figures or more before the statements of
// scalars. The figures are a Canadian consumer's (CA, CA/consumers,
// CA-ON, CA-ON/consumers, the first n), each post into one of the
// figureParts parts of one day, so that most upserts update a row, as
// on a busy day. kind-ns/op is each kind's time per statement; x/y the
// ratio of their times.
//
// With -v it also logs what the server spends of it (logServerTimes):
// the planning and execution times that EXPLAIN ANALYZE reports for
// each kind's prepared statement (after ten executions, so that the
// plan is the one the server keeps) and the WAL it writes, and for two
// figures each form's plan with the time of each node. The rest of a
// statement's time is the round trip, the binding of the parameters
// (the decoding of the arrays), the commit and the driver's encoding.
func BenchmarkJournalFigureStatements(b *testing.B) {
	db := benchDB(b)
	ctx := context.Background()
	day := civil.MustParse("2026-03-14")
	areas := []string{"CA", "CA-ON", "CA-ON/consumers", "CA/consumers"}
	figs := func(n int) []journal.Figure {
		out := make([]journal.Figure, n)
		for i := range out {
			out[i] = journal.Figure{Day: day, Area: areas[i], Direct: journal.Tally{Gross: 10000, Taxable: 10000, Count: 1}}
		}
		return out
	}
	head := func(k int64) []any {
		return []any{"acme", fmt.Sprintf("INV-%d", k), 1, `{"transactionId":"x"}`, 1, false, "", "2026-03-14", "acme"}
	}
	type kind = serverStatement
	kinds := []kind{{"none", insertFirstVersion, func(k int64) []any { return head(k)[:8] }}}
	for n := 1; n <= smallFigures; n++ {
		nums := numberSetOf(figs(n))
		kinds = append(kinds, kind{fmt.Sprintf("scalars-%d", n), scalarFigureSQL(n, nums).first, func(k int64) []any {
			return append(head(k), figureScalars(int16(k%figureParts), figs(n), nums)...)
		}})
	}
	for _, n := range []int{1, 2, 4} {
		kinds = append(kinds, kind{fmt.Sprintf("arrays-%d", n), arrayFigureSQL.first, func(k int64) []any {
			return append(head(k), figureColumns(int16(k%figureParts), figs(n))...)
		}})
	}
	names := make([]string, len(kinds))
	ops := make([]func(int64) error, len(kinds))
	for i, kd := range kinds {
		names[i] = kd.name
		ops[i] = func(k int64) error {
			_, err := db.pool.Exec(ctx, kd.sql, kd.args(k)...)
			return err
		}
	}
	if testing.Verbose() {
		logServerTimes(b, db, kinds, "scalars-2", "arrays-2")
	}
	var n atomic.Int64
	n.Store(1 << 40) // clear of the IDs that logServerTimes used
	took := make([]time.Duration, len(kinds))
	b.ResetTimer()
	for done := 0; done < b.N; done += sliceOps {
		k := min(sliceOps, b.N-done)
		for i, op := range ops {
			took[i] += journaltest.TimeOps(b, 1, k, &n, op)
		}
	}
	journaltest.ReportKinds(b, "scalars-2", names, took, [][2]string{
		{"scalars-1", "none"}, {"scalars-2", "none"}, {"scalars-4", "none"},
		{"arrays-1", "scalars-1"}, {"arrays-2", "scalars-2"}, {"arrays-4", "scalars-4"}})
}

// serverStatement is a statement of BenchmarkJournalFigureStatements
// for logServerTimes: its kind, text and arguments for a number.
type serverStatement struct {
	name string
	sql  string
	args func(k int64) []any
}

// logServerTimes logs, for each statement, the median of the planning
// and execution times that EXPLAIN (ANALYZE, WAL) gives ten executions
// of it, prepared and run ten times first, and the WAL it writes; and
// the last plan of each statement named in plans.
func logServerTimes(b *testing.B, db *DB, statements []serverStatement, plans ...string) {
	b.Helper()
	ctx := context.Background()
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Release()
	k := int64(1 << 30)
	median := func(ms []float64) float64 {
		slices.Sort(ms)
		return ms[len(ms)/2]
	}
	for i, st := range statements {
		name := fmt.Sprintf("server_times_%d", i)
		if _, err := conn.Exec(ctx, "PREPARE "+name+" AS "+st.sql); err != nil {
			b.Fatal(err)
		}
		var plan, exec []float64
		var records, bytes int
		var last strings.Builder
		for i := range 20 {
			k++
			args := st.args(k)
			params := make([]string, len(args))
			for j := range args {
				params[j] = fmt.Sprintf("$%d", j+1)
			}
			// The simple protocol writes the arguments into the text as
			// literals: EXPLAIN takes no parameters of its own.
			rows, err := conn.Query(ctx, "EXPLAIN (ANALYZE, WAL, SUMMARY) EXECUTE "+name+"("+strings.Join(params, ", ")+")",
				append([]any{pgx.QueryExecModeSimpleProtocol}, args...)...)
			if err != nil {
				b.Fatal(err)
			}
			for rows.Next() {
				var line string
				if err := rows.Scan(&line); err != nil {
					b.Fatal(err)
				}
				last.WriteString(line + "\n")
				var ms float64
				switch {
				case i < 10:
				case strings.Contains(line, "WAL: ") && i == 19:
					// The plan's nodes, the WITH queries' included.
					for _, f := range strings.Fields(line) {
						var v int
						if fmtScan(f, "records=%d", &v) {
							records += v
						} else if fmtScan(f, "bytes=%d", &v) {
							bytes += v
						}
					}
				case fmtScan(line, "Planning Time: %f ms", &ms):
					plan = append(plan, ms)
				case fmtScan(line, "Execution Time: %f ms", &ms):
					exec = append(exec, ms)
				}
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				b.Fatal(err)
			}
			if i < 19 {
				last.Reset()
			}
		}
		b.Logf("%-10s planning %.3f ms, execution %.3f ms (medians of 10); WAL %d records, %d bytes", st.name, median(plan), median(exec), records, bytes)
		if slices.Contains(plans, st.name) {
			b.Logf("%s, the last plan:\n%s", st.name, last.String())
		}
	}
}

// fmtScan reports whether line is of format, its value read into v.
func fmtScan(line, format string, v any) bool {
	n, err := fmt.Sscanf(line, format, v)
	return err == nil && n == 1
}
