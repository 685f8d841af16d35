package batch_test

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"

	"github.com/levytax/levy/batch"
)

// bigQuotes writes n quotations, a JSON line each, to the file in.jsonl
// of dir, and returns its path: quotation i has lines(i) line items.
func bigQuotes(t testing.TB, dir string, n int, linesOf func(int) int) string {
	t.Helper()
	var b strings.Builder
	for i := 1; i <= n; i++ {
		lines := linesOf(i)
		fmt.Fprintf(&b, `{"saleMessageType":"QUOTATION","transactionType":"SALE","transactionId":"Q-%d","documentDate":"2026-06-01",`+
			`"seller":{"physicalOrigin":{"postalCode":"98101","country":"US"}},"customer":{"destination":{"postalCode":"10118","country":"US"}},"lineItems":[`, i)
		for k := 1; k <= lines; k++ {
			if k > 1 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"lineItemNumber":%d,"extendedPrice":%d.%02d}`, k, 1+k%300, k%100)
		}
		b.WriteString("]}\n")
	}
	path := filepath.Join(dir, "in.jsonl")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// peakHeap samples the heap as a run goes, from its Progress hook: the
// largest live heap that a collection found, and the largest heap of
// objects (live and not yet collected) seen.
type peakHeap struct {
	samples    []metrics.Sample
	live, heap uint64
}

func newPeakHeap() *peakHeap {
	return &peakHeap{samples: []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}}}
}

func (p *peakHeap) sample() {
	metrics.Read(p.samples)
	p.live = max(p.live, p.samples[0].Value.Uint64())
	p.heap = max(p.heap, p.samples[1].Value.Uint64())
}

// report gives the peaks as the benchmark's metrics, in MiB.
func (p *peakHeap) report(b *testing.B) {
	b.ReportMetric(float64(p.live)/(1<<20), "peak-live-MiB")
	b.ReportMetric(float64(p.heap)/(1<<20), "peak-heap-MiB")
}

// BenchmarkRunMemory measures the heap of a run of large documents on
// several workers: 96 quotations of 1,000 line items (answers of 1.8
// MB), every sixteenth of 6,000 (a slow one, behind which the answers
// after it wait), on 8 workers, written to a File (whose groups wait for
// their mark) and to a plain writer, with Config.InFlight unbounded (as
// a run was before the bound: 64 documents a worker and groups of
// GroupSize held whatever their size), at its default and at 32 MiB.
// Its metrics are the peak live heap and the peak heap of objects
// during the run, in MiB, sampled at each document; each worker's
// document being calculated (several times its answer) is in them
// whatever the bound.
func BenchmarkRunMemory(b *testing.B) {
	e := newEngine(b)
	dir := b.TempDir()
	const docs = 96
	in := bigQuotes(b, dir, docs, func(i int) int {
		if i%16 == 1 {
			return 6000
		}
		return 1000
	})
	ctx := context.Background()
	for _, file := range []bool{true, false} {
		for _, bound := range []struct {
			name     string
			inFlight int
		}{{"unbounded", math.MaxInt}, {"default", 0}, {"32MiB", 32 << 20}} {
			name := map[bool]string{true: "file", false: "writer"}[file] + "/" + bound.name
			b.Run(name, func(b *testing.B) {
				peak := newPeakHeap()
				cfg := batch.Config{Engine: e, Perspective: batch.Sale, Workers: 8, InFlight: bound.inFlight,
					Progress: func(batch.Progress) { peak.sample() }}
				for i := 0; b.Loop(); i++ {
					runtime.GC()
					src, err := os.Open(in)
					if err != nil {
						b.Fatal(err)
					}
					out := filepath.Join(dir, fmt.Sprintf("out-%d.jsonl", i))
					var sum batch.Summary
					if file {
						f, err := batch.OpenFile(ctx, cfg, out, false)
						if err != nil {
							b.Fatal(err)
						}
						sum, err = f.Run(ctx, src)
						if err != nil {
							b.Fatal(err)
						}
					} else {
						sum, err = batch.Run(ctx, cfg, src, io.Discard)
						if err != nil {
							b.Fatal(err)
						}
					}
					src.Close()
					os.Remove(out)
					os.Remove(out + batch.CheckpointSuffix)
					if sum.Documents != docs || sum.Failed != 0 {
						b.Fatalf("run: %+v", sum)
					}
				}
				peak.report(b)
			})
		}
	}
}
