package postgres

import (
	"context"
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/internal/pgtest"
	"github.com/levytax/levy/journal"
)

// BenchmarkJournalPostFiguresCPU is BenchmarkJournalPostFigures measured
// in CPU time rather than in wall time, one writer on a pool of one
// connection: posts with figures (into a US state) and without (in no
// state) alternate by slices of sliceOps, and each slice's CPU time is
// the server's backend's (/proc/<pid>/schedstat of the connection's
// process, the test cluster running on this machine) and this process's
// (getrusage). On a machine shared with other work, a post's wall time
// is mostly its waits for a core, which fall on either kind at random;
// the CPU each kind takes is what keeping the figures costs. with-srv-
// and without-srv-ns/op are the server's per post, with-cli- and
// without-cli-ns/op the client's, cpu-ratio the sum's ratio of the
// first kind over the second, srv-ratio the server's alone and
// wall-ratio that of their wall times.
func BenchmarkJournalPostFiguresCPU(b *testing.B) {
	ctx := context.Background()
	db, pid := cpuBenchDB(ctx, b)
	s := db.Journal()
	var server, client [2]time.Duration
	var wall [2]time.Duration
	n := 0
	b.ResetTimer()
	for done := 0; done < b.N; done += sliceOps {
		for kind := range 2 {
			s0, _ := backendCPU(pid)
			c0, w0 := processCPU(), time.Now()
			for range min(sliceOps, b.N-done) {
				n++
				tx := posting(fmt.Sprintf("INV-%d", n), "SO-1")
				if kind == 1 {
					tx.Lines[0].Taxes[0].JurisdictionID = "06"
				}
				if _, err := s.Post(ctx, "acme", tx); err != nil {
					b.Fatal(err)
				}
			}
			s1, _ := backendCPU(pid)
			server[kind] += s1 - s0
			client[kind] += processCPU() - c0
			wall[kind] += time.Since(w0)
		}
	}
	b.StopTimer()
	per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(b.N) }
	b.ReportMetric(per(server[0]), "with-srv-ns/op")
	b.ReportMetric(per(server[1]), "without-srv-ns/op")
	b.ReportMetric(per(client[0]), "with-cli-ns/op")
	b.ReportMetric(per(client[1]), "without-cli-ns/op")
	b.ReportMetric(float64(server[0]+client[0])/float64(server[1]+client[1]), "cpu-ratio")
	b.ReportMetric(float64(server[0])/float64(server[1]), "srv-ratio")
	b.ReportMetric(float64(wall[0])/float64(wall[1]), "wall-ratio")
}

// backendCPU returns the CPU time that the server's process pid has
// run, the first field of its /proc/<pid>/schedstat.
func backendCPU(pid uint32) (time.Duration, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/schedstat", pid))
	if err != nil {
		return 0, fmt.Errorf("read the schedstat of the backend %d: %w", pid, err)
	}
	var ns int64
	if _, err := fmt.Sscan(string(data), &ns); err != nil {
		return 0, fmt.Errorf("parse the schedstat of the backend %d: %w", pid, err)
	}
	return time.Duration(ns), nil
}

// processCPU returns the CPU time, user and system, that this process
// has run.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkJournalFigureStatementsCPU times in CPU time, as
// BenchmarkJournalPostFiguresCPU does (the server's backend and this
// process), the statement that stores a post (the first version of an
// ID, its head and the unit's figures, in one round trip) by itself, on
// a pool of one connection: kinds of statement alternate by slices of
// sliceOps in one run. none is the version and the head alone
// (insertFirstVersion); sets-n the statement of n figures of a sale's
// numbers (a seller's own gross, taxable and count, the first of
// numberGroups), as a post sent it (scalarFigureSQL(n, numberSetOf)); every-n
// the same figures with every number, as Levy sent them before the
// statements of a set of numbers; deltas-n the insert of the same
// figures into journal_figure_deltas that a post sends now (deltaSQL),
// sets-n and every-n being the upserts of the rows that a post sent
// before and that a fold and ReplaceFigures still use. The figures are a Canadian
// consumer's (CA, CA/consumers, CA-ON, CA-ON/consumers, the first n),
// each post into the part of the one connection on one day, so that
// every upsert but the first updates a row, as on a busy day. kind-
// srv-ns/op and kind-cli-ns/op are each kind's per statement, x/y the
// ratio of the sums of their server's and client's times.
func BenchmarkJournalFigureStatementsCPU(b *testing.B) {
	ctx := context.Background()
	db, pid := cpuBenchDB(ctx, b)
	conn, err := db.pool.Acquire(ctx) // the pool's one connection, whose backend is pid
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Release()
	day := civil.MustParse("2026-03-14")
	areas := []string{"CA", "CA-ON", "CA-ON/consumers", "CA/consumers"}
	figs := func(n int) []journal.Figure {
		out := make([]journal.Figure, n)
		for i := range out {
			out[i] = journal.Figure{Day: day, Area: areas[i], Direct: journal.Tally{Gross: 10000, Taxable: 10000, Count: 1}}
		}
		return out
	}
	head := func(k int) []any {
		return []any{"acme", fmt.Sprintf("INV-%d", k), 1, `{"transactionId":"x"}`, 1, false, "", "2026-03-14", "acme"}
	}
	type kind struct {
		name string
		sql  string
		args func(k int) []any
	}
	kinds := []kind{{"none", insertFirstVersion, func(k int) []any { return head(k)[:8] }}}
	for _, n := range []int{1, 2, 4} {
		sale := numberSetOf(figs(n))
		if sale.count() != 4 {
			b.Fatalf("a sale's figures have %d numbers, want 4", sale.count())
		}
		for _, form := range []struct {
			name string
			nums numberSet
		}{{"sets", sale}, {"every", allNumbers}} {
			kinds = append(kinds, kind{fmt.Sprintf("%s-%d", form.name, n), scalarFigureSQL(n, form.nums).first, func(k int) []any {
				return append(head(k), figureScalars(0, figs(n), form.nums)...)
			}})
		}
		kinds = append(kinds, kind{fmt.Sprintf("deltas-%d", n), deltaSQL(n, smallFigures, sale).first, func(k int) []any {
			return append(head(k), figureScalars(0, figs(n), sale)...)
		}})
	}
	srv := make([]time.Duration, len(kinds))
	cli := make([]time.Duration, len(kinds))
	k := 0
	b.ResetTimer()
	for done := 0; done < b.N; done += sliceOps {
		for i, kd := range kinds {
			s0, _ := backendCPU(pid)
			c0 := processCPU()
			for range min(sliceOps, b.N-done) {
				k++
				if _, err := conn.Exec(ctx, kd.sql, kd.args(k)...); err != nil {
					b.Fatalf("%s: %v", kd.name, err)
				}
			}
			s1, _ := backendCPU(pid)
			srv[i] += s1 - s0
			cli[i] += processCPU() - c0
		}
	}
	b.StopTimer()
	per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(b.N) }
	at := make(map[string]int, len(kinds))
	for i, kd := range kinds {
		at[kd.name] = i
		b.ReportMetric(per(srv[i]), kd.name+"-srv-ns/op")
		b.ReportMetric(per(cli[i]), kd.name+"-cli-ns/op")
	}
	for _, r := range [][2]string{{"sets-1", "none"}, {"every-1", "none"}, {"every-1", "sets-1"}, {"every-2", "sets-2"}, {"every-4", "sets-4"},
		{"deltas-1", "none"}, {"sets-1", "deltas-1"}, {"sets-2", "deltas-2"}, {"sets-4", "deltas-4"}} {
		x, y := at[r[0]], at[r[1]]
		b.ReportMetric(float64(srv[x]+cli[x])/float64(srv[y]+cli[y]), r[0]+"/"+r[1])
	}
}

// cpuBenchDB opens a store of one connection, committing synchronously,
// in a schema of its own, and returns it with the process ID of that
// connection's backend, whose CPU time backendCPU reads.
func cpuBenchDB(ctx context.Context, b *testing.B) (*DB, uint32) {
	b.Helper()
	url := pgtest.AdminURL(b) + "&options=-c%20synchronous_commit%3Don"
	db, err := Open(ctx, url, WithMaxConns(1), WithSchema(fmt.Sprintf("b%d", schemas.Add(1))))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		b.Fatal(err)
	}
	pid := conn.Conn().PgConn().PID()
	conn.Release()
	if _, err := backendCPU(pid); err != nil {
		b.Fatalf("the server's CPU time: %v", err)
	}
	return db, pid
}

// BenchmarkJournalFigureFoldCPU measures in the server's CPU time (as
// BenchmarkJournalPostFiguresCPU does) what a fold (foldFigures) costs
// after units of one figure each, on one day and state, deltas-n the
// fold of n deltas: each operation posts n sales, which no fold takes
// meanwhile, then folds them, and only the fold is timed. fold-srv-ns/op
// is a fold's and srv-ns/delta its share of each delta it moved: a
// post pays that share on top of its own statement.
func BenchmarkJournalFigureFoldCPU(b *testing.B) {
	ctx := context.Background()
	for _, n := range []int{16, 256, 2048} {
		b.Run(fmt.Sprintf("deltas-%d", n), func(b *testing.B) {
			db, pid := cpuBenchDB(ctx, b)
			be := &journalBackend{db: db, unitsPerFold: 1 << 40, rowsPerFold: 1 << 40}
			s := journal.NewStore(be)
			var fold time.Duration
			k := 0
			for range b.N {
				for range n {
					k++
					if _, err := s.Post(ctx, "acme", posting(fmt.Sprintf("INV-%d", k), "SO-1")); err != nil {
						b.Fatal(err)
					}
				}
				s0, err := backendCPU(pid)
				if err != nil {
					b.Fatal(err)
				}
				if err := be.foldFigures(ctx); err != nil {
					b.Fatal(err)
				}
				s1, err := backendCPU(pid)
				if err != nil {
					b.Fatal(err)
				}
				fold += s1 - s0
			}
			b.ReportMetric(float64(fold.Nanoseconds())/float64(b.N), "fold-srv-ns/op")
			b.ReportMetric(float64(fold.Nanoseconds())/float64(b.N*n), "srv-ns/delta")
		})
	}
}
