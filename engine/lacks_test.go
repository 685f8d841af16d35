package engine

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/levytax/levy"
	"github.com/levytax/levy/data"
)

// TestNewWarnsOfLackingFiles: an engine given a dataset folder that lacks
// comms.lvd (a folder of an older Levy, or one that lost the file) still
// calculates, as before, and says so once when it is built: a warning
// naming the file and what is off. It said nothing, and communications
// lines were flagged not-acted-on with no tax.
func TestNewWarnsOfLackingFiles(t *testing.T) {
	files, err := engineFiles()
	if err != nil {
		t.Fatal(err)
	}
	older := fstest.MapFS{}
	for name, f := range files {
		if name != "comms.lvd" {
			older[name] = f
		}
	}
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelWarn}))
	if _, err := New(context.Background(), WithDataset(data.Open(older, "older")), WithLogger(log)); err != nil {
		t.Fatalf("New with a folder lacking comms.lvd: %v", err)
	}
	out := buf.String()
	if strings.Count(out, "level=WARN") != 1 || !strings.Contains(out, "file=comms.lvd") || !strings.Contains(out, "not-acted-on") {
		t.Fatalf("log of New with a folder lacking comms.lvd:\n%s\nwant one warning naming comms.lvd and what is off", out)
	}

	buf.Reset()
	if _, err := New(context.Background(), WithDataset(data.Open(files, "full")), WithLogger(log)); err != nil {
		t.Fatal(err)
	}
	if buf.Len() != 0 {
		t.Errorf("log of New with a whole folder:\n%s\nwant no warning", buf.String())
	}
}

// TestDatasetLacks: Engine.DatasetLacks names the files that the dataset
// in use lacks, nothing for the embedded one; an Engine that New did not
// make is levy.EInvalid.
func TestDatasetLacks(t *testing.T) {
	files, err := engineFiles()
	if err != nil {
		t.Fatal(err)
	}
	older := fstest.MapFS{}
	for name, f := range files {
		if name != "intrastat.lvd" {
			older[name] = f
		}
	}
	e, err := New(context.Background(), WithDataset(data.Open(older, "older")))
	if err != nil {
		t.Fatal(err)
	}
	if lacks, err := e.DatasetLacks(); err != nil || len(lacks) != 1 || lacks[0].File != "intrastat.lvd" {
		t.Errorf("DatasetLacks() = %+v, %v; want intrastat.lvd", lacks, err)
	}
	if lacks, err := testEngine(t).DatasetLacks(); err != nil || lacks != nil {
		t.Errorf("DatasetLacks() of the embedded dataset = %+v, %v; want nil", lacks, err)
	}
	if lacks, err := (&Engine{}).DatasetLacks(); levy.ErrorCode(err) != levy.EInvalid || lacks != nil {
		t.Errorf("DatasetLacks() of an Engine that New did not make = %+v, %v; want %s", lacks, err, levy.EInvalid)
	}
}
