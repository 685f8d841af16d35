package batch_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/levytax/levy"
	"github.com/levytax/levy/badger"
	"github.com/levytax/levy/batch"
	"github.com/levytax/levy/internal/batchtest"
	"github.com/levytax/levy/journal"
)

// BenchmarkResumeCheckpointReads weighs what a journaled run reads for
// its checkpoints, the number of each transaction ID's latest version
// before its group is stored, against the run itself: "run" is a
// journaled File run of 2,048 documents into a new Badger journal, and
// "latest-new" and "latest-stored" the reads of the run's IDs alone
// (journal.LatestVersions, a group of IDs at a time, as the run does), in
// a journal that holds none of them (a first run) and one that holds
// each once (the same file run again). The ratio of each to "run" is
// the share of the run they take.
func BenchmarkResumeCheckpointReads(b *testing.B) {
	dir := b.TempDir()
	e := newEngine(b)
	in, ids := batchtest.InvoiceFile(b, dir, 2048)
	ctx := context.Background()
	// run runs the file into the journal in jdir; the journal's opening
	// and closing are not timed.
	run := func(b *testing.B, jdir, out string) {
		b.StopTimer()
		j, err := badger.OpenJournal(ctx, jdir)
		if err != nil {
			b.Fatal(err)
		}
		defer func() {
			b.StopTimer()
			j.Close()
			b.StartTimer()
		}()
		b.StartTimer()
		src, err := os.Open(in)
		if err != nil {
			b.Fatal(err)
		}
		defer src.Close()
		f, err := batch.OpenFile(ctx, batch.Config{Engine: e, Perspective: batch.Sale, Journal: j}, out, false)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := f.Run(ctx, src); err != nil {
			b.Fatal(err)
		}
	}
	read := func(b *testing.B, jdir string) {
		j, err := badger.OpenJournal(ctx, jdir)
		if err != nil {
			b.Fatal(err)
		}
		defer j.Close()
		for b.Loop() {
			for group := range slices.Chunk(ids, batch.GroupSize) {
				if _, err := journal.LatestVersions(ctx, j, levy.DefaultTenant, group); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	b.Run("run", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			jdir := filepath.Join(dir, fmt.Sprintf("run-%d", i))
			run(b, jdir, jdir+".jsonl")
		}
	})
	b.Run("latest-new", func(b *testing.B) { read(b, filepath.Join(dir, "empty")) })
	stored := filepath.Join(dir, "stored")
	run(b, stored, stored+".jsonl")
	b.Run("latest-stored", func(b *testing.B) { read(b, stored) })
}
