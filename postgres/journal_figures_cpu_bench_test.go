package postgres

import (
	"context"
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/levytax/levy/internal/pgtest"
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
