package content

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/internal/contenttest"
)

// writeSyntheticMN writes, in dir, a Streamlined Sales Tax boundary file
// of Minnesota of n ZIP+4 ranges (contenttest.MNBoundary) and returns the
// paths of the committed rate file and of the boundary file, and the
// boundary file's size.
func writeSyntheticMN(tb testing.TB, dir string, n int) (rates, bounds string, size int64) {
	bounds, size = contenttest.MNBoundary(tb, dir, n)
	return filepath.Join(sstDir, "MNR2026Q2FEB18.csv"), bounds, size
}

// writeSyntheticLevy writes, in dir, a Levy CSV of n rows that each name
// a county Texas does not have (US-48999): rows CSV reads and the
// builder refuses, the faults of which stop being kept at MaxFaults.
func writeSyntheticLevy(tb testing.TB, dir string, n int) (string, int64) {
	tb.Helper()
	p := filepath.Join(dir, "levy-synthetic.csv")
	size := contenttest.WriteFile(tb, p, func(w *bufio.Writer) {
		w.WriteString("state,jurisdiction,type,name,code,rate,category,effective,expiration,where,source\n")
		for i := range n {
			fmt.Fprintf(w, "TX,US-48999,COUNTY,Nowhere County,%d,0.01,general,2026-01-01,,county:48999,synthetic\n", i)
		}
	})
	return p, size
}

// peakHeap samples the bytes of live and unswept heap objects until stop
// is called, which returns the largest sample in MB. It is a measure for
// benchmarks, never an assertion.
func peakHeap() (stop func() float64) {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var (
		mu   sync.Mutex
		peak uint64
		done = make(chan struct{})
		wg   sync.WaitGroup
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(s)
			mu.Lock()
			peak = max(peak, s[0].Value.Uint64())
			mu.Unlock()
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() float64 {
		close(done)
		wg.Wait()
		return float64(peak) / 1e6
	}
}

// BenchmarkLoadSSTBoundary loads Minnesota's committed SST rate file with
// a synthetic boundary file of a million ZIP+4 ranges (142.5 MB), and
// reports the file's size and the peak of the heap while it loads.
func BenchmarkLoadSSTBoundary(b *testing.B) {
	ds := data.Default()
	if _, err := ds.Postal(); err != nil {
		b.Fatal(err)
	}
	rates, bounds, size := writeSyntheticMN(b, b.TempDir(), 1_000_000)
	b.ResetTimer()
	var peak float64
	for range b.N {
		stop := peakHeap()
		o, err := Load(context.Background(), ds, Options{AsOf: civil.New(2018, 6, 1)}, Source{Path: rates}, Source{Path: bounds})
		peak = max(peak, stop())
		if err != nil {
			b.Fatal(err)
		}
		if len(o.Local.ZIPAreas) < 1_000_000 {
			b.Fatalf("%d ZIP ranges loaded", len(o.Local.ZIPAreas))
		}
	}
	b.ReportMetric(peak, "peak-heap-MB")
	b.ReportMetric(float64(size)/1e6, "file-MB")
}

// BenchmarkLoadLevyCSVRefused loads a Levy CSV of a million rows that
// name a county Texas does not have, and reports the file's size and the
// peak of the heap while Load reads and refuses it.
func BenchmarkLoadLevyCSVRefused(b *testing.B) {
	ds := data.Default()
	if _, err := ds.Postal(); err != nil {
		b.Fatal(err)
	}
	p, size := writeSyntheticLevy(b, b.TempDir(), 1_000_000)
	b.ResetTimer()
	var peak float64
	for range b.N {
		stop := peakHeap()
		_, err := Load(context.Background(), ds, Options{AsOf: civil.New(2026, 6, 1)}, Source{Path: p})
		peak = max(peak, stop())
		if err == nil {
			b.Fatal("Load took a county Texas does not have")
		}
	}
	b.ReportMetric(peak, "peak-heap-MB")
	b.ReportMetric(float64(size)/1e6, "file-MB")
}

// writeSyntheticLevyZIP writes, in dir, a Levy CSV of Texas by ZIP code
// of n rows: row i gives district i/2 (so every district's rate comes
// twice, the second time as the same period, which is one) over the
// ZIP+4 range i/3 of the state's ZIP codes of the dataset (so most ranges
// have two districts), and every 25th row also the whole ZIP code of its
// range. When faulty, every 1,000th row gives its district another rate
// over the same period, which overlaps. It returns the file's path.
func writeSyntheticLevyZIP(tb testing.TB, dir string, n int, faulty bool) string {
	tb.Helper()
	zips := contenttest.ZIPsOf(tb, "TX")
	ranges := n/3 + 1
	per := (ranges + len(zips) - 1) / len(zips) // ranges of each ZIP code
	width := 10000 / per
	if width == 0 {
		tb.Fatalf("%d ranges do not fit in %d ZIP codes", ranges, len(zips))
	}
	p := filepath.Join(dir, "levy-zip-synthetic.csv")
	contenttest.WriteFile(tb, p, func(w *bufio.Writer) {
		w.WriteString("state,jurisdiction,type,name,code,rate,category,effective,expiration,where,source\n")
		for i := range n {
			d, r := i/2, i/3
			zip, lo := zips[r/per], (r%per)*width
			rate := fmt.Sprintf("0.00%d", 1+d%9)
			if faulty && i%1000 == 999 {
				rate = "0.0123"
			}
			where := fmt.Sprintf("zip4:%s-%04d-%04d", zip, lo, lo+width-1)
			if i%25 == 0 {
				where += " zip:" + zip
			}
			fmt.Fprintf(w, "TX,US-TX-DSYN%d,TRANSIT_DISTRICT,Synthetic District %d,,%s,general,2026-01-01,,%s,synthetic\n", d, d, rate, where)
		}
	})
	return p
}

// BenchmarkLoadLevyZIP loads Levy CSVs of Texas by ZIP code of 10,000
// and 50,000 rows (half as many districts, a third as many ZIP+4
// ranges): the time a row takes should not grow with the file.
func BenchmarkLoadLevyZIP(b *testing.B) {
	ds := data.Default()
	if _, err := ds.Postal(); err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{10_000, 50_000} {
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			p := writeSyntheticLevyZIP(b, b.TempDir(), n, false)
			b.ResetTimer()
			for range b.N {
				o, err := Load(context.Background(), ds, Options{AsOf: civil.New(2026, 6, 1)}, Source{Path: p})
				if err != nil {
					b.Fatal(err)
				}
				if len(o.Rates) < n/2 {
					b.Fatalf("%d rates loaded", len(o.Rates))
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/row")
		})
	}
}

// writeSyntheticFranchise writes, in dir, a franchise table of n fees:
// fee i is of area i/4, named "Fee" or "fee" by turns for areas of
// even number (so that its fees overlap, ignoring case, and are refused
// when faulty) and "Fee i" otherwise, each of its own year. It returns
// the file's path.
func writeSyntheticFranchise(tb testing.TB, dir, name string, n int, faulty bool) string {
	tb.Helper()
	var b []byte
	b = append(b, "franchise_area_id,name,jurisdiction,basis,rate,amount,effective,expiration\n"...)
	for i := range n {
		area, fee, year := i/4, fmt.Sprintf("Fee %d", i), 2000+i%4
		if faulty && area%2 == 0 {
			fee = []string{"Fee", "fee"}[i%2]
			year = 2000
		}
		b = fmt.Appendf(b, "AREA-%d,%s,,revenue,5%%,,%d-01-01,%d-12-31\n", area, fee, year, year)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		tb.Fatal(err)
	}
	return p
}

// BenchmarkReadFranchise reads franchise tables of 10,000 and 40,000
// fees: the time a fee takes should not grow with the table.
func BenchmarkReadFranchise(b *testing.B) {
	for _, n := range []int{10_000, 40_000} {
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			p := writeSyntheticFranchise(b, b.TempDir(), "franchise.csv", n, false)
			b.ResetTimer()
			for range b.N {
				f, err := os.Open(p)
				if err != nil {
					b.Fatal(err)
				}
				fees, err := ReadFranchise("franchise.csv", f, nil)
				f.Close()
				if err != nil || len(fees) != n {
					b.Fatalf("%d fees, %v", len(fees), err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/row")
		})
	}
}
