package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/taxarea"
	"github.com/levytax/levy/wire"
)

// mnRates is Minnesota's committed SST rate file; its district 80004
// is the one the synthetic boundary rows name.
const mnRates = "../../data/content/testdata/sst/MNR2026Q2FEB18.csv"

// writeMNBoundary writes, in dir, an SST boundary file of Minnesota of n
// ZIP+4 ranges spread over the state's ZIP codes of the dataset: "4"
// records of 89 fields, each range in Hennepin County (053), every other
// one in Minneapolis (43000), all in district 80004. It returns the path.
func writeMNBoundary(tb testing.TB, dir string, n int) string {
	tb.Helper()
	pc, err := data.Default().Postal()
	if err != nil {
		tb.Fatal(err)
	}
	var zips []string
	for _, z := range pc.All() {
		if z.State == "MN" {
			zips = append(zips, z.Code)
		}
	}
	per := (n + len(zips) - 1) / len(zips)
	width := 10000 / per
	if len(zips) == 0 || width == 0 {
		tb.Fatalf("%d ranges over %d ZIP codes of Minnesota", n, len(zips))
	}
	p := filepath.Join(dir, "MNB-synthetic.csv")
	f, err := os.Create(p)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriter(f)
	commas := func(k int) {
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
		w.WriteString("4,20170101,29991231") // fields 1 to 3
		commas(14)                           // fields 4 to 17 empty
		fmt.Fprintf(w, ",%s,%04d,%s,%04d,,27,27,053,%s", zip, lo, zip, lo+width-1, place)
		commas(3)
		w.WriteString(",ST,80004,63")
		commas(89 - 32)
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	return p
}

// BenchmarkLookupWithSSTBoundary runs levy lookup address --content with
// Minnesota's SST rate file and a boundary file of a million ZIP+4 ranges
// (142.5 MB), then times its steps alone: the load of the files, the
// overlay laid over the dataset, and the resolver built and asked for an
// address of Minneapolis. A CPU profile of one step shows where the time
// of the command goes.
func BenchmarkLookupWithSSTBoundary(b *testing.B) {
	ds := data.Default()
	if _, err := ds.Local(); err != nil {
		b.Fatal(err)
	}
	bounds := writeMNBoundary(b, b.TempDir(), 1_000_000)
	ctx := context.Background()
	asOf := civil.New(2018, 6, 1)
	b.Run("command", func(b *testing.B) {
		for range b.N {
			if code := run(ctx, []string{"lookup", "address", "--city", "Minneapolis", "--state", "MN", "--zip", "55401",
				"--as-of", "2018-06-01", "--content-date", "2018-06-01", "--content", mnRates, "--content", bounds},
				io.Discard, io.Discard); code != 0 {
				b.Fatalf("levy lookup exited %d", code)
			}
		}
	})
	load := func(b *testing.B) *data.Overlay {
		o, err := content.Load(ctx, ds, content.Options{AsOf: asOf}, content.Source{Path: mnRates}, content.Source{Path: bounds})
		if err != nil {
			b.Fatal(err)
		}
		return o
	}
	b.Run("load", func(b *testing.B) {
		for range b.N {
			load(b)
		}
	})
	o := load(b)
	overlay := func(b *testing.B) *data.Dataset {
		with, err := ds.WithOverlay(o)
		if err != nil {
			b.Fatal(err)
		}
		return with
	}
	b.Run("overlay", func(b *testing.B) {
		for range b.N {
			overlay(b)
		}
	})
	with := overlay(b)
	b.Run("lookup", func(b *testing.B) {
		for range b.N {
			r, err := taxarea.New(ctx, with)
			if err != nil {
				b.Fatal(err)
			}
			res, err := r.LookupAddress(ctx, wire.AddressLookupRequest{AsOfDate: asOf,
				PostalAddress: wire.PostalAddress{City: "Minneapolis", MainDivision: "MN", PostalCode: "55401"}})
			if err != nil {
				b.Fatal(err)
			}
			if len(res.LookupResults) == 0 {
				b.Fatal("no tax area for Minneapolis 55401")
			}
		}
	})
}
