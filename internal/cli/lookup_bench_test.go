package cli

import (
	"context"
	"io"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
	"github.com/levytax/levy/data/content"
	"github.com/levytax/levy/internal/contenttest"
	"github.com/levytax/levy/taxarea"
	"github.com/levytax/levy/wire"
)

// mnRates is Minnesota's committed SST rate file; its district 80004
// is the one the synthetic boundary rows name.
const mnRates = "../../data/content/testdata/sst/MNR2026Q2FEB18.csv"

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
	bounds, _ := contenttest.MNBoundary(b, b.TempDir(), 1_000_000)
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
