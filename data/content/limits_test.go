package content

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levytax/levy/civil"
	"github.com/levytax/levy/data"
)

// TestLoadRefusesOversizedFiles sends Load a content file one byte over
// MaxFileSize (sparse, so that the test writes nothing of it) and one
// with a line over MaxLines, each beside a good file, and checks that
// Load refuses them before parsing, naming the file, the line and the
// limit. Before, Load read any file whole into memory, whatever its
// size, and parsed every row.
func TestLoadRefusesOversizedFiles(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.csv")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxFileSize + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	long := filepath.Join(dir, "long.csv")
	// MaxLines empty lines, then a line with a row on it: 10 MB.
	if err := os.WriteFile(long, append(bytes.Repeat([]byte("\n"), MaxLines), "x\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join("testdata", "zip5-washington.csv")
	_, err = Load(context.Background(), data.Default(), Options{AsOf: civil.MustParse("2026-06-01")},
		Source{Path: good}, Source{Path: big, Format: FormatZIP5}, Source{Path: long, Format: FormatLevy})
	if err == nil {
		t.Fatal("Load read the oversized files")
	}
	for _, want := range []string{
		fmt.Sprintf("big.csv: the file is %d bytes or more; a content file has at most %d", MaxFileSize+1, MaxFileSize),
		fmt.Sprintf("long.csv:%d: the file has more than %d lines; a content file has at most %d", MaxLines+1, MaxLines, MaxLines),
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want it to say %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "washington") {
		t.Errorf("the good file is reported: %v", err)
	}
}

// TestReadFileAtTheLineLimit checks that a file of MaxLines lines, with
// or without a last line end and blank lines after it, is not refused
// for its length.
func TestReadFileAtTheLineLimit(t *testing.T) {
	dir := t.TempDir()
	lines := bytes.Repeat([]byte("\n"), MaxLines) // MaxLines line ends, 10 MB
	for name, body := range map[string][]byte{
		"ended.csv":   append(lines[:MaxLines-1:MaxLines-1], "x\n"...),
		"unended.csv": append(lines[:MaxLines-1:MaxLines-1], 'x'),
		"blank.csv":   append(lines[:MaxLines-1:MaxLines-1], "x\n\r\n\n"...),
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, body, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readFile(p, name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		os.Remove(p) // one file on disk at a time
	}
}

// TestLoadBoundsFaults sends Load a Levy CSV whose every one of 5,000
// rows names a state that does not exist, beside a good file, and checks
// that it keeps MaxFaults faults of it and one that says the rest are
// not listed, and that the message counts them so. Before, every fault
// was kept: two million faulty rows held 709 MB.
func TestLoadBoundsFaults(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("state,jurisdiction,type,name,code,rate,category,effective,expiration,where,source\n")
	for i := range 5000 {
		fmt.Fprintf(&b, "ZZ,US-ZZ-%d,CITY,Nowhere %d,%d,0.01,,2026-01-01,,zip:99999,test\n", i, i, i)
	}
	bad := filepath.Join(dir, "bad.csv")
	if err := os.WriteFile(bad, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Load(context.Background(), data.Default(), Options{AsOf: civil.MustParse("2026-06-01")},
		Source{Path: filepath.Join("testdata", "zip5-washington.csv")}, Source{Path: bad})
	var es Errors
	if !asErrors(err, &es) {
		t.Fatalf("Load gave %v, want the faults of bad.csv", err)
	}
	if len(es) != MaxFaults+1 {
		t.Errorf("%d faults kept, want %d and one that says the rest are not listed", len(es), MaxFaults+1)
	}
	last := es[len(es)-1]
	if want := fmt.Sprintf("bad.csv:%d: more than %d faults in the file", MaxFaults+2, MaxFaults); !strings.Contains(last.Error(), want) {
		t.Errorf("last fault %q, want it to say %q", last.Error(), want)
	}
	msg := err.Error()
	for _, want := range []string{fmt.Sprintf("more than %d faults in content:", MaxFaults), "bad.csv:2: column state",
		fmt.Sprintf("and %d more (a file stops being listed at %d faults)", MaxFaults-maxReported, MaxFaults)} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %.300q..., want it to say %q", msg, want)
		}
	}
}
