package data

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

// TestLacksNamesAbsentFiles: a folder given to Open that lacks comms.lvd
// or intrastat.lvd is still a dataset (one written by an older Levy), and
// Lacks names each absent file with what is off without it; the embedded
// dataset, and a folder with both, lack nothing.
func TestLacksNamesAbsentFiles(t *testing.T) {
	if lacks, err := Default().Lacks(); err != nil || lacks != nil {
		t.Fatalf("Default().Lacks() = %v, %v; want nil", lacks, err)
	}
	full := fstest.MapFS{}
	for name := range readers {
		full[name] = &fstest.MapFile{Data: embeddedFile(t, name)}
	}
	if lacks, err := Open(full, "full").Lacks(); err != nil || lacks != nil {
		t.Fatalf("a folder with every file: Lacks() = %v, %v; want nil", lacks, err)
	}
	older := fstest.MapFS{}
	for name, f := range full {
		if name != "comms.lvd" && name != "intrastat.lvd" {
			older[name] = f
		}
	}
	lacks, err := Open(older, "older").Lacks()
	if err != nil {
		t.Fatal(err)
	}
	if len(lacks) != 2 || lacks[0].File != "comms.lvd" || lacks[1].File != "intrastat.lvd" {
		t.Fatalf("Lacks() = %+v, want comms.lvd and intrastat.lvd", lacks)
	}
	for _, want := range []struct {
		i    int
		word string
	}{{0, "not-acted-on"}, {1, "Intrastat"}} {
		if !strings.Contains(lacks[want.i].Effect, want.word) {
			t.Errorf("the effect of lacking %s (%q) does not say %q", lacks[want.i].File, lacks[want.i].Effect, want.word)
		}
	}
	if _, err := Open(older, "older").Jurisdictions(); err != nil {
		t.Errorf("a folder lacking comms.lvd and intrastat.lvd: Jurisdictions: %v", err)
	}
}

// brokenFS fails every Open with an error other than a missing file.
type brokenFS struct{}

func (brokenFS) Open(string) (fs.File, error) { return nil, fs.ErrPermission }

// TestLacksReportsOtherErrors: a folder that cannot be read is not
// reported as lacking files; the error names the file.
func TestLacksReportsOtherErrors(t *testing.T) {
	_, err := Open(brokenFS{}, "broken").Lacks()
	if err == nil || !strings.Contains(err.Error(), "comms.lvd") {
		t.Fatalf("Lacks on an unreadable folder: %v, want an error naming comms.lvd", err)
	}
}
