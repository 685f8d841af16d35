// Package contenttest writes the synthetic content files that the tests
// and benchmarks of package content and of levy lookup share: a
// Streamlined Sales Tax boundary file of Minnesota as large as asked, and
// any file written through a buffer (WriteFile).
package contenttest

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/levytax/levy/data"
)

// MNBoundary writes, in dir, a Streamlined Sales Tax boundary file of
// Minnesota of n ZIP+4 ranges ("4" records of 89 fields, as the Board's
// files lay them out) over the state's ZIP codes of the dataset: each
// range in Hennepin County (053), every other one in Minneapolis
// (43000), all in district 80004 of Minnesota's committed rate file
// (data/content/testdata/sst/MNR2026Q2FEB18.csv). It returns the file's
// path and size.
func MNBoundary(tb testing.TB, dir string, n int) (string, int64) {
	tb.Helper()
	zips := ZIPsOf(tb, "MN")
	per := (n + len(zips) - 1) / len(zips) // ranges of each ZIP code
	width := 10000 / per
	if width == 0 {
		tb.Fatalf("%d ranges do not fit in %d ZIP codes", n, len(zips))
	}
	p := filepath.Join(dir, "MNB-synthetic.csv")
	size := WriteFile(tb, p, func(w *bufio.Writer) {
		empty := func(k int) {
			for range k {
				w.WriteByte(',')
			}
		}
		for i := range n {
			zip, lo := zips[(i/per)%len(zips)], (i%per)*width
			place := ""
			if i%2 == 0 {
				place = "43000"
			}
			// Fields 0 to 2, 14 empty, 17 to 25, 3 empty, 29 to 31, then
			// empty fields to the 89th.
			w.WriteString("4,20170101,29991231")
			empty(14)
			fmt.Fprintf(w, ",%s,%04d,%s,%04d,,27,27,053,%s", zip, lo, zip, lo+width-1, place)
			empty(3)
			w.WriteString(",ST,80004,63")
			empty(89 - 32)
			w.WriteByte('\n')
		}
	})
	return p, size
}

// ZIPsOf returns the ZIP codes of a state in the embedded dataset, in
// its order; a state without any ends the test.
func ZIPsOf(tb testing.TB, state string) []string {
	tb.Helper()
	pc, err := data.Default().Postal()
	if err != nil {
		tb.Fatal(err)
	}
	var zips []string
	for _, z := range pc.All() {
		if z.State == state {
			zips = append(zips, z.Code)
		}
	}
	if len(zips) == 0 {
		tb.Fatalf("the dataset has no ZIP code of %s", state)
	}
	return zips
}

// WriteFile creates the file at path, has fill write it through a
// buffer, and returns its size; a failure ends the test.
func WriteFile(tb testing.TB, path string, fill func(w *bufio.Writer)) int64 {
	tb.Helper()
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fill(w)
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	st, err := f.Stat()
	if err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	return st.Size()
}

// DatasetFiles reads the files of the dataset in dir (../data/files from
// a package beside data) into memory, so that a test or benchmark can
// open a fresh data.Dataset over them, with nothing decoded yet, without
// reading the disk again.
func DatasetFiles(dir string) (fstest.MapFS, error) {
	disk := os.DirFS(dir)
	names, err := fs.Glob(disk, "*.lvd")
	if err != nil {
		return nil, err
	}
	out := fstest.MapFS{}
	for _, n := range names {
		b, err := fs.ReadFile(disk, n)
		if err != nil {
			return nil, fmt.Errorf("dataset file %s: %w", n, err)
		}
		out[n] = &fstest.MapFile{Data: b, Mode: 0o444}
	}
	return out, nil
}
