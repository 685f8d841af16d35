//go:build unix

package content

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
)

// TestSSTBoundaryReadRowByRow loads a synthetic SST boundary file of
// 200,000 ZIP+4 ranges (28.5 MB) and checks that Load allocates less than
// 2 KB a range in all, the overlay it returns included. Before, the
// reader held the file as bytes, then as a string, split it into lines
// and each line into fields, and kept 168 bytes a row with the strings
// of the file's text: 3.7 KB a range.
func TestSSTBoundaryReadRowByRow(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 28.5 MB file")
	}
	ds := data.Default()
	if _, err := ds.Local(); err != nil {
		t.Fatal(err)
	}
	const ranges = 200_000
	rates, bounds, size := writeSyntheticMN(t, t.TempDir(), ranges)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	o, err := Load(context.Background(), ds, Options{AsOf: civil.New(2018, 6, 1)}, Source{Path: rates}, Source{Path: bounds})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Local.ZIPAreas) != ranges {
		t.Fatalf("%d ZIP ranges loaded, want %d", len(o.Local.ZIPAreas), ranges)
	}
	perRange := float64(after.TotalAlloc-before.TotalAlloc) / ranges
	t.Logf("file %d bytes, %.0f bytes allocated a range", size, perRange)
	if perRange > 2000 {
		t.Errorf("Load allocated %.0f bytes a range of a %d-byte boundary file, want less than 2000", perRange, size)
	}
}

// TestLevyRowsNotHeld loads a Levy CSV of 100,000 rows that CSV reads
// well and that each name a county Texas does not have (8.8 MB), and
// checks that Load allocates less than 1,000 bytes a row beyond what it
// allocates for a file of one such row. Before, ReadLevyCSV returned
// every row before any was added to the content: 2,000 bytes a row, the
// rows held until the file was read.
func TestLevyRowsNotHeld(t *testing.T) {
	ds := data.Default()
	if _, err := ds.Local(); err != nil {
		t.Fatal(err)
	}
	const rows = 100_000
	alloc := func(n int) uint64 {
		p, _ := writeSyntheticLevy(t, t.TempDir(), n)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := Load(context.Background(), ds, Options{AsOf: civil.New(2026, 6, 1)}, Source{Path: p})
		runtime.ReadMemStats(&after)
		var es Errors
		if !errors.As(err, &es) || len(es) != min(n, MaxFaults+1) || es[0].Line != 2 || es[0].Column != "jurisdiction" {
			t.Fatalf("got %v, want the faults of every row, listed up to MaxFaults", err)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	base := alloc(1)
	perRow := float64(alloc(rows)-base) / (rows - 1)
	t.Logf("%.0f bytes allocated a row", perRow)
	if perRow > 1000 {
		t.Errorf("Load allocated %.0f bytes a row of a Levy CSV, want less than 1000", perRow)
	}
}

// TestLevyFaultsKeepTheirOrder loads a Levy CSV row by row whose second
// row is read well but names a county Texas does not have, and whose
// third has a rate that is no rate: the file's own faults are listed
// first, then those of its rows against the dataset, as when every row
// was read before any was added.
func TestLevyFaultsKeepTheirOrder(t *testing.T) {
	p := filepath.Join(t.TempDir(), "order.csv")
	text := "state,jurisdiction,type,name,rate,where\n" +
		"TX,US-48999,,,0.01,county:48999\n" +
		"TX,US-TX,,,0.0625x,\n"
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(context.Background(), data.Default(), Options{}, Source{Path: p})
	var es Errors
	if !errors.As(err, &es) || len(es) != 2 {
		t.Fatalf("got %v, want two faults", err)
	}
	if es[0].Line != 3 || es[0].Column != "rate" || es[1].Line != 2 || es[1].Column != "jurisdiction" {
		t.Errorf("faults %v, %v; want line 3's rate, then line 2's jurisdiction", es[0], es[1])
	}
}

// TestLoadFromPipes loads Minnesota's SST files and a Levy CSV through
// named pipes, which cannot be read twice and so are held in memory
// within the bounds, and checks that the overlay is the one the files
// give when read from disk.
func TestLoadFromPipes(t *testing.T) {
	dir := t.TempDir()
	ds := data.Default()
	opts := Options{AsOf: civil.New(2018, 6, 1)}
	files := []string{filepath.Join(sstDir, "MNR2026Q2FEB18.csv"), filepath.Join(sstDir, "MNB2026Q2FEB18-sample.csv"), filepath.Join("testdata", "levy-texas.csv")}
	var onDisk, piped []Source
	for _, f := range files {
		onDisk = append(onDisk, Source{Path: f})
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, filepath.Base(f))
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Skipf("no named pipes here: %v", err)
		}
		piped = append(piped, Source{Path: p})
		go func() {
			w, err := os.OpenFile(p, os.O_WRONLY, 0)
			if err != nil {
				t.Error(err)
				return
			}
			defer w.Close()
			w.Write(raw)
		}()
	}
	want, err := Load(context.Background(), ds, opts, onDisk...)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Load(context.Background(), ds, opts, piped...)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Error("the content read through pipes differs from the files read from disk")
	}
}

// TestLineLimitRuneAcrossReads writes files of MaxLines lines followed
// by a no-break space (U+00A0, two bytes) that straddles two of the
// reads that count the lines: alone it is white space and the file is
// not refused; followed by a letter, line MaxLines+1 holds something and
// the file is refused.
func TestLineLimitRuneAcrossReads(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 10 MB file")
	}
	const chunk = 64 << 10
	// The rune starts on the last byte of a read.
	pad := ((chunk-1-MaxLines)%chunk + chunk) % chunk
	body := append(bytes.Repeat([]byte("a"), pad), bytes.Repeat([]byte("\n"), MaxLines)...)
	p := filepath.Join(t.TempDir(), "limit.csv")
	for _, c := range []struct {
		tail    string
		refused bool
	}{{"\u00a0", false}, {"\u00a0x", true}} {
		if err := os.WriteFile(p, append(body[:len(body):len(body)], c.tail...), 0o644); err != nil {
			t.Fatal(err)
		}
		cf, err := readFile(p, "limit.csv")
		if err == nil {
			cf.Close()
		}
		if refused := err != nil; refused != c.refused || refused && !strings.Contains(err.Error(), "more than 10000000 lines") {
			t.Errorf("tail %q: %v, want refused %v", c.tail, err, c.refused)
		}
	}
}

// TestReadLevyCSVPastMaxFaults reads a Levy CSV of 1,100 rows without
// a state: past MaxFaults faults no row may be returned as good. Before,
// a row's faults were told by the faults kept growing, which they stop
// doing past MaxFaults, and the rows from the 502nd on (two faults each)
// came back without their state.
func TestReadLevyCSVPastMaxFaults(t *testing.T) {
	var b strings.Builder
	b.WriteString("state,jurisdiction,rate\n")
	for range 1100 {
		b.WriteString(",US-TX,0.01\n")
	}
	rows, err := ReadLevyCSV("stateless.csv", strings.NewReader(b.String()))
	var es Errors
	if !errors.As(err, &es) || len(es) != MaxFaults+1 {
		t.Fatalf("got %v, want MaxFaults faults and one that says the rest are not listed", err)
	}
	if len(rows) != 0 {
		t.Errorf("%d rows returned, the first %+v; want none", len(rows), rows[0])
	}
}
